import { and, asc, eq, sql } from "drizzle-orm";
import { type ClassLevel, classLevels } from "../../../lib/contract/classes-values";
import {
  parityOf,
  ratioOf,
  type SnapshotLevelCount,
  type StatisticsFilters,
  type TrendFigures,
  type TrendFilterNotFollowed,
  type TrendStatistics,
} from "../../../lib/contract/statistics";
import type { Db, Reader } from "../../db/client";
import { classType, district, enrolmentTally, lgea, school, schoolClass, staff, statisticsSnapshot } from "../../db/schema";
import { recordAudit } from "../../db/audit";
import { within, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";
import { enrolledPupils, pupilsCounted } from "./filters";
import type { StatisticsMoment } from "./reach";
import { postedStaff, teaching } from "./teachers";

/** One place's headline figures, as a snapshot row keeps them. */
export type PlaceFigures = Omit<typeof statisticsSnapshot.$inferInsert, "id" | "districtId" | "academicSession" | "takenAt" | "takenBy">;

const noFilters: StatisticsFilters = {};
const count = sql<number>`count(*)`.mapWith(Number);

const blank = (row: Pick<PlaceFigures, "place" | "placeKey" | "lgeaId" | "schoolId" | "name">): PlaceFigures => ({
  ...row,
  pupilsMale: 0,
  pupilsFemale: 0,
  byLevel: [],
  teachingMale: 0,
  teachingFemale: 0,
  teachingTotal: 0,
  nonTeachingTotal: 0,
  ratioTeachers: 0,
});

/** Adds a group of enrolled pupils (of one level and gender) to a place's figures. */
function addPupils(row: PlaceFigures, g: { level: ClassLevel | null; gender: string; n: number }) {
  const levels = row.byLevel as SnapshotLevelCount[];
  let level = levels.find((l) => l.level === (g.level ?? null));
  if (!level) levels.push((level = { level: g.level ?? null, male: 0, female: 0 }));
  if (g.gender === "Male") {
    row.pupilsMale += g.n;
    level.male += g.n;
  } else if (g.gender === "Female") {
    row.pupilsFemale += g.n;
    level.female += g.n;
  }
}

/** Adds a group of posted staff to a place's figures; `atSchool`: posted at a school (a teacher of the ratio), not an office. */
function addStaff(row: PlaceFigures, g: { teaching: boolean; gender: string | null; atSchool: boolean; n: number }) {
  if (!g.teaching) {
    row.nonTeachingTotal += g.n;
    return;
  }
  row.teachingTotal += g.n;
  if (g.gender === "Male") row.teachingMale += g.n;
  if (g.gender === "Female") row.teachingFemale += g.n;
  if (g.atSchool) row.ratioTeachers += g.n;
}

const levelOrder = (l: ClassLevel | null) => (l === null ? classLevels.length : classLevels.indexOf(l));
const sortLevels = (row: PlaceFigures) => (row.byLevel as SnapshotLevelCount[]).sort((a, b) => levelOrder(a.level) - levelOrder(b.level));

/** Enrolled pupils by level and gender, and by `by` (a school, say) as well where given: one group per row. */
const pupilGroups = (db: Reader, scope: StaffScope, end: string, by?: typeof enrolmentTally.schoolId) =>
  db
    .select({ schoolId: by ?? sql<null>`null`, level: classType.level, gender: enrolmentTally.gender, n: pupilsCounted })
    .from(enrolmentTally)
    .leftJoin(schoolClass, eq(schoolClass.id, enrolmentTally.classId))
    .leftJoin(classType, eq(classType.id, schoolClass.classTypeId))
    .where(and(within(scope, enrolmentTally), enrolledPupils(scope, noFilters, end)))
    .groupBy(...(by ? [by] : []), classType.level, enrolmentTally.gender);

/**
 * The headline figures of every place in reach for a session ending on `end`: the district (at district level),
 * each LGEA (above the school level) and each school. Pupils and staff are grouped once in the database by school,
 * as the enrolment and teacher figures are, and summed here by place.
 */
export async function placeFigures(db: Reader, scope: StaffScope, end: string): Promise<PlaceFigures[]> {
  const [districts, lgeas, schools, pupils, posted] = await Promise.all([
    db
      .select({ name: district.name })
      .from(district)
      .where(and(eq(district.id, scope.districtId), within(scope, district))),
    db
      .select({ id: lgea.id, name: lgea.name })
      .from(lgea)
      .where(within(scope, lgea))
      .orderBy(asc(sql`lower(${lgea.name})`)),
    db
      .select({ id: school.id, name: school.name, lgeaId: school.lgeaId })
      .from(school)
      .where(within(scope, school))
      .orderBy(asc(sql`lower(${school.name})`)),
    pupilGroups(db, scope, end, enrolmentTally.schoolId),
    db
      .select({ schoolId: staff.schoolId, lgeaId: staff.lgeaId, teaching, gender: staff.gender, n: count })
      .from(staff)
      .where(and(within(scope, staff), postedStaff(scope, noFilters)))
      .groupBy(staff.schoolId, staff.lgeaId, teaching, staff.gender),
  ]);

  const places = new Map<string, PlaceFigures>();
  if (scope.level === "district")
    places.set("district", blank({ place: "district", placeKey: "district", lgeaId: null, schoolId: null, name: districts[0]?.name ?? "" }));
  if (scope.level !== "school") for (const l of lgeas) places.set(l.id, blank({ place: "lgea", placeKey: l.id, lgeaId: l.id, schoolId: null, name: l.name }));
  for (const s of schools) places.set(s.id, blank({ place: "school", placeKey: s.id, lgeaId: s.lgeaId, schoolId: s.id, name: s.name }));
  const lgeaOfSchool = new Map(schools.map((s) => [s.id, s.lgeaId]));
  /** The district's row, the LGEA's and the school's that a group of a school (or an LGEA office) counts in. */
  const rowsOf = (schoolId: string | null, officeLgea: string | null) => {
    const lgeaId = schoolId ? lgeaOfSchool.get(schoolId) : officeLgea;
    if (schoolId && !lgeaOfSchool.has(schoolId)) return [];
    return [places.get("district"), lgeaId ? places.get(lgeaId) : undefined, schoolId ? places.get(schoolId) : undefined].filter((r) => r !== undefined);
  };
  for (const g of pupils) for (const row of rowsOf(g.schoolId, null)) addPupils(row, g);
  for (const g of posted) for (const row of rowsOf(g.schoolId, g.schoolId ? null : g.lgeaId)) addStaff(row, { ...g, atSchool: g.schoolId !== null });
  for (const row of places.values()) sortLevels(row);
  return [...places.values()];
}

/**
 * The figures of the reach alone (the district, one LGEA or one school), as `placeFigures` gives its row, without
 * the rows of the places within it: the groups need no school, so the trends of a whole district read a few dozen
 * groups rather than one per school. The place's name is left empty.
 */
export async function reachFigures(db: Reader, scope: StaffScope, end: string): Promise<PlaceFigures> {
  const atSchool = sql<boolean>`${staff.schoolId} is not null`;
  const [pupils, posted] = await Promise.all([
    pupilGroups(db, scope, end),
    db
      .select({ teaching, gender: staff.gender, atSchool, n: count })
      .from(staff)
      .where(and(within(scope, staff), postedStaff(scope, noFilters)))
      .groupBy(teaching, staff.gender, atSchool),
  ]);
  const key = scope.level === "district" ? "district" : scope.organizationId;
  const row = blank({ place: scope.level, placeKey: key, lgeaId: null, schoolId: null, name: "" });
  for (const g of pupils) addPupils(row, g);
  for (const g of posted) addStaff(row, g);
  sortLevels(row);
  return row;
}

/**
 * The current session's snapshot for the whole district, taken by `takenBy`: taking it again replaces it, in one
 * transaction under the district's advisory lock, so the session has one snapshot, the latest (a snapshot of an
 * earlier session is never retaken, since its registers have moved on). Returns how many places it holds and whether
 * one was replaced.
 */
export async function takeSnapshot(db: Db, scope: StaffScope, session: string, end: string, takenBy: string) {
  return db.transaction((tx) => snapshotIn(tx, scope, session, end, takenBy));
}

/** `takeSnapshot` in the caller's transaction: the session's end, taken as the district moves on to the next session. */
export async function snapshotIn(tx: Pick<Db, "select" | "delete" | "insert" | "execute">, scope: StaffScope, session: string, end: string, takenBy: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`statistics_snapshot:${scope.districtId}`}))`);
  const rows = await placeFigures(tx, scope, end);
  const removed = await tx
    .delete(statisticsSnapshot)
    .where(and(within(scope, statisticsSnapshot), eq(statisticsSnapshot.districtId, scope.districtId), eq(statisticsSnapshot.academicSession, session)))
    .returning({ id: statisticsSnapshot.id });
  const takenAt = new Date();
  if (rows.length)
    await tx.insert(statisticsSnapshot).values(rows.map((r) => ({ ...r, districtId: scope.districtId, academicSession: session, takenAt, takenBy })));
  const taken = { session, takenAt: takenAt.toISOString(), places: rows.length, replaced: removed.length > 0 };
  // Filed under the district: the figures of every place in it were taken (or taken again).
  await recordAudit(tx, { staffId: takenBy }, "statistics.snapshot", { id: scope.districtId, districtId: scope.districtId }, null, taken);
  return taken;
}

/** The place the trends are for: the reach, or the LGEA or school the filters name within it (404 outside it). */
async function placeOf(db: Reader, scope: StaffScope, filters: StatisticsFilters) {
  const schoolId = scope.level === "school" ? scope.organizationId : filters.schoolId || null;
  if (schoolId) {
    const [row] = await db
      .select({ name: school.name })
      .from(school)
      .where(and(eq(school.id, schoolId), within(scope, school)));
    if (!row) throw notFound();
    return { level: "school" as const, key: schoolId, name: row.name, scope: { ...scope, level: "school" as const, organizationId: schoolId } };
  }
  const lgeaId = scope.level === "lgea" ? scope.organizationId : filters.lgeaId || null;
  if (lgeaId) {
    const [row] = await db
      .select({ name: lgea.name })
      .from(lgea)
      .where(and(eq(lgea.id, lgeaId), within(scope, lgea)));
    if (!row) throw notFound();
    return { level: "lgea" as const, key: lgeaId, name: row.name, scope: { ...scope, level: "lgea" as const, organizationId: lgeaId } };
  }
  return { level: "district" as const, key: "district", name: "", scope };
}

/** The filters set that a snapshot's rows cannot follow, or only in part (the LGEA and school choose the place). */
export function notFollowedBy(filters: StatisticsFilters): TrendFilterNotFollowed[] {
  return (["session", "category", "level", "gender"] as const).filter((key) => Boolean(filters[key]));
}

type Shown = { filters: StatisticsFilters; threshold: number };

/**
 * A place's figures as the trends show them: totals, parity and the pupil–teacher ratio computed from the counts kept,
 * narrowed as far as the row keeps them: the level to its pupils of that level, the gender to its pupils and teaching
 * staff of that gender (non-teaching staff are kept as one number: null). Live rows and snapshots alike, so a session's
 * row reads the same before and after its snapshot. The ratio counts every pupil and teacher, as the teacher figures do.
 */
function figuresOf(row: PlaceFigures, session: string, live: boolean, takenAt: string, takenBy: string | null, { filters, threshold }: Shown): TrendFigures {
  const of = <T extends { male: number; female: number }>(c: T) => ({
    male: filters.gender === "Female" ? 0 : c.male,
    female: filters.gender === "Male" ? 0 : c.female,
  });
  const levels = (row.byLevel as SnapshotLevelCount[])
    .filter((l) => !filters.level || l.level === filters.level)
    .map((l) => ({ level: l.level, ...of(l) }))
    .filter((l) => !filters.gender || l.male + l.female > 0);
  const counted = filters.level
    ? levels.reduce((n, l) => ({ male: n.male + l.male, female: n.female + l.female }), { male: 0, female: 0 })
    : of({ male: row.pupilsMale, female: row.pupilsFemale });
  const pupils = { ...counted, total: counted.male + counted.female };
  const teaching = of({ male: row.teachingMale, female: row.teachingFemale });
  return {
    session,
    live,
    takenAt,
    takenBy,
    pupils,
    parity: parityOf(pupils),
    byLevel: levels.map((l) => ({ ...l, total: l.male + l.female, parity: parityOf(l) })),
    teaching: filters.gender ? { ...teaching, total: teaching.male + teaching.female } : { ...teaching, total: row.teachingTotal },
    nonTeaching: filters.gender ? null : row.nonTeachingTotal,
    ratio: ratioOf(row.pupilsMale + row.pupilsFemale, row.ratioTeachers, threshold),
  };
}

/**
 * Trends (issue: statistics): one place's headline figures for every session with a snapshot, oldest first, then
 * the current session's as they stand now (`at` is the current session's moment; the filters' LGEA or school narrows
 * the place, the level and gender narrow the figures as far as the rows keep them, and `notFollowed` says what is not followed).
 */
export async function trendStatistics(
  db: Reader,
  scope: StaffScope,
  filters: StatisticsFilters,
  at: StatisticsMoment,
  threshold: number,
): Promise<TrendStatistics> {
  const place = await placeOf(db, scope, filters);
  const [snapshots, live] = await Promise.all([
    db
      .select({ row: statisticsSnapshot, takerFirst: staff.firstName, takerLast: staff.lastName })
      .from(statisticsSnapshot)
      .leftJoin(staff, eq(staff.id, statisticsSnapshot.takenBy))
      .where(and(within(scope, statisticsSnapshot), eq(statisticsSnapshot.districtId, scope.districtId), eq(statisticsSnapshot.placeKey, place.key)))
      .orderBy(asc(statisticsSnapshot.academicSession)),
    reachFigures(db, place.scope, at.end),
  ]);
  const now = new Date().toISOString();
  const shown = { filters, threshold };
  const sessions = snapshots.map(({ row, takerFirst, takerLast }) =>
    figuresOf(row, row.academicSession, false, row.takenAt.toISOString(), [takerFirst, takerLast].filter(Boolean).join(" ") || null, shown),
  );
  sessions.push(figuresOf(live, at.current, true, now, null, shown));
  const name = place.level === "district" ? at.reach.name : place.name;
  return {
    computedAt: now,
    reach: at.reach,
    place: { level: place.level, name },
    currentSession: at.current,
    threshold,
    notFollowed: notFollowedBy(filters),
    sessions,
  };
}
