import { and, eq } from "drizzle-orm";
import type { FieldIssue } from "../../../lib/contract/errors";
import { fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { staffMessages, staffRegisterMessages } from "../../../lib/contract/staff";
import type { Reader, Tx } from "../../db/client";
import { district, lgea, role, roleAccess, school } from "../../db/schema";
import { scopeInDistrict, within, withinDistrict, type StaffScope } from "../../db/scope";
import { isEmailTaken, isPhoneTaken, lockStaffNumbers, normalNumber, takenStaffNumbers } from "./identity";
import { districtOfScope } from "./queries";
import type { Actor } from "../../http/context";
import { AppError } from "../../http/errors";

/** Per-field issues of a staff form nested in a bigger one, under its path there ("administrator.staff."); "" for the staff form itself. */
export const under = (prefix: string, issues: FieldIssue[]) => (prefix ? issues.map((i) => ({ ...i, path: `${prefix}${i.path}` })) : issues);

/** Every operation a staff member holds through any of their role accesses in their district. */
async function operationsHeldBy(db: Reader, scope: StaffScope, staffId: string): Promise<Set<string>> {
  // The whole district, not the caller's narrowed scope: a role held elsewhere still counts.
  const rows = await db
    .select({ operations: role.operations })
    .from(roleAccess)
    .innerJoin(role, and(eq(role.id, roleAccess.roleId), withinDistrict(scope, role)))
    .where(and(eq(roleAccess.staffId, staffId), withinDistrict(scope, roleAccess)));
  return new Set(rows.flatMap((r) => r.operations));
}

async function ownerOf(db: Reader, scope: StaffScope): Promise<string | null> {
  const [row] = await db
    .select({ ownerStaffId: district.ownerStaffId })
    .from(district)
    .where(and(eq(district.id, scope.districtId), withinDistrict(scope, district)));
  return row?.ownerStaffId ?? null;
}

/**
 * Who may change whom (their record, picture or account status), so that a role that lets one change
 * staff records is not a way into a stronger account (whose e-mail, once changed, takes a reset code):
 * - a super administrator is changed only by a super administrator;
 * - the district's owner only by themselves (or a super administrator);
 * - anyone else by the owner, or by someone who holds every operation they hold, across all their roles.
 * One's own record is not refused here (one's own e-mail and phone ask for the password instead).
 */
export async function assertMayChange(db: Reader, scope: StaffScope, actor: Actor, target: { id: string; districtId: string; isSuperAdmin: boolean }) {
  if (target.id === actor.staffId || actor.isSuperAdmin) return;
  if (target.isSuperAdmin) throw new AppError("forbidden", staffMessages.cannotChangeSuperAdmin);
  const inTargetDistrict = scopeInDistrict(scope, target.districtId);
  const owner = await ownerOf(db, inTargetDistrict);
  if (target.id === owner) throw new AppError("forbidden", staffMessages.cannotChangeOwner);
  if (actor.staffId === owner) return;
  const held = await operationsHeldBy(db, inTargetDistrict, target.id);
  const mine = actor.permissions as ReadonlySet<string>;
  if ([...held].some((op) => !mine.has(op))) throw new AppError("forbidden", staffMessages.cannotChangeStronger);
}

/** A posting named by id must be a school or an LGEA office the caller reaches; below the district, one of theirs. */
export async function postingIssues(db: Reader, scope: StaffScope, posting: { schoolId: string | null; lgeaId: string | null }): Promise<FieldIssue[]> {
  if (posting.schoolId) {
    const [found] = await db
      .select({ id: school.id })
      .from(school)
      .where(and(eq(school.id, posting.schoolId), within(scope, school)));
    return found ? [] : [{ path: "schoolId", message: staffRegisterMessages.schoolUnknown }];
  }
  if (posting.lgeaId) {
    const [found] = await db
      .select({ id: lgea.id })
      .from(lgea)
      .where(and(eq(lgea.id, posting.lgeaId), within(scope, lgea)));
    return found ? [] : [{ path: "lgeaId", message: staffRegisterMessages.lgeaUnknown }];
  }
  // The district office is the district's: staff working for an LGEA or a school post at one of theirs.
  return scope.level === "district" ? [] : [{ path: "schoolId", message: staffRegisterMessages.schoolUnknown }];
}

/**
 * What makes a new staff member clash with one already in the product: e-mail and phone across the
 * product, oracle and staff numbers across the state (architecture 'Staff'). Per-field, for the form.
 */
export async function identityIssues(
  db: Reader,
  stateId: string,
  who: { email: string; phoneCode: string; phoneNumber: string; oracleNumber: string; tescomNumber: string },
  exceptId?: string,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  if (await isEmailTaken(db, who.email, exceptId)) issues.push({ path: "email", message: fieldMessages.emailTaken });
  if (await isPhoneTaken(db, { code: who.phoneCode, number: who.phoneNumber }, exceptId))
    issues.push({ path: "phoneNumber", message: fieldMessages.phoneTaken });
  const taken = await takenStaffNumbers(db, stateId, { oracleNumber: [who.oracleNumber], tescomNumber: [who.tescomNumber] }, exceptId);
  if (taken.oracleNumber.size > 0) issues.push({ path: "oracleNumber", message: staffRegisterMessages.numberTaken });
  if (taken.tescomNumber.size > 0) issues.push({ path: "tescomNumber", message: staffRegisterMessages.numberTaken });
  return issues;
}

/**
 * A staff record's changed oracle or staff number must be free in its state, as a new staff member's must: the
 * state's numbers are locked first (no unique index spans its districts), then each changed one checked.
 */
export async function assertStaffNumbersFree(
  tx: Tx,
  scope: StaffScope,
  before: { id: string; oracleNumber: string | null; tescomNumber: string | null },
  after: { oracleNumber: string; tescomNumber: string },
) {
  const changed = (was: string | null, now: string) => normalNumber(was ?? "") !== normalNumber(now);
  const oracle = changed(before.oracleNumber, after.oracleNumber);
  const tescom = changed(before.tescomNumber, after.tescomNumber);
  if (!oracle && !tescom) return;
  // The record is of the scope's district (it was found within the scope).
  const place = await districtOfScope(tx, scope);
  await lockStaffNumbers(tx, place.stateId);
  const taken = await takenStaffNumbers(
    tx,
    place.stateId,
    { oracleNumber: oracle ? [after.oracleNumber] : [], tescomNumber: tescom ? [after.tescomNumber] : [] },
    before.id,
  );
  const issues: FieldIssue[] = [];
  if (taken.oracleNumber.size > 0) issues.push({ path: "oracleNumber", message: staffRegisterMessages.numberTaken });
  if (taken.tescomNumber.size > 0) issues.push({ path: "tescomNumber", message: staffRegisterMessages.numberTaken });
  if (issues.length > 0) throw new AppError("conflict", formInvalidMessage, issues);
}
