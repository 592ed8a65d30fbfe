import { and, asc, eq, sql } from "drizzle-orm";
import { classLevels, type ClassLevel } from "../../../lib/contract/classes-values";
import {
  NO_CLASS,
  NO_LGEA,
  parityOf,
  type EnrolmentByArm,
  type EnrolmentByClassType,
  type EnrolmentByLevel,
  type EnrolmentBySchool,
  type EnrolmentStatistics,
  type GenderCount,
  type StatisticsFilters,
} from "../../../lib/contract/statistics";
import type { Reader } from "../../db/client";
import { classType, enrolmentTally, lgea, school, schoolClass } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { boysCounted, enrolledPupils, girlsCounted, schoolConditions } from "./filters";
import { choicesOf, type StatisticsMoment } from "./reach";

const zero = (): GenderCount => ({ male: 0, female: 0, total: 0 });
function add(into: GenderCount, count: { male: number; female: number }) {
  into.male += count.male;
  into.female += count.female;
  into.total += count.male + count.female;
}
const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

/** The schools the filters keep, in the scope, with their LGEA: every one is listed, with no pupils if it has none. */
export async function filteredSchools(db: Reader, scope: StaffScope, filters: StatisticsFilters) {
  return db
    .select({ id: school.id, name: school.name, category: school.category, lgeaId: school.lgeaId, lgea: lgea.name })
    .from(school)
    .leftJoin(lgea, eq(lgea.id, school.lgeaId))
    .where(and(within(scope, school), schoolConditions(filters)))
    .orderBy(asc(sql`lower(${school.name})`));
}

/**
 * Enrolment (issue: statistics): the enrolled pupils' counts grouped by school and class type in the
 * database (one row per pair), then summed here by school, LGEA, class type and level, so every table adds
 * up to the same totals.
 */
export async function enrolmentStatistics(db: Reader, scope: StaffScope, filters: StatisticsFilters, at: StatisticsMoment): Promise<EnrolmentStatistics> {
  const oneSchool = scope.level === "school" ? scope.organizationId : filters.schoolId || null;
  const [schools, types, groups, arms, choices] = await Promise.all([
    filteredSchools(db, scope, filters),
    db
      .select({ id: classType.id, name: classType.name, level: classType.level, position: classType.position })
      .from(classType)
      .where(within(scope, classType))
      .orderBy(classType.position),
    db
      .select({ schoolId: enrolmentTally.schoolId, classTypeId: schoolClass.classTypeId, male: boysCounted, female: girlsCounted })
      .from(enrolmentTally)
      .leftJoin(schoolClass, eq(schoolClass.id, enrolmentTally.classId))
      .leftJoin(classType, eq(classType.id, schoolClass.classTypeId))
      .where(and(within(scope, enrolmentTally), enrolledPupils(scope, filters, at.end)))
      .groupBy(enrolmentTally.schoolId, schoolClass.classTypeId),
    oneSchool ? armsOf(db, scope, filters, at.end, oneSchool) : Promise.resolve(null),
    choicesOf(db, scope),
  ]);

  const totals = zero();
  const perSchool = new Map<string, EnrolmentBySchool>(
    schools.map((s) => [s.id, { schoolId: s.id, school: s.name, lgea: s.lgea ?? NO_LGEA, category: s.category, ...zero() }]),
  );
  const lgeaOfSchool = new Map(schools.map((s) => [s.id, s.lgeaId ?? ""]));
  const perLgea = new Map<string, { lgeaId: string | null; lgea: string } & GenderCount>();
  for (const s of schools) {
    const key = s.lgeaId ?? "";
    if (!perLgea.has(key)) perLgea.set(key, { lgeaId: s.lgeaId, lgea: s.lgea ?? NO_LGEA, ...zero() });
  }
  const typeById = new Map(types.map((t) => [t.id, t]));
  const perType = new Map<string, EnrolmentByClassType & { position: number }>();
  const perLevel = new Map<ClassLevel | null, GenderCount>();
  for (const g of groups) {
    const at = perSchool.get(g.schoolId);
    if (!at) continue; // a school the scope reaches but another filter left out: its pupils are left out too
    add(totals, g);
    add(at, g);
    const lg = perLgea.get(lgeaOfSchool.get(g.schoolId) ?? "");
    if (lg) add(lg, g);
    const type = g.classTypeId ? typeById.get(g.classTypeId) : undefined;
    const typeKey = type?.id ?? "";
    const row = perType.get(typeKey) ?? { classType: type?.name ?? NO_CLASS, level: type?.level ?? null, position: type?.position ?? Infinity, ...zero() };
    add(row, g);
    perType.set(typeKey, row);
    const level = type?.level ?? null;
    const levelRow = perLevel.get(level) ?? zero();
    add(levelRow, g);
    perLevel.set(level, levelRow);
  }

  const levelOrder = (l: ClassLevel | null) => (l === null ? classLevels.length : classLevels.indexOf(l));
  return {
    session: at.session,
    currentSession: at.current,
    choices,
    computedAt: new Date().toISOString(),
    reach: at.reach,
    totals,
    bySchool: [...perSchool.values()],
    byLgea: [...perLgea.values()]
      .sort((a, b) => (a.lgeaId === null ? 1 : b.lgeaId === null ? -1 : byName(a.lgea, b.lgea)))
      .map((r) => ({ ...r, parity: parityOf(r) })),
    byClassType: [...perType.values()].sort((a, b) => a.position - b.position).map(({ position: _position, ...r }) => r),
    byLevel: [...perLevel.entries()]
      .sort(([a], [b]) => levelOrder(a) - levelOrder(b))
      .map(([level, count]): EnrolmentByLevel => ({ level, ...count, parity: parityOf(count) })),
    byArm: arms?.map((a) => ({ ...a, school: oneSchool ? (perSchool.get(oneSchool)?.school ?? "") : "" })) ?? null,
  };
}

/** One school's class arms, every one listed (with no pupils if it has none), and its pupils without a class; the school's name is filled in by the caller. */
async function armsOf(db: Reader, scope: StaffScope, filters: StatisticsFilters, end: string, schoolId: string): Promise<EnrolmentByArm[]> {
  const [classes, counts] = await Promise.all([
    db
      .select({ id: schoolClass.id, name: schoolClass.name, arm: schoolClass.arm, classType: classType.name })
      .from(schoolClass)
      .innerJoin(classType, eq(classType.id, schoolClass.classTypeId))
      .where(and(within(scope, schoolClass), eq(schoolClass.schoolId, schoolId), filters.level ? eq(classType.level, filters.level) : undefined))
      .orderBy(classType.position, schoolClass.arm),
    db
      .select({ classId: enrolmentTally.classId, male: boysCounted, female: girlsCounted })
      .from(enrolmentTally)
      .leftJoin(schoolClass, eq(schoolClass.id, enrolmentTally.classId))
      .leftJoin(classType, eq(classType.id, schoolClass.classTypeId))
      .where(and(within(scope, enrolmentTally), enrolledPupils(scope, filters, end), eq(enrolmentTally.schoolId, schoolId)))
      .groupBy(enrolmentTally.classId),
  ]);
  const countOf = new Map(counts.map((c) => [c.classId ?? "", c]));
  const rows: EnrolmentByArm[] = classes.map((k) => {
    const row = { schoolId, school: "", classId: k.id, className: k.name, classType: k.classType, arm: k.arm, ...zero() };
    add(row, countOf.get(k.id) ?? { male: 0, female: 0 });
    return row;
  });
  const unplaced = countOf.get("");
  if (unplaced) {
    const row = { schoolId, school: "", classId: null, className: NO_CLASS, classType: NO_CLASS, arm: "", ...zero() };
    add(row, unplaced);
    rows.push(row);
  }
  return rows;
}
