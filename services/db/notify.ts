import { and, eq, inArray, sql } from "drizzle-orm";
import type { NotificationData } from "../../lib/contract/notification-values";
import type { Db } from "./client";
import { district, districtConfiguration, notification, role, roleAccess, staff } from "./schema";
import { systemScope, within } from "./scope";

type Writer = Pick<Db, "insert" | "select">;

// A notification goes to whoever it concerns, whom the caller may not read: a district's owner told of
// the review, an inviter at another level, the wallet's keepers when a school's charge took it low.
const system = systemScope("notifications go to whoever they concern");

/**
 * Tells staff members something in their bell (issue: the notification bell), in the caller's transaction:
 * a notification exists only if what it tells of was committed. Each is filed under its recipient's district.
 */
export async function notify(db: Writer, staffIds: readonly string[], data: NotificationData) {
  const ids = [...new Set(staffIds)];
  if (ids.length === 0) return;
  const recipients = await db
    .select({ id: staff.id, districtId: staff.districtId })
    .from(staff)
    .where(and(inArray(staff.id, ids), within(system, staff)));
  if (recipients.length === 0) return;
  await db.insert(notification).values(recipients.map((r) => ({ staffId: r.id, districtId: r.districtId, kind: data.kind, data })));
}

/** Who looks after a district's wallet: the staff holding a role with wallet.fund at the district itself. */
async function walletKeepers(db: Writer, districtId: string): Promise<string[]> {
  const rows = await db
    .select({ staffId: roleAccess.staffId })
    .from(roleAccess)
    .innerJoin(role, eq(role.id, roleAccess.roleId))
    .where(
      and(
        eq(roleAccess.districtId, districtId),
        eq(roleAccess.organizationId, districtId),
        sql`'wallet.fund' = any(${role.operations})`,
        within(system, roleAccess),
        within(system, role),
      ),
    );
  return rows.map((r) => r.staffId);
}

/**
 * After a debit from `before` to `after` kobo: when it took the balance below the district's alert level, the
 * wallet's keepers are told, once per crossing (a debit already below the level tells no one again).
 */
export async function notifyIfLowBalance(db: Writer, districtId: string, before: number, after: number) {
  const [config] = await db
    .select({ threshold: districtConfiguration.lowBalanceThreshold })
    .from(districtConfiguration)
    .where(and(eq(districtConfiguration.districtId, districtId), within(system, districtConfiguration)));
  if (!config || !(after < config.threshold && before >= config.threshold)) return;
  await notify(db, await walletKeepers(db, districtId), { kind: "wallet.low-balance", balance: after, threshold: config.threshold });
}

/**
 * A refund or lost dispute took the wallet from `before` to `after` kobo, below zero (issue 33): the wallet's keepers
 * and the super administrators are told it is in arrears, once per crossing (a further debit while in arrears tells
 * no one again).
 */
export async function notifyIfArrears(db: Writer, districtId: string, before: number, after: number, taken: number) {
  if (!(after < 0 && before >= 0)) return;
  const [named] = await db
    .select({ name: district.name })
    .from(district)
    .where(and(eq(district.id, districtId), within(system, district)));
  const supers = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.isSuperAdmin, true), within(system, staff)));
  await notify(db, [...(await walletKeepers(db, districtId)), ...supers.map((s) => s.id)], {
    kind: "wallet.arrears",
    district: named?.name ?? "",
    balance: after,
    taken,
  });
}
