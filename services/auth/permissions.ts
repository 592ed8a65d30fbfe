import { and, eq } from "drizzle-orm";
import { allOperations, ownerOperations, type Operation } from "../../lib/contract/permissions";
import type { Db } from "../db/client";
import { role, roleAccess } from "../db/schema";
import { systemScope, within } from "../db/scope";

/** Crosses districts by design: the caller's permissions are what the scope is built from. */
const system = systemScope("the caller's permissions are what the scope is built from");

/**
 * The operations a staff member may perform in the organisation they are working in. Read from the
 * database on every request, so a change of roles applies at once. Super administrators hold every
 * operation; the owner of a district always keeps role management there.
 */
export async function loadPermissions(
  db: Db,
  who: { staffId: string; districtId: string; organizationId: string; isSuperAdmin: boolean; isDistrictOwner: boolean },
): Promise<Set<Operation>> {
  if (who.isSuperAdmin) return new Set(allOperations);
  const rows = await db
    .select({ operations: role.operations })
    .from(roleAccess)
    .innerJoin(role, eq(role.id, roleAccess.roleId))
    .where(and(and(eq(roleAccess.staffId, who.staffId), eq(roleAccess.organizationId, who.organizationId)), within(system, roleAccess)));
  const known = new Set<string>(allOperations);
  const granted = new Set<Operation>();
  for (const row of rows) for (const op of row.operations) if (known.has(op)) granted.add(op as Operation);
  if (who.isDistrictOwner && who.organizationId === who.districtId) for (const op of ownerOperations) granted.add(op);
  return granted;
}
