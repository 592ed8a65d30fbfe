import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { hashToken } from "./tokens";

/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator app reads)
 * and recovery codes. Nothing here touches the database.
 */
const ISSUER = "District Portal";

const totpOf = (secret: string, label = "") => new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps take it typed in. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The code for now: the demo's sign-ins and the tests compute it as an app would. */
export const totpCode = (secret: string, timestamp = Date.now()) => totpOf(secret).generate({ timestamp });

/**
 * Whether a code is the current one or one step either side (a phone's clock a little off, a code typed as
 * it changed). A code is not refused for having been used already within its window: several sign-ins of
 * one account at once (the demo's, the browser suite's) must all pass; guessing is held back by the limits.
 */
export const totpMatches = (secret: string, code: string) => totpOf(secret).validate({ token: code, window: 1 }) !== null;

/** What the app scans: an otpauth:// address, and it drawn as a QR code here (never by an outside service). */
export async function enrolmentOf(secret: string, label: string) {
  const uri = totpOf(secret, label).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, uri, qrSvg };
}

// 32 letters and digits (no i, l, o, u): each random byte gives one without bias.
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of ten characters (50 bits each), written `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored: case, spaces and dashes do not matter. */
export const recoveryCodeHash = (code: string) => hashToken(code.toLowerCase().replace(/[\s-]/g, ""));
