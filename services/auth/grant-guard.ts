import { and, eq } from "drizzle-orm";
import { roleMessages } from "../../lib/contract/roles";
import type { Db } from "../db/client";
import { district } from "../db/schema";
import type { Actor } from "../http/context";
import { AppError } from "../http/errors";

type Reader = Pick<Db, "select">;

/**
 * No escalation through role management: a staff member may put into a role, or give through one,
 * only operations they hold themselves. Super administrators and the district's owner may grant any.
 */
export async function assertCanGrant(db: Reader, actor: Actor, operations: readonly string[]): Promise<void> {
  if (actor.isSuperAdmin) return;
  const missing = operations.filter((op) => !(actor.permissions as ReadonlySet<string>).has(op));
  if (missing.length === 0) return;
  const [owned] = await db
    .select({ id: district.id })
    .from(district)
    .where(and(eq(district.id, actor.districtId), eq(district.ownerStaffId, actor.staffId)));
  if (!owned) throw new AppError("forbidden", roleMessages.cannotGrant);
}
