import { and, eq, lt, sql } from "drizzle-orm";
import { authMessages } from "../../lib/contract/messages";
import type { Db } from "../db/client";
import { rateLimit } from "../db/schema";
import { AppError } from "../http/errors";

/**
 * Fixed-window counters kept in the database, so every API instance counts together.
 * `takeAttempt` is what routes use.
 */
function windowStart(windowSeconds: number) {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(Date.now() / ms) * ms);
}

async function hitAt(db: Db, key: string, start: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimit)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimit.key, rateLimit.windowStart], set: { count: sql`${rateLimit.count} + 1` } })
    .returning({ count: rateLimit.count });
  await db.delete(rateLimit).where(and(eq(rateLimit.key, key), lt(rateLimit.windowStart, start)));
  return row?.count ?? 1;
}

/**
 * Counts an attempt against every key before the caller checks it, atomically, so parallel attempts
 * cannot get past a limit (checking first and counting after lets every request in flight through).
 * Throws 429, taking the attempt back, when any key is over its limit. Returns `refund`, which takes
 * the attempt back: a successful sign-in does not count.
 */
export async function takeAttempt(db: Db, windowSeconds: number, limits: [key: string, limit: number][]): Promise<() => Promise<void>> {
  const start = windowStart(windowSeconds);
  const counts: number[] = [];
  for (const [key] of limits) counts.push(await hitAt(db, key, start));
  const refund = async () => {
    for (const [key] of limits) {
      await db
        .update(rateLimit)
        .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
        .where(and(eq(rateLimit.key, key), eq(rateLimit.windowStart, start)));
    }
  };
  if (limits.some(([, limit], i) => (counts[i] ?? 0) > limit)) {
    await refund();
    throw new AppError("rate_limited", authMessages.tooManyAttempts);
  }
  return refund;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * A daily counter per key (a calendar day in UTC), for caps that must hold however the tries are
 * spread: `peek` reads it, `hit` counts one more and answers the new count.
 */
export const daily = {
  async peek(db: Db, key: string): Promise<number> {
    const [row] = await db
      .select({ count: rateLimit.count })
      .from(rateLimit)
      .where(and(eq(rateLimit.key, key), eq(rateLimit.windowStart, windowStart(DAY_SECONDS))));
    return row?.count ?? 0;
  },
  hit: (db: Db, key: string): Promise<number> => hitAt(db, key, windowStart(DAY_SECONDS)),
};
