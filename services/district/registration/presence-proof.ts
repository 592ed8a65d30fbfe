import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, like, lt } from "drizzle-orm";
import { presenceFieldName, solvesPresence, type PresenceChallenge } from "../../../lib/contract/presence-proof";
import { registrationMessages } from "../../../lib/contract/registration-values";
import type { ServiceConfig } from "../../config";
import type { Db } from "../../db/client";
import { rateLimit } from "../../db/schema";
import { AppError } from "../../http/errors";

/**
 * Proof of presence (issue 35, finding 1; architecture 'Second factor and registration'). A challenge is
 * `v1.<bits>.<expiry ms>.<nonce>.<mac>`, the mac an HMAC of the rest under a key derived from JWT_SECRET: the
 * API keeps nothing until it is solved. A solved challenge is spent once: a row in the rate-limit table
 * keyed by its nonce, kept until the challenge expires (expired ones are swept on the way).
 */

/** How long a challenge may be solved and sent. */
export const PRESENCE_CHALLENGE_SECONDS = 10 * 60;

const version = "v1";
const spentPrefix = "presence-proof:";

const macOf = (config: Pick<ServiceConfig, "JWT_SECRET">, body: string) =>
  createHmac("sha256", config.JWT_SECRET).update(`registration presence proof\n${body}`).digest("base64url");

export function issuePresenceChallenge(config: Pick<ServiceConfig, "JWT_SECRET" | "REGISTRATION_PROOF_BITS">, now = Date.now()): PresenceChallenge {
  const bits = config.REGISTRATION_PROOF_BITS;
  const expires = now + PRESENCE_CHALLENGE_SECONDS * 1000;
  const body = `${version}.${bits}.${expires}.${randomBytes(16).toString("base64url")}`;
  return { challenge: `${body}.${macOf(config, body)}`, bits, expiresAt: new Date(expires).toISOString() };
}

const invalid = () => new AppError("bad_request", registrationMessages.presenceInvalid);

/** The form's proof, as sent: its challenge and solution, or a 400 naming what is missing. */
function proofOf(value: unknown): { challenge: string; solution: string } {
  if (typeof value !== "string" || value.length === 0) throw new AppError("bad_request", registrationMessages.presenceMissing);
  let json: unknown;
  try {
    json = value.length <= 1024 ? JSON.parse(value) : undefined;
  } catch {
    json = undefined;
  }
  const { challenge, solution } = (json ?? {}) as Record<string, unknown>;
  if (typeof challenge !== "string" || typeof solution !== "string" || challenge.length > 300 || !/^\d{1,16}$/.test(solution)) throw invalid();
  return { challenge, solution };
}

/**
 * Checks the registration form's proof of presence and spends it: signed by this API, not expired, at least
 * the configured difficulty, solved, and not used before. 400 with a clear message otherwise.
 */
export async function spendPresenceProof(db: Db, config: Pick<ServiceConfig, "JWT_SECRET" | "REGISTRATION_PROOF_BITS">, form: Record<string, unknown>) {
  const { challenge, solution } = proofOf(form[presenceFieldName]);
  const parts = challenge.split(".");
  if (parts.length !== 5 || parts[0] !== version) throw invalid();
  const [, bitsText = "", expiresText = "", nonce = "", mac = ""] = parts;
  const expected = Buffer.from(macOf(config, parts.slice(0, 4).join(".")));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  const bits = Number(bitsText);
  const expires = Number(expiresText);
  if (!Number.isInteger(bits) || bits < config.REGISTRATION_PROOF_BITS) throw invalid();
  if (!Number.isFinite(expires) || expires <= Date.now()) throw new AppError("bad_request", registrationMessages.presenceExpired);
  if (!solvesPresence(challenge, solution, bits)) throw invalid();

  await db.delete(rateLimit).where(and(like(rateLimit.key, `${spentPrefix}%`), lt(rateLimit.windowStart, new Date())));
  const spent = await db
    .insert(rateLimit)
    .values({ key: `${spentPrefix}${nonce}`, windowStart: new Date(expires), count: 1 })
    .onConflictDoNothing()
    .returning({ key: rateLimit.key });
  if (spent.length === 0) throw new AppError("bad_request", registrationMessages.presenceUsed);
}
