import { and, eq, sql } from "drizzle-orm";
import { NO_LGEA, type ClassArmLoad, type ClassStatistics, type StatisticsFilters } from "../../../lib/contract/statistics";
import type { Reader } from "../../db/client";
import { classType, enrolmentTally, lgea, school, schoolClass } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { atFilteredSchools, enrolledPupils, pupilsCounted } from "./filters";
import type { StatisticsMoment } from "./reach";

/**
 * Classes (issue: statistics): every class arm's enrolled pupils against its capacity. The over-capacity arms
 * of the whole reach are listed, most over first; every arm is listed for one school (its reach or the school filter).
 * The gender filter does not apply: a class is full whoever fills it.
 */
export async function classStatistics(db: Reader, scope: StaffScope, filters: StatisticsFilters, at: StatisticsMoment): Promise<ClassStatistics> {
  const oneSchool = scope.level === "school" ? scope.organizationId : filters.schoolId || null;
  const pupils = db
    .select({ classId: enrolmentTally.classId, n: pupilsCounted.as("n") })
    .from(enrolmentTally)
    .leftJoin(schoolClass, eq(schoolClass.id, enrolmentTally.classId))
    .leftJoin(classType, eq(classType.id, schoolClass.classTypeId))
    .where(and(within(scope, enrolmentTally), enrolledPupils(scope, { ...filters, gender: "" }, at.end), sql`${enrolmentTally.classId} is not null`))
    .groupBy(enrolmentTally.classId)
    .as("pupils");
  const rows = await db
    .select({
      classId: schoolClass.id,
      className: schoolClass.name,
      schoolId: school.id,
      school: school.name,
      lgea: lgea.name,
      capacity: schoolClass.capacity,
      pupils: sql<number>`coalesce(${pupils.n}, 0)`.mapWith(Number),
    })
    .from(schoolClass)
    .innerJoin(classType, eq(classType.id, schoolClass.classTypeId))
    .innerJoin(school, eq(school.id, schoolClass.schoolId))
    .leftJoin(lgea, eq(lgea.id, school.lgeaId))
    .leftJoin(pupils, eq(pupils.classId, schoolClass.id))
    .where(
      and(within(scope, schoolClass), atFilteredSchools(scope, filters, schoolClass.schoolId), filters.level ? eq(classType.level, filters.level) : undefined),
    )
    .orderBy(classType.position, schoolClass.name);
  const arms: ClassArmLoad[] = rows.map((r) => ({ ...r, lgea: r.lgea ?? NO_LGEA, over: Math.max(0, r.pupils - r.capacity) }));
  return {
    session: at.session,
    computedAt: new Date().toISOString(),
    reach: at.reach,
    arms: arms.length,
    seats: arms.reduce((sum, a) => sum + a.capacity, 0),
    pupils: arms.reduce((sum, a) => sum + a.pupils, 0),
    overCapacity: arms.filter((a) => a.over > 0).sort((a, b) => b.over - a.over || a.school.localeCompare(b.school)),
    byArm: oneSchool ? arms.filter((a) => a.schoolId === oneSchool) : null,
  };
}
