import { createHmac, timingSafeEqual } from "node:crypto";

/** The header Paystack signs its webhooks in. */
export const signatureHeader = "x-paystack-signature";

/** HMAC-SHA512 of the exact body bytes with the secret key, in hex: what Paystack (and the stand-in) put in `x-paystack-signature`. */
export const signBody = (rawBody: Uint8Array | string, secret: string) => createHmac("sha512", secret).update(rawBody).digest("hex");

/**
 * Whether a webhook's signature is the one its body and the secret make, compared in constant time so a
 * forger learns nothing from how long a refusal takes. A missing or malformed header is simply false.
 */
export function verifySignature(rawBody: Uint8Array, header: string | null | undefined, secret: string): boolean {
  if (!header || !/^[0-9a-f]{128}$/i.test(header.trim())) return false;
  const expected = createHmac("sha512", secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(header.trim(), "hex"));
}
