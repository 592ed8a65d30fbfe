import { and, eq, gte, isNull, lt, lte, sql } from "drizzle-orm";
import { sessionBounds } from "../../../lib/contract/configuration-values";
import {
  DISTRICT_OFFICE,
  NO_LGEA,
  type MovementByLgea,
  type MovementCounts,
  type MovementStatistics,
  type StatisticsFilters,
} from "../../../lib/contract/statistics";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Reader } from "../../db/client";
import { classType, lgea, schoolClass, staff, staffTransfer, staffTransferRow, student, studentMove, studentMoveRow } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { filteredSchools } from "./enrolment";
import { atFilteredSchools } from "./filters";
import type { StatisticsMoment } from "./reach";

const male = sql<number>`count(*) filter (where ${student.gender} = 'Male')`.mapWith(Number);
const female = sql<number>`count(*) filter (where ${student.gender} = 'Female')`.mapWith(Number);
const n = sql<number>`count(*)`.mapWith(Number);
const zero = (): MovementCounts => ({ admissions: { male: 0, female: 0, total: 0 }, pupilsIn: 0, pupilsOut: 0, staffIn: 0, staffOut: 0 });
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Rows of a person of the filtered gender (every gender without the filter). */
const ofGender = (column: PgColumn, filters: StatisticsFilters) => (filters.gender ? eq(column, filters.gender) : undefined);
/** A date column within the session's first and last days. */
const inSession = (column: PgColumn, bounds: { start: string; end: string }) => and(gte(column, bounds.start), lte(column, bounds.end));

/** A place a pupil or a staff member is posted at: a school, an LGEA's office, or the district office. */
const place = (schoolId: string | null, lgeaId: string | null) => (schoolId ? `school:${schoolId}` : lgeaId ? `office:${lgeaId}` : "district");

/**
 * Movement (issue: statistics): admissions, pupils' group moves and staff transfers in the session, in and out of
 * each LGEA in reach. The places the filters keep (schools, and without a school filter the LGEA offices and the
 * district office in reach) are grouped by LGEA; a move is into an LGEA when it ends at one of its places and
 * starts elsewhere, out of it the other way round. The level filter applies to admissions only.
 */
export async function movementStatistics(db: Reader, scope: StaffScope, filters: StatisticsFilters, at: StatisticsMoment): Promise<MovementStatistics> {
  const bounds = sessionBounds(at.session) ?? { start: at.end, end: at.end };
  const [schools, offices, admissions, pupilMoves, staffMoves] = await Promise.all([
    filteredSchools(db, scope, filters),
    db.select({ id: lgea.id, name: lgea.name }).from(lgea).where(within(scope, lgea)),
    db
      .select({ schoolId: student.schoolId, male, female, total: n })
      .from(student)
      .leftJoin(schoolClass, eq(schoolClass.id, student.classId))
      .leftJoin(classType, eq(classType.id, schoolClass.classTypeId))
      .where(
        and(
          within(scope, student),
          inSession(student.dateOfAdmission, bounds),
          atFilteredSchools(scope, filters, student.schoolId),
          ofGender(student.gender, filters),
          filters.level ? eq(classType.level, filters.level) : undefined,
        ),
      )
      .groupBy(student.schoolId),
    db
      .select({ from: studentMoveRow.fromSchoolId, to: studentMoveRow.toSchoolId, n })
      .from(studentMoveRow)
      .innerJoin(studentMove, eq(studentMove.id, studentMoveRow.moveId))
      .innerJoin(student, eq(student.id, studentMoveRow.studentId))
      .where(
        and(
          within(scope, studentMoveRow),
          isNull(studentMove.reversedAt),
          gte(studentMove.createdAt, new Date(`${bounds.start}T00:00:00Z`)),
          lt(studentMove.createdAt, new Date(`${dayAfter(bounds.end)}T00:00:00Z`)),
          ofGender(student.gender, filters),
        ),
      )
      .groupBy(studentMoveRow.fromSchoolId, studentMoveRow.toSchoolId),
    db
      .select({
        fromSchool: staffTransferRow.fromSchoolId,
        fromLgea: staffTransferRow.fromLgeaId,
        toSchool: staffTransferRow.toSchoolId,
        toLgea: staffTransferRow.toLgeaId,
        n,
      })
      .from(staffTransferRow)
      .innerJoin(staffTransfer, eq(staffTransfer.id, staffTransferRow.transferId))
      .innerJoin(staff, eq(staff.id, staffTransferRow.staffId))
      .where(
        and(within(scope, staffTransferRow), inSession(staffTransfer.effectiveDate, bounds), eq(staff.isSuperAdmin, false), ofGender(staff.gender, filters)),
      )
      .groupBy(staffTransferRow.fromSchoolId, staffTransferRow.fromLgeaId, staffTransferRow.toSchoolId, staffTransferRow.toLgeaId),
  ]);

  // The places in reach as the filters keep them, each with the LGEA row it is counted in.
  const lgeaName = new Map(offices.map((o) => [o.id, o.name]));
  const rows = new Map<string, MovementByLgea>();
  const rowOfPlace = new Map<string, string>();
  const addPlace = (key: string, lgeaId: string | null, name: string) => {
    const rowKey = lgeaId ?? name;
    if (!rows.has(rowKey)) rows.set(rowKey, { lgeaId, lgea: name, ...zero() });
    rowOfPlace.set(key, rowKey);
  };
  for (const s of schools) addPlace(place(s.id, null), s.lgeaId, s.lgeaId ? (lgeaName.get(s.lgeaId) ?? NO_LGEA) : NO_LGEA);
  if (!filters.schoolId && !filters.category && scope.level !== "school") {
    for (const o of offices) if (!filters.lgeaId || filters.lgeaId === o.id) addPlace(place(null, o.id), o.id, o.name);
    if (scope.level === "district" && !filters.lgeaId) addPlace("district", null, DISTRICT_OFFICE);
  }

  const totals = zero();
  for (const a of admissions) {
    const row = rows.get(rowOfPlace.get(place(a.schoolId, null)) ?? "");
    if (!row) continue;
    for (const into of [row.admissions, totals.admissions]) {
      into.male += a.male;
      into.female += a.female;
      into.total += a.total;
    }
  }
  const move = (from: string, to: string, count: number, key: "pupils" | "staff") => {
    const fromRow = rowOfPlace.get(from);
    const toRow = rowOfPlace.get(to);
    if (fromRow === toRow) return;
    const inRow = toRow ? rows.get(toRow) : undefined;
    const outRow = fromRow ? rows.get(fromRow) : undefined;
    if (inRow) inRow[`${key}In`] += count;
    if (outRow) outRow[`${key}Out`] += count;
    // Into or out of the reach as a whole: from outside every kept place, or to outside them.
    if (toRow && !fromRow) totals[`${key}In`] += count;
    if (fromRow && !toRow) totals[`${key}Out`] += count;
  };
  for (const m of pupilMoves) move(place(m.from, null), place(m.to, null), m.n, "pupils");
  for (const m of staffMoves) move(place(m.fromSchool, m.fromLgea), place(m.toSchool, m.toLgea), m.n, "staff");

  return {
    session: at.session,
    computedAt: new Date().toISOString(),
    reach: at.reach,
    from: bounds.start,
    to: bounds.end,
    totals,
    byLgea: [...rows.values()].sort(
      (a, b) => Number(a.lgeaId === null) - Number(b.lgeaId === null) || a.lgea.localeCompare(b.lgea, "en", { sensitivity: "base" }),
    ),
  };
}
