import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { authMessages } from "../../../lib/contract/messages";
import { staffTransferMessages } from "../../../lib/contract/staff-transfers-values";
import { GROUP_MOVE_REVERSIBLE_HOURS, studentMessages, type StudentMoveItem, type StudentMovePage, type StudentPlace } from "../../../lib/contract/students";
import type { Reader, Tx } from "../../db/client";
import { school, schoolClass, staff, student, studentMove, studentMoveRow } from "../../db/schema";
import { atDistrictLevel, within, withinDistrict, type StaffScope } from "../../db/scope";
import { AppError } from "../../http/errors";

export type StudentRow = typeof student.$inferSelect;
export type MoveRow = typeof studentMove.$inferSelect;
export type MoveLineRow = typeof studentMoveRow.$inferSelect;
/** A pupil's place as the student table stores it. */
export type Placement = { schoolId: string; classId: string | null };

const REVERSIBLE_MS = GROUP_MOVE_REVERSIBLE_HOURS * 60 * 60 * 1000;

/** Whether a move made at `createdAt` is still within the time it can be undone. */
export const withinReversibleTime = (createdAt: Date, now = Date.now()) => now - createdAt.getTime() < REVERSIBLE_MS;

export const pupilName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
/** Last name, then first name, as the admission register orders pupils. */
export const inNameOrder = <T extends { id: string; firstName: string; lastName: string }>(pupils: readonly T[]) =>
  [...pupils].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id));

/**
 * These pupils of the scope in id order (ids not reached are simply missing). With `lock`, their rows are held
 * for the transaction (`for update`) in that stable order: a second move of the same pupils waits, then reads
 * the places the first one wrote, and two moves of overlapping pupils cannot deadlock.
 */
export async function findPupils(db: Reader, scope: StaffScope, ids: readonly string[], options: { lock: boolean }): Promise<StudentRow[]> {
  if (ids.length === 0) return [];
  const query = db
    .select()
    .from(student)
    .where(and(inArray(student.id, [...ids]), within(scope, student)))
    .orderBy(asc(student.id));
  return options.lock ? query.for("update") : query;
}

/**
 * The selected pupils (each once, however often the selection names them) in id order, or 404 naming the
 * place in `ids` of each one the scope does not reach: unknown, another district's, or of a school outside
 * the caller's LGEA or school.
 */
export async function pupilsToMove(db: Reader, scope: StaffScope, ids: readonly string[], options: { lock: boolean }): Promise<StudentRow[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await findPupils(db, scope, unique, options);
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    const issues = ids.flatMap((id, i) => (found.has(id.toLowerCase()) ? [] : [{ path: `studentIds.${i}`, message: studentMessages.moveStudentNotFound }]));
    throw new AppError("not_found", authMessages.notFound, issues);
  }
  return rows;
}

/** A school of the scope, or undefined. */
export async function schoolInScope(db: Reader, scope: StaffScope, id: string) {
  const [row] = await db
    .select({ id: school.id, name: school.name })
    .from(school)
    .where(and(eq(school.id, id), within(scope, school)));
  return row;
}

/**
 * A class of the scope, or undefined; with `lock`, held (`for share`) for the transaction, so that the class
 * cannot be moved to another school while pupils are put in it (a class with pupils stays in its school).
 */
export async function classInScope(db: Reader, scope: StaffScope, id: string, options: { lock: boolean }) {
  const query = db
    .select({ id: schoolClass.id, name: schoolClass.name, schoolId: schoolClass.schoolId })
    .from(schoolClass)
    .where(and(eq(schoolClass.id, id), within(scope, schoolClass)));
  const [row] = options.lock ? await query.for("share") : await query;
  return row;
}

/**
 * Names places of the district (schools and classes by id): a move the caller sees may lead from or to a
 * school outside their LGEA, and its list still says where.
 */
export async function placeNamer(db: Reader, scope: StaffScope, places: readonly Placement[]): Promise<(p: Placement) => StudentPlace> {
  const schoolIds = [...new Set(places.map((p) => p.schoolId))];
  const classIds = [...new Set(places.flatMap((p) => (p.classId ? [p.classId] : [])))];
  const [schools, classes] = await Promise.all([
    schoolIds.length
      ? db
          .select({ id: school.id, name: school.name })
          .from(school)
          .where(and(inArray(school.id, schoolIds), withinDistrict(scope, school)))
      : [],
    classIds.length
      ? db
          .select({ id: schoolClass.id, name: schoolClass.name })
          .from(schoolClass)
          .where(and(inArray(schoolClass.id, classIds), withinDistrict(scope, schoolClass)))
      : [],
  ]);
  const schoolNames = new Map(schools.map((s) => [s.id, s.name]));
  const classNames = new Map(classes.map((k) => [k.id, k.name]));
  return (p) => ({
    school: { id: p.schoolId, name: schoolNames.get(p.schoolId) ?? "" },
    class: p.classId ? { id: p.classId, name: classNames.get(p.classId) ?? "" } : null,
  });
}

/** A new group move in the scope's district. */
export async function insertMove(tx: Tx, scope: StaffScope, createdBy: string): Promise<MoveRow> {
  const [row] = await tx.insert(studentMove).values({ districtId: scope.districtId, createdBy }).returning();
  if (!row) throw new Error("student move insert returned nothing");
  return row;
}

/**
 * Puts the pupils (rows held since pupilsToMove) in one place, bumping each one's version (an edit form opened
 * before the move gets 409 rather than writing the old class back). Answers each pupil's new version.
 */
export async function placePupils(tx: Tx, scope: StaffScope, ids: readonly string[], to: Placement): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .update(student)
    .set({ schoolId: to.schoolId, classId: to.classId, version: sql`${student.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(student.id, [...ids]), within(scope, student)))
    .returning({ id: student.id, version: student.version });
  if (rows.length !== ids.length) throw new Error("a locked student row was not updated");
  return new Map(rows.map((r) => [r.id, r.version]));
}

/** One row per pupil moved: from where, to where, and the version the move left them at. */
export async function insertMoveRows(tx: Tx, move: MoveRow, rows: { studentId: string; from: Placement; to: Placement; versionAfter: number }[]) {
  if (rows.length === 0) return;
  await tx.insert(studentMoveRow).values(
    rows.map((r) => ({
      moveId: move.id,
      districtId: move.districtId,
      studentId: r.studentId,
      fromSchoolId: r.from.schoolId,
      fromClassId: r.from.classId,
      toSchoolId: r.to.schoolId,
      toClassId: r.to.classId,
      versionAfter: r.versionAfter,
    })),
  );
}

/** A move of the scope, held (`for update`) for the transaction with `lock`: two undoings of it run one after the other. */
export async function findMove(db: Reader, scope: StaffScope, id: string, options: { lock: boolean }): Promise<MoveRow | undefined> {
  const query = db
    .select()
    .from(studentMove)
    .where(and(eq(studentMove.id, id), within(scope, studentMove)));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/** Every row of a move, whichever schools they touch: a move is undone as a whole. */
export async function rowsOfMove(db: Reader, scope: StaffScope, moveId: string): Promise<MoveLineRow[]> {
  return db
    .select()
    .from(studentMoveRow)
    .where(and(eq(studentMoveRow.moveId, moveId), withinDistrict(scope, studentMoveRow)))
    .orderBy(asc(studentMoveRow.studentId));
}

/** Of these schools, those the scope does not reach. */
export async function schoolsOutOfReach(db: Reader, scope: StaffScope, schoolIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(schoolIds)];
  if (atDistrictLevel(scope) || ids.length === 0) return [];
  const reached = await db
    .select({ id: school.id })
    .from(school)
    .where(and(inArray(school.id, ids), within(scope, school)));
  const inReach = new Set(reached.map((r) => r.id));
  return ids.filter((id) => !inReach.has(id));
}

/** Marks a move undone (by whom, when); false when someone else did meanwhile. */
export async function markReversed(tx: Tx, scope: StaffScope, moveId: string, reversedBy: string): Promise<boolean> {
  const rows = await tx
    .update(studentMove)
    .set({ reversedBy, reversedAt: new Date() })
    .where(and(eq(studentMove.id, moveId), isNull(studentMove.reversedAt), within(scope, studentMove)))
    .returning({ id: studentMove.id });
  return rows.length === 1;
}

/** The names of these staff members of the district, by id (a super administrator is not one of them). */
async function staffNames(db: Reader, scope: StaffScope, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName })
    .from(staff)
    .where(and(inArray(staff.id, unique), withinDistrict(scope, staff)));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

/**
 * Per move: how many of its rows the scope sees (`count`), how many pupils changed since (`changed`: their
 * version is no longer the one the move left), and how many rows lead from or to a school outside the scope.
 */
async function moveFigures(db: Reader, scope: StaffScope, moveIds: readonly string[]) {
  if (moveIds.length === 0) return new Map<string, { count: number; changed: number; outOfReach: number }>();
  const schoolsInScope = db.select({ id: school.id }).from(school).where(within(scope, school));
  const seen = within(scope, studentMoveRow) ?? sql`true`;
  const outside = atDistrictLevel(scope)
    ? sql`false`
    : sql`not (${inArray(studentMoveRow.fromSchoolId, schoolsInScope)} and ${inArray(studentMoveRow.toSchoolId, schoolsInScope)})`;
  const rows = await db
    .select({
      moveId: studentMoveRow.moveId,
      count: sql<number>`cast(count(*) filter (where ${seen}) as int)`,
      changed: sql<number>`cast(count(*) filter (where ${student.version} <> ${studentMoveRow.versionAfter}) as int)`,
      outOfReach: sql<number>`cast(count(*) filter (where ${outside}) as int)`,
    })
    .from(studentMoveRow)
    .innerJoin(student, and(eq(student.id, studentMoveRow.studentId), withinDistrict(scope, student)))
    .where(and(inArray(studentMoveRow.moveId, [...moveIds]), withinDistrict(scope, studentMoveRow)))
    .groupBy(studentMoveRow.moveId);
  return new Map(rows.map((r) => [r.moveId, { count: r.count, changed: r.changed, outOfReach: r.outOfReach }]));
}

/** Where each move took its pupils (every row of a move has the same destination). */
async function destinations(db: Reader, scope: StaffScope, moveIds: readonly string[]): Promise<Map<string, Placement>> {
  if (moveIds.length === 0) return new Map();
  const rows = await db
    .select({ moveId: studentMoveRow.moveId, schoolId: studentMoveRow.toSchoolId, classId: studentMoveRow.toClassId })
    .from(studentMoveRow)
    .where(and(inArray(studentMoveRow.moveId, [...moveIds]), within(scope, studentMoveRow)))
    .groupBy(studentMoveRow.moveId, studentMoveRow.toSchoolId, studentMoveRow.toClassId);
  const places = new Map<string, Placement>();
  for (const r of rows) if (!places.has(r.moveId)) places.set(r.moveId, { schoolId: r.schoolId, classId: r.classId });
  return places;
}

/** Whether a move can still be undone by the caller, from its figures. */
export const isReversible = (move: MoveRow, figures: { changed: number; outOfReach: number } | undefined, now = Date.now()) =>
  !move.reversedAt && withinReversibleTime(move.createdAt, now) && figures !== undefined && figures.changed === 0 && figures.outOfReach === 0;

/** A page of the scope's moves, newest first, with who made and undid each, where to, and whether it can still be undone. */
export async function listMoves(db: Reader, scope: StaffScope, query: { limit: number; page: number }): Promise<StudentMovePage> {
  const [page, [total]] = await Promise.all([
    db
      .select()
      .from(studentMove)
      .where(within(scope, studentMove))
      .orderBy(desc(studentMove.createdAt), desc(studentMove.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(studentMove).where(within(scope, studentMove)),
  ]);
  const ids = page.map((m) => m.id);
  const [figures, places, names] = await Promise.all([
    moveFigures(db, scope, ids),
    destinations(db, scope, ids),
    staffNames(
      db,
      scope,
      page.flatMap((m) => [m.createdBy, ...(m.reversedBy ? [m.reversedBy] : [])]),
    ),
  ]);
  const name = await placeNamer(db, scope, [...places.values()]);
  const nameOf = (id: string) => names.get(id) ?? staffTransferMessages.superAdministrator;
  const now = Date.now();
  const moves = page.map((m): StudentMoveItem => {
    const found = figures.get(m.id);
    const to = places.get(m.id);
    return {
      id: m.id,
      createdAt: m.createdAt.toISOString(),
      createdBy: nameOf(m.createdBy),
      count: found?.count ?? 0,
      to: to ? name(to) : { school: { id: "", name: "" }, class: null },
      reversedAt: m.reversedAt ? m.reversedAt.toISOString() : null,
      reversedBy: m.reversedBy ? nameOf(m.reversedBy) : null,
      reversible: isReversible(m, found, now),
    };
  });
  return { moves, total: total?.n ?? 0, page: query.page, limit: query.limit };
}
