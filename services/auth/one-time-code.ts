import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { INVITATION_CODE_HOURS } from "../../lib/contract/staff-values";
import type { ServiceConfig } from "../config";
import type { Db, Tx } from "../db/client";
import { resetCode } from "../db/schema";

/**
 * Six-digit codes sent by e-mail: a password reset, an invitation, the confirmation of a new e-mail
 * address, or of the address a district registers with (no account yet: the code belongs to the address).
 * Stored keyed-hashed, single use, short-lived, with a limited number of tries (architecture 'Auth').
 */
export type CodePurpose = "password-reset" | "email-change" | "invitation" | "registration";

/** How long a code of each purpose lives: an invitation waits for someone who reads mail weekly (architecture 'Staff'). */
export const codeLifetimeSeconds = (config: ServiceConfig, purpose: CodePurpose) =>
  purpose === "invitation" ? INVITATION_CODE_HOURS * 3600 : config.RESET_CODE_TTL_SECONDS;
export type CodeRow = typeof resetCode.$inferSelect;

/** Keyed with a server secret: six digits are too few to survive a leaked table hashed any other way. */
const codeHash = (config: ServiceConfig, id: string, code: string) =>
  createHmac("sha256", `${config.JWT_SECRET}:reset-code`).update(`${id}:${code}`).digest("hex");

/**
 * A new code for `staffId` (or for nobody: the password reset writes a row for unknown addresses too,
 * so its answer looks the same either way). Earlier unused codes of the same purpose stop working.
 */
export async function issueCode(
  tx: Tx,
  config: ServiceConfig,
  values: { staffId: string | null; purpose: CodePurpose; newEmail?: string },
): Promise<{ id: string; code: string }> {
  if (values.staffId)
    await tx
      .update(resetCode)
      .set({ usedAt: new Date() })
      .where(and(eq(resetCode.staffId, values.staffId), eq(resetCode.purpose, values.purpose), isNull(resetCode.usedAt)));
  const [issued] = await insertCodes(tx, config, values.purpose, [{ staffId: values.staffId, newEmail: values.newEmail ?? null }]);
  if (!issued) throw new Error("reset code insert returned nothing");
  return issued;
}

/**
 * Invitation codes for staff accounts made just now (one or a whole import): they have no earlier code
 * to void, so the codes go in a thousand to a statement. Answers each staff member's code.
 */
export async function issueInvitationCodes(tx: Tx, config: ServiceConfig, staffIds: string[]): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  for (let i = 0; i < staffIds.length; i += 1_000) {
    const batch = staffIds.slice(i, i + 1_000);
    const issued = await insertCodes(
      tx,
      config,
      "invitation",
      batch.map((staffId) => ({ staffId, newEmail: null })),
    );
    issued.forEach(({ code }, j) => codes.set(batch[j] ?? "", code));
  }
  return codes;
}

/** Rows of new codes: the id is drawn here, so each code's keyed hash (which covers the id) goes in with its row. */
async function insertCodes(tx: Tx, config: ServiceConfig, purpose: CodePurpose, owners: { staffId: string | null; newEmail: string | null }[]) {
  const expiresAt = new Date(Date.now() + codeLifetimeSeconds(config, purpose) * 1000);
  const issued = owners.map(() => ({ id: randomUUID(), code: String(randomInt(0, 1_000_000)).padStart(6, "0") }));
  await tx.insert(resetCode).values(
    owners.map((owner, i) => {
      const { id, code } = issued[i] as { id: string; code: string };
      return { id, staffId: owner.staffId, purpose, newEmail: owner.newEmail, codeHash: codeHash(config, id, code), expiresAt };
    }),
  );
  return issued;
}

/**
 * The newest unused code of a staff member for one of the purposes (the e-mail change asks by staff, not
 * by id; so does the code screen opened from an invitation, which holds no code id).
 */
export async function latestCodeId(db: Db, staffId: string, purposes: CodePurpose[]): Promise<{ id: string; purpose: CodePurpose } | undefined> {
  const [row] = await db
    .select({ id: resetCode.id, purpose: resetCode.purpose })
    .from(resetCode)
    .where(and(eq(resetCode.staffId, staffId), inArray(resetCode.purpose, purposes), isNull(resetCode.usedAt)))
    .orderBy(desc(resetCode.createdAt))
    .limit(1);
  return row;
}

/** Whose code a row is (null for a row written for an unknown address, or no such row). */
export async function codeOwner(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ staffId: resetCode.staffId }).from(resetCode).where(eq(resetCode.id, id));
  return row?.staffId ?? null;
}

/**
 * Counts a try of `code` against the code row `id` (atomically, before checking, so parallel guesses
 * cannot exceed the limit) and answers the row when the code is right, unexpired and unused. The caller
 * marks it used with `useCode` inside the transaction that acts on it.
 */
export async function checkCode(db: Db, config: ServiceConfig, id: string, purposes: CodePurpose[], code: string): Promise<CodeRow | undefined> {
  const [attempt] = await db
    .update(resetCode)
    .set({ attempts: sql`${resetCode.attempts} + 1` })
    .where(and(eq(resetCode.id, id), inArray(resetCode.purpose, purposes), isNull(resetCode.usedAt), lt(resetCode.attempts, config.RESET_CODE_MAX_ATTEMPTS)))
    .returning();
  // A code belongs to an account, or (registration) to an address; a reset code of an unknown address to neither.
  if (!attempt || !(attempt.staffId || attempt.newEmail) || attempt.expiresAt.getTime() < Date.now()) return undefined;
  const expected = Buffer.from(attempt.codeHash, "hex");
  const given = Buffer.from(codeHash(config, attempt.id, code), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given) ? attempt : undefined;
}

/** Marks a checked code used; false when a parallel request used it first. */
export async function useCode(tx: Tx, id: string): Promise<boolean> {
  const used = await tx
    .update(resetCode)
    .set({ usedAt: new Date() })
    .where(and(eq(resetCode.id, id), isNull(resetCode.usedAt)))
    .returning({ id: resetCode.id });
  return used.length > 0;
}

/** The e-mail that carries a code: what it is for, the code, how long it lasts; the code is taken out of the stored copy once sent. */
export function codeMail(config: ServiceConfig, mail: { to: string; subject: string; lead: string; code: string; purpose?: CodePurpose; after?: string }) {
  const seconds = codeLifetimeSeconds(config, mail.purpose ?? "password-reset");
  const lasts = seconds >= 2 * 3600 ? `${Math.round(seconds / 3600)} hours` : `${Math.round(seconds / 60)} minutes`;
  const ignore = mail.purpose === "invitation" ? "" : " If you did not ask for it, you can ignore this e-mail.";
  return {
    to: mail.to,
    subject: mail.subject,
    body: `${mail.lead} ${mail.code}.\n\nIt expires in ${lasts} and can be used once.${ignore}${mail.after ? `\n\n${mail.after}` : ""}`,
    secret: mail.code,
  };
}
