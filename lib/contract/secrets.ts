import * as z from "zod/mini";

/** Words that mark a value as a stand-in (.env.example's are "change-me-…"), not a secret. */
const placeholder = /change-?me|example|placeholder|your[-_ ]?secret|replace[-_ ]?me/i;

/** Shannon entropy of the characters times the length: ~190 bits for 32 random bytes in base64url, far less for words or patterns. */
function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / value.length) * Math.log2(n / value.length);
  return perChar * value.length;
}

/** `abcabcabc…`: the whole value is one short run repeated. */
const isPeriodic = (value: string) => /^(.{1,24}?)\1+.{0,24}$/s.test(value) && new Set(value).size < value.length / 2;

/**
 * A secret the product signs or encrypts with (JWT_SECRET, SESSION_SECRET, INTERNAL_SECRET): long,
 * not a placeholder, and not easy to guess, so a deployment that copied .env.example does not start.
 */
export function secretField(name: string) {
  const advice = "set a random value, for example the output of: openssl rand -base64 48";
  return z.string({ error: `${name} is required.` }).check(
    z.minLength(32, `${name} must be at least 32 characters.`),
    z.refine((v) => !placeholder.test(v), `${name} is a placeholder (from .env.example?): ${advice}.`),
    z.refine((v) => new Set(v).size >= 12 && estimatedBits(v) >= 100 && !isPeriodic(v), `${name} is too easy to guess: ${advice}.`),
  );
}
