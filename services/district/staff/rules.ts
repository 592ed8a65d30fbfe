import { and, eq } from "drizzle-orm";
import { staffMessages } from "../../../lib/contract/staff";
import type { Reader } from "../../db/client";
import { district, role, roleAccess } from "../../db/schema";
import { scopeInDistrict, withinDistrict, type StaffScope } from "../../db/scope";
import type { Actor } from "../../http/context";
import { AppError } from "../../http/errors";

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
