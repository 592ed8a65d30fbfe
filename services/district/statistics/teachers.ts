import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_PUPIL_TEACHER_THRESHOLD,
  DISTRICT_OFFICE,
  NO_LGEA,
  NO_SPECIALISATION,
  ratioOf,
  type GenderCount,
  type StaffCount,
  type StatisticsFilters,
  type TeacherStatistics,
  type TeachersByLgea,
  type TeachersBySchool,
} from "../../../lib/contract/statistics";
import type { ClassLevel } from "../../../lib/contract/classes-values";
import type { SchoolCategory } from "../../../lib/contract/schools-values";
import type { Reader } from "../../db/client";
import { enrolmentTally, lgea, staff } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { atSchools, categoriesOfLevel, enrolledPupils, pupilsCounted, staffSchoolConditions } from "./filters";
import { filteredSchools } from "./enrolment";
import type { StatisticsMoment } from "./reach";

const zero = (): GenderCount => ({ male: 0, female: 0, total: 0 });
const zeroStaff = (): StaffCount => ({ teaching: zero(), nonTeaching: zero() });
/** Adds a group of staff (its total includes those whose gender is not recorded). */
function add(into: StaffCount, g: { teaching: boolean; male: number; female: number; total: number }) {
  const part = g.teaching ? into.teaching : into.nonTeaching;
  part.male += g.male;
  part.female += g.female;
  part.total += g.total;
}

/** A staff row is of teaching staff (the grouping column of every staff figure). */
export const teaching = sql<boolean>`${staff.staffType} = 'Teaching'`;

/**
 * Staff posted in reach: below the district, those posted at its schools (or its LGEA office), not the caller
 * whose own record the scope always reaches; super administrators are never counted. The school filters keep
 * staff posted at those schools (and, for an LGEA, its office).
 */
export function postedStaff(scope: StaffScope, filters: StatisticsFilters): SQL | undefined {
  const kept = and(eq(staff.isSuperAdmin, false), filters.gender ? eq(staff.gender, filters.gender) : undefined);
  const schoolFiltered = Boolean(filters.schoolId || filters.category || filters.level);
  if (scope.level === "district" && !schoolFiltered && !filters.lgeaId) return kept;
  const atFiltered = atSchools(scope, staff.schoolId, staffSchoolConditions(filters));
  // An LGEA office's staff belong to the LGEA's figures, not to any school's, category's or level's.
  const office = schoolFiltered || scope.level === "school" ? undefined : (scope.level === "lgea" ? scope.organizationId : filters.lgeaId) || undefined;
  const atOffice = office ? and(isNull(staff.schoolId), eq(staff.lgeaId, office), filters.lgeaId ? eq(staff.lgeaId, filters.lgeaId) : undefined) : undefined;
  return and(kept, atOffice ? or(atFiltered, atOffice) : atFiltered);
}

/**
 * Teachers (issue: statistics): staff by posting, type and gender, by area of specialisation, and the
 * pupil–teacher ratio per school and LGEA, schools above the threshold first.
 */
export async function teacherStatistics(
  db: Reader,
  scope: StaffScope,
  filters: StatisticsFilters,
  at: StatisticsMoment,
  threshold = DEFAULT_PUPIL_TEACHER_THRESHOLD,
): Promise<TeacherStatistics> {
  // Staff in one pass, grouped two ways at once: by posting, type and gender (the postings of the gender filtered,
  // and the teachers of the ratio of every gender), and by area of specialisation, type and gender.
  const [schools, staffGroups, offices, pupils] = await Promise.all([
    // The schools of the level (by their category), as the staff are kept.
    filteredSchools(db, scope, filters).then((rows) =>
      filters.level ? rows.filter((s) => categoriesOfLevel(filters.level as ClassLevel).includes(s.category as SchoolCategory)) : rows,
    ),
    db
      .select({
        byArea: sql<boolean>`grouping(${staff.areaOfSpecialization}) = 0`,
        schoolId: staff.schoolId,
        lgeaId: staff.lgeaId,
        area: staff.areaOfSpecialization,
        teaching,
        gender: staff.gender,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(staff)
      .where(and(within(scope, staff), postedStaff(scope, { ...filters, gender: "" })))
      .groupBy(
        sql`grouping sets ((${staff.schoolId}, ${staff.lgeaId}, ${teaching}, ${staff.gender}), (${staff.areaOfSpecialization}, ${teaching}, ${staff.gender}))`,
      ),
    db.select({ id: lgea.id, name: lgea.name }).from(lgea).where(within(scope, lgea)),
    // The ratio counts every enrolled pupil and every teacher of the school, whatever the gender filter.
    db
      .select({ schoolId: enrolmentTally.schoolId, n: pupilsCounted })
      .from(enrolmentTally)
      .where(and(within(scope, enrolmentTally), enrolledPupils(scope, { ...filters, gender: "", level: "" }, at.end)))
      .groupBy(enrolmentTally.schoolId),
  ]);
  const postingsAt = new Map<string, { schoolId: string | null; lgeaId: string | null; teaching: boolean; male: number; female: number; total: number }>();
  const teachersAt = new Map<string, number>();
  const groups = staffGroups.filter((g) => !g.byArea);
  for (const g of groups) {
    if (g.teaching) teachersAt.set(g.schoolId ?? "", (teachersAt.get(g.schoolId ?? "") ?? 0) + g.n);
    if (filters.gender && g.gender !== filters.gender) continue;
    const key = `${g.schoolId ?? ""}|${g.lgeaId ?? ""}|${g.teaching}`;
    const row = postingsAt.get(key) ?? { schoolId: g.schoolId, lgeaId: g.lgeaId, teaching: g.teaching, male: 0, female: 0, total: 0 };
    if (g.gender === "Male") row.male += g.n;
    if (g.gender === "Female") row.female += g.n;
    row.total += g.n;
    postingsAt.set(key, row);
  }
  const postings = [...postingsAt.values()];

  const totals = zeroStaff();
  const pupilsAt = new Map(pupils.map((p) => [p.schoolId, p.n]));
  const lgeaName = new Map(offices.map((o) => [o.id, o.name]));
  const perSchool = new Map<string, Omit<TeachersBySchool, "ratio">>(
    schools.map((s) => [s.id, { schoolId: s.id, school: s.name, lgea: s.lgea ?? NO_LGEA, category: s.category, ...zeroStaff() }]),
  );
  const perLgea = new Map<string, Omit<TeachersByLgea, "ratio"> & { pupils: number; teachers: number }>();
  const lgeaRow = (id: string | null, name: string) => {
    const key = id ?? name;
    const row = perLgea.get(key) ?? { lgeaId: id, lgea: name, pupils: 0, teachers: 0, ...zeroStaff() };
    perLgea.set(key, row);
    return row;
  };
  for (const s of schools) {
    const row = lgeaRow(s.lgeaId, s.lgea ?? NO_LGEA);
    row.pupils += pupilsAt.get(s.id) ?? 0;
    row.teachers += teachersAt.get(s.id) ?? 0;
  }
  const schoolLgea = new Map(schools.map((s) => [s.id, s]));
  for (const g of postings) {
    add(totals, g);
    const at = g.schoolId ? perSchool.get(g.schoolId) : undefined;
    if (at) add(at, g);
    const s = g.schoolId ? schoolLgea.get(g.schoolId) : undefined;
    if (s) add(lgeaRow(s.lgeaId, s.lgea ?? NO_LGEA), g);
    else if (!g.schoolId && g.lgeaId) add(lgeaRow(g.lgeaId, lgeaName.get(g.lgeaId) ?? NO_LGEA), g);
    else if (!g.schoolId) add(lgeaRow(null, DISTRICT_OFFICE), g);
  }
  const bySchool = [...perSchool.values()].map((s) => ({ ...s, ratio: ratioOf(pupilsAt.get(s.schoolId) ?? 0, teachersAt.get(s.schoolId) ?? 0, threshold) }));
  bySchool.sort((a, b) => Number(b.ratio.aboveThreshold) - Number(a.ratio.aboveThreshold) || (b.ratio.value ?? -1) - (a.ratio.value ?? -1));
  const perArea = new Map<string, StaffCount & { area: string }>();
  for (const g of staffGroups) {
    if (!g.byArea || (filters.gender && g.gender !== filters.gender)) continue;
    const name = g.area?.trim() || NO_SPECIALISATION;
    const row = perArea.get(name) ?? { area: name, ...zeroStaff() };
    add(row, { teaching: g.teaching, male: g.gender === "Male" ? g.n : 0, female: g.gender === "Female" ? g.n : 0, total: g.n });
    perArea.set(name, row);
  }
  return {
    session: at.session,
    computedAt: new Date().toISOString(),
    reach: at.reach,
    threshold,
    totals,
    bySchool,
    byLgea: [...perLgea.values()]
      .sort((a, b) => a.lgea.localeCompare(b.lgea, "en", { sensitivity: "base" }))
      .map(({ pupils: p, teachers: t, ...row }) => ({ ...row, ratio: ratioOf(p, t, threshold) })),
    bySpecialisation: [...perArea.values()].sort((a, b) => b.teaching.total + b.nonTeaching.total - (a.teaching.total + a.nonTeaching.total)),
  };
}
