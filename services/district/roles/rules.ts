import { roleMessages } from "../../../lib/contract/roles";
import { atDistrictLevel, type StaffScope } from "../../db/scope";
import type { Actor } from "../../http/context";
import { AppError, forbidden } from "../../http/errors";

/**
 * No escalation through role management: a staff member may put into a role, or give through one,
 * only operations they hold themselves. Super administrators and the district's owner may grant any.
 */
export function assertCanGrant(actor: Actor, operations: readonly string[]): void {
  if (!holdsAll(actor, operations)) throw new AppError("forbidden", roleMessages.cannotGrant);
}

/**
 * The same rule for taking away: stripping operations from a role, deleting it, or taking an
 * assignment of it away, so a role manager cannot disarm someone who holds more than they do.
 */
export function assertCanRemove(actor: Actor, operations: readonly string[]): void {
  if (!holdsAll(actor, operations)) throw new AppError("forbidden", roleMessages.cannotRemove);
}

function holdsAll(actor: Actor, operations: readonly string[]): boolean {
  return actor.isSuperAdmin || actor.isDistrictOwner || operations.every((op) => (actor.permissions as ReadonlySet<string>).has(op));
}

/** Roles are the district's: staff working in an LGEA or a school may read them and give them there, not change them. */
export function assertMayChangeRoles(scope: StaffScope): void {
  if (!atDistrictLevel(scope)) throw forbidden();
}
