import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { registrationMessages as m, type RegistrationStatus } from "../../../lib/contract/registration";
import { recordAudit } from "../../db/audit";
import type { Db, Tx } from "../../db/client";
import { district, districtRegistration, refreshToken, staff } from "../../db/schema";
import { systemScope, within, type Scope } from "../../db/scope";
import { AppError, notFound } from "../../http/errors";
import { pendingPhone } from "./pending-values";

/** How a registration ends without approval. */
export type Closing = "Rejected" | "Withdrawn" | "Abandoned";

const open: RegistrationStatus[] = ["AwaitingReview", "ChangesRequested"];

/**
 * Closes a registration under review (architecture 'Second factor and registration'): it frees every unique
 * value it held. The district and its owner stay as rows, since the append-only trail names them, but the
 * district's name becomes one no one would register (it carries its own id), its contacts are cleared and it
 * is Suspended; the owner's e-mail becomes an address of their id that cannot receive mail, their username,
 * password, staff numbers and personal details go, their phone is a placeholder again, they are Suspended and
 * every session of theirs is revoked; the registration forgets the phone and numbers it held. The trail
 * records the closing with the statuses only, no personal value. 409 when it is not under review.
 */
export async function closeRegistration(tx: Tx, scope: Scope, actor: { staffId: string | null }, districtId: string, closing: Closing, reason: string | null) {
  const [before] = await tx
    .select()
    .from(districtRegistration)
    .where(and(eq(districtRegistration.districtId, districtId), within(scope, districtRegistration)))
    .for("update");
  if (!before) throw notFound();
  if (!open.includes(before.status)) throw new AppError("conflict", m.notOpen);
  const now = new Date();
  await tx
    .update(districtRegistration)
    .set({ status: closing, reason, reviewedAt: now, reviewedBy: actor.staffId, phoneCode: null, phoneNumber: null, oracleNumber: null, tescomNumber: null })
    .where(and(eq(districtRegistration.districtId, districtId), within(scope, districtRegistration)));
  await tx
    .update(district)
    .set({ name: `Closed registration ${districtId}`, address: null, phoneNumbers: [], emails: [], accountStatus: "Suspended", updatedAt: now })
    .where(and(eq(district.id, districtId), within(scope, district)));
  const owner = before.registrantStaffId;
  await tx
    .update(staff)
    .set({
      ...pendingPhone(owner),
      email: `closed.${owner}@registration.invalid`,
      username: null,
      passwordHash: null,
      oracleNumber: null,
      tescomNumber: null,
      firstName: "Closed",
      lastName: "Registration",
      middleName: null,
      dob: null,
      address: null,
      gender: null,
      accountStatus: "Suspended",
      updatedAt: now,
    })
    .where(and(eq(staff.id, owner), within(scope, staff)));
  await tx
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.staffId, owner), isNull(refreshToken.revokedAt)));
  await recordAudit(
    tx,
    { staffId: actor.staffId ?? owner },
    `district.registration.${closing}`,
    { id: districtId, districtId },
    { status: before.status },
    { status: closing },
  );
}

const housekeeping = systemScope("housekeeping closes registrations left without approval past REGISTRATION_ABANDON_DAYS");

/**
 * Registrations under review whose last step (sent, or sent back for changes) is older than `days`:
 * abandoned, each in a transaction of its own. Answers how many.
 */
export async function abandonRegistrations(db: Db, days: number, now: Date, lock: (tx: Tx) => Promise<void>): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 3600 * 1000);
  const stale = await db
    .select({ districtId: districtRegistration.districtId })
    .from(districtRegistration)
    .where(
      and(
        inArray(districtRegistration.status, open),
        sql`greatest(${districtRegistration.submittedAt}, coalesce(${districtRegistration.reviewedAt}, ${districtRegistration.submittedAt})) < ${cutoff.toISOString()}::timestamptz`,
        within(housekeeping, districtRegistration),
      ),
    );
  let closed = 0;
  for (const { districtId } of stale) {
    await db.transaction(async (tx) => {
      await lock(tx);
      await closeRegistration(tx, housekeeping, { staffId: null }, districtId, "Abandoned", null);
    });
    closed += 1;
  }
  return closed;
}
