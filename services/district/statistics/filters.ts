import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { levelsOfCategory, type ClassLevel } from "../../../lib/contract/classes-values";
import type { SchoolCategory } from "../../../lib/contract/schools-values";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { StatisticsFilters } from "../../../lib/contract/statistics";
import { classType, enrolmentTally, school } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";

/** The school filters (LGEA, category, one school) on the school table; undefined when none is set. */
export function schoolConditions(filters: StatisticsFilters): SQL | undefined {
  return and(
    filters.lgeaId ? eq(school.lgeaId, filters.lgeaId) : undefined,
    filters.category ? eq(school.category, filters.category) : undefined,
    filters.schoolId ? eq(school.id, filters.schoolId) : undefined,
  );
}

/** The school categories that teach at a level (a primary school may have a nursery section). */
export const categoriesOfLevel = (level: ClassLevel): SchoolCategory[] =>
  (Object.keys(levelsOfCategory) as SchoolCategory[]).filter((category) => levelsOfCategory[category].includes(level));

/**
 * The school filters as staff figures read them: a staff member's level is that of the school they are posted to,
 * the levels its category teaches, so the level filter keeps the schools of a category teaching at that level.
 */
export function staffSchoolConditions(filters: StatisticsFilters): SQL | undefined {
  return and(schoolConditions(filters), filters.level ? inArray(school.category, categoriesOfLevel(filters.level)) : undefined);
}

/**
 * A row (by its school column) at one of the schools `conditions` keep, within the scope. Written as `in (select …)`:
 * the schools are found once and held in a hash, so each row is checked in one step; `= any(array(…))` checked each
 * row against every school in turn, which for an LGEA of 500 schools made its teachers cost more than the district's
 * (measured: 134 ms against 75 for one pass over 50,000 staff on the embedded database).
 */
export function atSchools(scope: StaffScope, schoolColumn: PgColumn, conditions: SQL | undefined): SQL {
  return sql`${schoolColumn} in (select ${school.id} from ${school} where ${and(within(scope, school), conditions)})`;
}

/** A school-owned row (by its school column) of a school the filters keep, within the scope. */
export function atFilteredSchools(scope: StaffScope, filters: StatisticsFilters, schoolColumn: PgColumn): SQL | undefined {
  const conditions = schoolConditions(filters);
  return conditions ? atSchools(scope, schoolColumn, conditions) : undefined;
}

/**
 * Enrolled pupils of the session as the filters keep them, read from their counts (`enrolmentTally`, kept from the
 * register by the database): status Enrolled, admitted by the session's last day, at the filtered schools, of the
 * filtered gender; the level filter keeps pupils whose class is of that level (and so leaves out pupils without a
 * class: join the class and its type). The caller adds `within(scope, enrolmentTally)` beside it, so that every query
 * shows its scope where it is written. Sum `pupils`; never count rows.
 */
export function enrolledPupils(scope: StaffScope, filters: StatisticsFilters, sessionEnd: string): SQL | undefined {
  return and(
    sql`${enrolmentTally.admittedBy} <= ${sessionEnd}`,
    atFilteredSchools(scope, filters, enrolmentTally.schoolId),
    filters.gender ? eq(enrolmentTally.gender, filters.gender) : undefined,
    filters.level ? eq(classType.level, filters.level) : undefined,
  );
}

/** The pupils a group of counts holds: of either gender, boys, or girls. */
export const pupilsCounted = sql<number>`sum(${enrolmentTally.pupils})`.mapWith(Number);
export const boysCounted = sql<number>`coalesce(sum(${enrolmentTally.pupils}) filter (where ${enrolmentTally.gender} = 'Male'), 0)`.mapWith(Number);
export const girlsCounted = sql<number>`coalesce(sum(${enrolmentTally.pupils}) filter (where ${enrolmentTally.gender} = 'Female'), 0)`.mapWith(Number);
