import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The portal's question at start (architecture 'Production'): do we share INTERNAL_SECRET? The portal
 * signs the time with it; an API that computes the same signature answers yes. The secret itself never
 * travels, so a portal pointed at the wrong address gives nothing away. When the secrets differ, every
 * user behind that portal would share one per-address sign-in limit: the portal refuses to start.
 */
export const HANDSHAKE_HEADER = "x-portal-handshake";
const SKEW_MS = 5 * 60_000;

const signatureOf = (secret: string, at: string) => createHmac("sha256", secret).update(`portal-handshake:${at}`).digest("base64url");

export const signHandshake = (secret: string, now = Date.now()) => `${now}.${signatureOf(secret, String(now))}`;

export function verifyHandshake(header: string | undefined, secret: string, now = Date.now()): boolean {
  const [at = "", signature = ""] = (header ?? "").split(".");
  if (!/^\d{1,15}$/.test(at) || Math.abs(now - Number(at)) > SKEW_MS) return false;
  const expected = Buffer.from(signatureOf(secret, at));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
