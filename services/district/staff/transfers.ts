import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { StaffPosting } from "../../../lib/contract/staff";
import { staffTransferMessages, type TransferDestination } from "../../../lib/contract/staff-transfers";
import type { Reader, Tx } from "../../db/client";
import { lgea, school, schoolClass, schoolRole, staff, staffTransfer, staffTransferRow } from "../../db/schema";
import { atDistrictLevel, within, withinDistrict, type StaffScope } from "../../db/scope";
import { AppError, notFound } from "../../http/errors";
import { findSchool } from "../schools/queries";
import { postingOf, type StaffRow } from "./queries";

/** A posting as the staff table stores it: a school, else an LGEA office, else the district office. */
export type Posting = { schoolId: string | null; lgeaId: string | null };
type Named = { firstName: string; lastName: string };

export const nameOf = (person: Named) => `${person.firstName} ${person.lastName}`;
/** Last name, then first name, as the staff register orders people. */
export const inNameOrder = <T extends Named>(people: readonly T[]) =>
  [...people].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
const districtOffice = postingOf({ schoolId: null, lgeaId: null }, { schoolName: null, lgeaName: null });

/** The columns a destination sets: a school posting clears the LGEA office, so a staff member is posted in one place only. */
export const postingColumns = (to: StaffPosting): Posting =>
  to.kind === "school" ? { schoolId: to.id, lgeaId: null } : to.kind === "lgea" ? { schoolId: null, lgeaId: to.id } : { schoolId: null, lgeaId: null };

/** Whether a staff member is posted at `to` already (read as postingOf reads a posting). */
export function isPostedAt(row: Posting, to: StaffPosting): boolean {
  const here = postingOf(row, { schoolName: null, lgeaName: null });
  return here.kind === to.kind && here.id === to.id;
}

/**
 * The destination, named, if the scope reaches it: another district's school or LGEA office, or one outside
 * the caller's LGEA or school, is not found (404). The district office is above staff working for an LGEA
 * or a school: posting someone there would take them out of the caller's own reach.
 */
export async function destinationIn(db: Reader, scope: StaffScope, destination: TransferDestination): Promise<StaffPosting> {
  if (destination.kind === "school") {
    const found = await findSchool(db, scope, destination.schoolId);
    if (!found) throw notFound();
    return postingOf({ schoolId: found.id, lgeaId: null }, { schoolName: found.name, lgeaName: null });
  }
  if (destination.kind === "lgea") {
    const [found] = await db
      .select({ id: lgea.id, name: lgea.name })
      .from(lgea)
      .where(and(eq(lgea.id, destination.lgeaId), within(scope, lgea)));
    if (!found) throw notFound();
    return postingOf({ schoolId: null, lgeaId: found.id }, { schoolName: null, lgeaName: found.name });
  }
  if (!atDistrictLevel(scope)) throw new AppError("forbidden", staffTransferMessages.districtOfficeOutOfReach);
  return districtOffice;
}

/**
 * The staff to move, in id order, or 404 when the scope does not reach every one of them. With `lock`, their
 * rows are held for the transaction (`for update`) in that stable order: a second transfer of the same person
 * waits, then reads the posting the first one wrote, and two transfers of overlapping staff cannot deadlock.
 */
export async function staffToMove(db: Reader, scope: StaffScope, ids: string[], options: { lock: boolean }): Promise<StaffRow[]> {
  const query = db
    .select()
    .from(staff)
    .where(and(inArray(staff.id, ids), within(scope, staff)))
    .orderBy(asc(staff.id));
  const rows = options.lock ? await query.for("update") : await query;
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** A school role (Principal, …) or a class's class teacher: what a move away from the school ends. */
export type HeldRole = { id: string; role: string; kind: "school-role" | "class-teacher" };

/**
 * The school roles each staff member holds at the school they are posted at, and the classes they teach
 * there as class teacher: what a move away ends (a class teacher is staff posted at that school).
 * Read across the district: the roles go with the posting, whichever part of it the caller sees.
 */
export async function rolesAtPostings(db: Reader, scope: StaffScope, rows: readonly StaffRow[]): Promise<Map<string, HeldRole[]>> {
  const postedAt = new Map(rows.flatMap((r) => (r.schoolId ? [[r.id, r.schoolId] as const] : [])));
  const byStaff = new Map<string, HeldRole[]>();
  if (postedAt.size === 0) return byStaff;
  const held = await db
    .select({ id: schoolRole.id, role: schoolRole.role, staffId: schoolRole.staffId, schoolId: schoolRole.schoolId })
    .from(schoolRole)
    .where(and(inArray(schoolRole.staffId, [...postedAt.keys()]), withinDistrict(scope, schoolRole)))
    .orderBy(asc(schoolRole.role));
  const taught = await db
    .select({ id: schoolClass.id, name: schoolClass.name, staffId: schoolClass.classTeacherId, schoolId: schoolClass.schoolId })
    .from(schoolClass)
    .where(and(inArray(schoolClass.classTeacherId, [...postedAt.keys()]), withinDistrict(scope, schoolClass)))
    .orderBy(asc(schoolClass.name));
  const add = (staffId: string, role: HeldRole) => byStaff.set(staffId, [...(byStaff.get(staffId) ?? []), role]);
  for (const h of held) {
    if (postedAt.get(h.staffId) !== h.schoolId) continue; // a role at another school stays
    add(h.staffId, { id: h.id, role: h.role, kind: "school-role" });
  }
  for (const t of taught)
    if (t.staffId && postedAt.get(t.staffId) === t.schoolId) add(t.staffId, { id: t.id, role: `Class teacher of ${t.name}`, kind: "class-teacher" });
  return byStaff;
}

/**
 * Names the postings of these rows: the schools and LGEA offices across the district, since a move the
 * caller may see can lead out of their LGEA, and its list still says where to.
 */
export async function postingNamer(db: Reader, scope: StaffScope, postings: readonly Posting[]): Promise<(p: Posting) => StaffPosting> {
  const schoolIds = [...new Set(postings.flatMap((p) => (p.schoolId ? [p.schoolId] : [])))];
  const lgeaIds = [...new Set(postings.flatMap((p) => (p.lgeaId ? [p.lgeaId] : [])))];
  const [schools, lgeas] = await Promise.all([
    schoolIds.length
      ? db
          .select({ id: school.id, name: school.name })
          .from(school)
          .where(and(inArray(school.id, schoolIds), withinDistrict(scope, school)))
      : [],
    lgeaIds.length
      ? db
          .select({ id: lgea.id, name: lgea.name })
          .from(lgea)
          .where(and(inArray(lgea.id, lgeaIds), withinDistrict(scope, lgea)))
      : [],
  ]);
  const schoolNames = new Map(schools.map((s) => [s.id, s.name]));
  const lgeaNames = new Map(lgeas.map((l) => [l.id, l.name]));
  return (p) => postingOf(p, { schoolName: schoolNames.get(p.schoolId ?? "") ?? null, lgeaName: lgeaNames.get(p.lgeaId ?? "") ?? null });
}

/** A new batch in the scope's district. */
export async function insertTransfer(tx: Tx, scope: StaffScope, values: { effectiveDate: string; reason: string; createdBy: string }) {
  const [row] = await tx
    .insert(staffTransfer)
    .values({ ...values, districtId: scope.districtId })
    .returning();
  if (!row) throw new Error("staff transfer insert returned nothing");
  return row;
}

/** One row per staff member moved: from where, to where, and the school roles the move ended. */
export async function insertMoves(
  tx: Tx,
  transfer: { id: string; districtId: string },
  moves: { staffId: string; from: Posting; to: Posting; endedRoles: string[] }[],
) {
  await tx.insert(staffTransferRow).values(
    moves.map((m) => ({
      transferId: transfer.id,
      districtId: transfer.districtId,
      staffId: m.staffId,
      fromSchoolId: m.from.schoolId,
      fromLgeaId: m.from.lgeaId,
      toSchoolId: m.to.schoolId,
      toLgeaId: m.to.lgeaId,
      endedRoles: m.endedRoles,
    })),
  );
}

/**
 * Ends the school roles and class-teacher posts held at the school a transfer leaves; across the district,
 * as rolesAtPostings reads them. A class left without its teacher gets a new version (an open edit of it gets 409).
 */
export async function endSchoolRoles(tx: Tx, scope: StaffScope, held: HeldRole[]) {
  const roleIds = held.filter((h) => h.kind === "school-role").map((h) => h.id);
  const classIds = held.filter((h) => h.kind === "class-teacher").map((h) => h.id);
  if (roleIds.length > 0) await tx.delete(schoolRole).where(and(inArray(schoolRole.id, roleIds), withinDistrict(scope, schoolRole)));
  if (classIds.length > 0)
    await tx
      .update(schoolClass)
      .set({ classTeacherId: null, version: sql`${schoolClass.version} + 1`, updatedAt: new Date() })
      .where(and(inArray(schoolClass.id, classIds), withinDistrict(scope, schoolClass)));
}

/**
 * Posts the staff at `to` from `effectiveDate`, bumping each record's version: an edit form opened before
 * the transfer gets 409 rather than writing the old posting date back. Answers how many were moved.
 */
export async function movePostings(tx: Tx, scope: StaffScope, ids: string[], to: Posting, effectiveDate: string): Promise<number> {
  const rows = await tx
    .update(staff)
    .set({ ...to, lastDateOfPosting: effectiveDate, version: sql`${staff.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(staff.id, ids), within(scope, staff)))
    .returning({ id: staff.id });
  // The rows are locked since staffToMove found them all, so every one is updated.
  if (rows.length !== ids.length) throw new Error("a locked staff row was not updated");
  return rows.length;
}
