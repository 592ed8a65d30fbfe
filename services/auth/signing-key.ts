/**
 * The tokens' HMAC key as WebCrypto holds it, imported once per secret. Given the secret as text, Hono imports it
 * again for every token it signs or checks: a check took 129 µs of CPU that way and 80 µs with the key kept
 * (`npm run bench jwt-key`, medians, the 2-core development machine). A process has one secret; tests, a few.
 */
const keys = new Map<string, Promise<CryptoKey>>();

export function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}
