import { and, count, eq, isNull, isNotNull } from "drizzle-orm";
import { secondFactorMessages } from "../../lib/contract/second-factor";
import type { ServiceConfig } from "../config";
import type { Db } from "../db/client";
import { staffRecoveryCode, staffSecondFactor } from "../db/schema";
import { AppError } from "../http/errors";
import { takeAttempt } from "./rate-limit";
import { enrolmentOf, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpMatches } from "./totp";

/** A staff member's second factor in the database: enrolment, checking a code, turning it off. */

async function factorOf(db: Db, staffId: string) {
  const [row] = await db.select().from(staffSecondFactor).where(eq(staffSecondFactor.staffId, staffId));
  return row;
}

export async function secondFactorOn(db: Db, staffId: string): Promise<boolean> {
  return Boolean((await factorOf(db, staffId))?.enabledAt);
}

export async function recoveryCodesLeft(db: Db, staffId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCode)
    .where(and(eq(staffRecoveryCode.staffId, staffId), isNull(staffRecoveryCode.usedAt)));
  return row?.n ?? 0;
}

/** A new secret waiting for its first code (replacing one that waited); 409 when the factor is already on. */
export async function beginEnrolment(db: Db, staffId: string, label: string) {
  if (await secondFactorOn(db, staffId)) throw new AppError("conflict", secondFactorMessages.alreadyOn);
  const secret = newTotpSecret();
  await db
    .insert(staffSecondFactor)
    .values({ staffId, secret })
    .onConflictDoUpdate({ target: staffSecondFactor.staffId, set: { secret, enabledAt: null, createdAt: new Date() } });
  return enrolmentOf(secret, label);
}

/**
 * Counts the attempt like a password's (per client address and per account, refunded when right), then checks
 * the code: the app's, or with `recovery` a recovery code, which is spent. 400 when wrong, 429 past the limits.
 */
async function checked(db: Db, config: ServiceConfig, who: { staffId: string; ip: string }, right: () => Promise<boolean>) {
  const refund = await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [
    [`second-factor:ip:${who.ip}`, config.LOGIN_LIMIT_PER_IP],
    [`second-factor:account:${who.staffId}`, config.LOGIN_LIMIT_PER_ACCOUNT],
  ]);
  if (!(await right())) throw new AppError("bad_request", secondFactorMessages.wrongCode);
  await refund();
}

/** The first code from the app turns the waiting secret on; the recovery codes are made then, returned once. */
export async function confirmEnrolment(db: Db, config: ServiceConfig, who: { staffId: string; ip: string }, code: string): Promise<string[]> {
  const row = await factorOf(db, who.staffId);
  if (!row) throw new AppError("conflict", secondFactorMessages.notEnrolling);
  if (row.enabledAt) throw new AppError("conflict", secondFactorMessages.alreadyOn);
  await checked(db, config, who, () => Promise.resolve(totpMatches(row.secret, code)));
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.update(staffSecondFactor).set({ enabledAt: new Date() }).where(eq(staffSecondFactor.staffId, who.staffId));
    await tx.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, who.staffId));
    await tx.insert(staffRecoveryCode).values(codes.map((c) => ({ staffId: who.staffId, codeHash: recoveryCodeHash(c) })));
  });
  return codes;
}

/** A code of an account whose factor is on: six digits from the app, or (when `recovery`) a recovery code, used up. */
export async function checkSecondFactor(db: Db, config: ServiceConfig, who: { staffId: string; ip: string }, code: string, recovery: boolean) {
  const row = await factorOf(db, who.staffId);
  if (!row?.enabledAt) throw new AppError("conflict", secondFactorMessages.notOn);
  const secret = row.secret;
  await checked(db, config, who, async () => {
    if (/^\d{6}$/.test(code)) return totpMatches(secret, code);
    if (!recovery) return false;
    const spent = await db
      .update(staffRecoveryCode)
      .set({ usedAt: new Date() })
      .where(and(eq(staffRecoveryCode.staffId, who.staffId), eq(staffRecoveryCode.codeHash, recoveryCodeHash(code)), isNull(staffRecoveryCode.usedAt)))
      .returning({ id: staffRecoveryCode.id });
    return spent.length === 1;
  });
}

/** Turned off, or reset by a super administrator: the secret and the recovery codes go. Whether there was one. */
export async function removeSecondFactor(db: Pick<Db, "delete">, staffId: string): Promise<boolean> {
  await db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
  const gone = await db
    .delete(staffSecondFactor)
    .where(and(eq(staffSecondFactor.staffId, staffId), isNotNull(staffSecondFactor.enabledAt)))
    .returning();
  await db.delete(staffSecondFactor).where(eq(staffSecondFactor.staffId, staffId));
  return gone.length > 0;
}

/** The demo's accounts come enrolled with the published secret (README), and no recovery codes. */
export async function enrolWithSecret(db: Pick<Db, "insert">, staffIds: string[], secret: string) {
  if (staffIds.length === 0) return;
  await db.insert(staffSecondFactor).values(staffIds.map((staffId) => ({ staffId, secret, enabledAt: new Date() })));
}
