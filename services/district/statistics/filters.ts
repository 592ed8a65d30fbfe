import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { levelsOfCategory, type ClassLevel } from "../../../lib/contract/classes-values";
import type { SchoolCategory } from "../../../lib/contract/schools-values";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { StatisticsFilters } from "../../../lib/contract/statistics";
import { classType, school, student } from "../../db/schema";
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
 * A row (by its school column) at one of the schools `conditions` keep, within the scope. Written as `= any(array(…))`,
 * not `in (select …)`: the schools are found once and the array becomes a condition of the scan itself, which an index
 * leading with the school can answer for those schools alone; `in (select …)` is a join, for which the database read
 * every row of the district and then joined each to the schools, so an LGEA's figures cost more than the district's.
 */
export function atSchools(scope: StaffScope, schoolColumn: PgColumn, conditions: SQL | undefined): SQL {
  return sql`${schoolColumn} = any(array(select ${school.id} from ${school} where ${and(within(scope, school), conditions)}))`;
}

/** A school-owned row (by its school column) of a school the filters keep, within the scope. */
export function atFilteredSchools(scope: StaffScope, filters: StatisticsFilters, schoolColumn: PgColumn): SQL | undefined {
  const conditions = schoolConditions(filters);
  return conditions ? atSchools(scope, schoolColumn, conditions) : undefined;
}

/**
 * Enrolled pupils of the session as the filters keep them: status Enrolled, admitted by the session's last
 * day, at the filtered schools, of the filtered gender; the level filter keeps pupils whose class is of that
 * level (and so leaves out pupils without a class). The caller adds `within(scope, student)` beside it, so
 * that every query shows its scope where it is written.
 */
export function enrolledPupils(scope: StaffScope, filters: StatisticsFilters, sessionEnd: string): SQL | undefined {
  return and(
    eq(student.enrolmentStatus, "Enrolled"),
    sql`${student.dateOfAdmission} <= ${sessionEnd}`,
    atFilteredSchools(scope, filters, student.schoolId),
    filters.gender ? eq(student.gender, filters.gender) : undefined,
    filters.level ? eq(classType.level, filters.level) : undefined,
  );
}
