/**
 * Proof of presence for registration (architecture 'Second factor and registration'): the API issues a
 * signed, short-lived challenge; the registration page finds a number whose SHA-256 with the challenge
 * starts with the challenge's count of zero bits (in a worker, a second or so), and the API checks it
 * with one hash. No outside service is asked. The hash is written out here so the browser, its worker
 * and the tests compute exactly what the API checks, also where `crypto.subtle` is missing (plain http).
 */

/** GET /staff/register/challenge. */
export type PresenceChallenge = { challenge: string; bits: number; expiresAt: string };

/** The form field a registration carries its proof in: JSON of this. */
export type PresenceProof = { challenge: string; solution: string };
export const presenceFieldName = "presence";

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const W = new Uint32Array(64);

/** SHA-256 of an ASCII text (challenges and numbers are ASCII), as eight 32-bit words. */
export function sha256Words(text: string): Uint32Array {
  const length = text.length;
  const blocks = Math.ceil((length + 9) / 64);
  const words = new Uint32Array(blocks * 16);
  for (let i = 0; i < length; i++) words[i >> 2] = (words[i >> 2] ?? 0) | ((text.charCodeAt(i) & 0xff) << (24 - (i % 4) * 8));
  words[length >> 2] = (words[length >> 2] ?? 0) | (0x80 << (24 - (length % 4) * 8));
  words[blocks * 16 - 1] = length * 8;
  const h = new Uint32Array(H0);
  for (let b = 0; b < blocks; b++) {
    for (let t = 0; t < 16; t++) W[t] = words[b * 16 + t] ?? 0;
    for (let t = 16; t < 64; t++) {
      const w15 = W[t - 15] ?? 0;
      const w2 = W[t - 2] ?? 0;
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[t] = ((W[t - 16] ?? 0) + s0 + (W[t - 7] ?? 0) + s1) | 0;
    }
    let a = h[0] ?? 0;
    let b1 = h[1] ?? 0;
    let c = h[2] ?? 0;
    let d = h[3] ?? 0;
    let e = h[4] ?? 0;
    let f = h[5] ?? 0;
    let g = h[6] ?? 0;
    let hh = h[7] ?? 0;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + (K[t] ?? 0) + (W[t] ?? 0)) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b1) ^ (a & c) ^ (b1 & c);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b1;
      b1 = a;
      a = (t1 + t2) | 0;
    }
    h[0] = ((h[0] ?? 0) + a) | 0;
    h[1] = ((h[1] ?? 0) + b1) | 0;
    h[2] = ((h[2] ?? 0) + c) | 0;
    h[3] = ((h[3] ?? 0) + d) | 0;
    h[4] = ((h[4] ?? 0) + e) | 0;
    h[5] = ((h[5] ?? 0) + f) | 0;
    h[6] = ((h[6] ?? 0) + g) | 0;
    h[7] = ((h[7] ?? 0) + hh) | 0;
  }
  return h;
}

/** How many zero bits the hash starts with. */
export function leadingZeroBits(hash: Uint32Array): number {
  let bits = 0;
  for (const word of hash) {
    if (word === 0) {
      bits += 32;
      continue;
    }
    return bits + Math.clz32(word);
  }
  return bits;
}

/** What is hashed for a try: the challenge and the number, as the API checks it. */
export const presenceText = (challenge: string, solution: string) => `${challenge}:${solution}`;

/** Does `solution` solve the challenge at `bits`? */
export const solvesPresence = (challenge: string, solution: string, bits: number) => leadingZeroBits(sha256Words(presenceText(challenge, solution))) >= bits;

/**
 * Tries numbers from `from` on, `count` of them at most: the solution, or null when none of them solves it
 * (the caller reports progress and goes on from `from + count`).
 */
export function searchPresence(challenge: string, bits: number, from: number, count: number): string | null {
  for (let n = from; n < from + count; n++) {
    const solution = String(n);
    if (solvesPresence(challenge, solution, bits)) return solution;
  }
  return null;
}
