import { roleMessages } from "../../../lib/contract/roles";
import type { Reader } from "../../db/client";
import { atDistrictLevel, type StaffScope } from "../../db/scope";
import type { Actor } from "../../http/context";
import { AppError, forbidden } from "../../http/errors";
import { ownsDistrict } from "./queries";

/**
 * No escalation through role management: a staff member may put into a role, or give through one,
 * only operations they hold themselves. Super administrators and the district's owner may grant any.
 */
export async function assertCanGrant(db: Reader, scope: StaffScope, actor: Actor, operations: readonly string[]): Promise<void> {
  if (actor.isSuperAdmin) return;
  const missing = operations.filter((op) => !(actor.permissions as ReadonlySet<string>).has(op));
  if (missing.length === 0) return;
  if (!(await ownsDistrict(db, scope))) throw new AppError("forbidden", roleMessages.cannotGrant);
}

/** Roles are the district's: staff working in an LGEA or a school may read them and give them there, not change them. */
export function assertMayChangeRoles(scope: StaffScope): void {
  if (!atDistrictLevel(scope)) throw forbidden();
}
