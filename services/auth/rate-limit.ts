import { and, eq, lt, sql } from "drizzle-orm";
import { authMessages } from "../../lib/contract/messages";
import type { Db } from "../db/client";
import { rateLimit } from "../db/schema";
import { AppError } from "../http/errors";

/**
 * Fixed-window counters kept in the database, so every API instance counts together.
 * `hit` adds one and returns the new count; `current` only reads.
 */
function windowStart(windowSeconds: number) {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(Date.now() / ms) * ms);
}

export async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const start = windowStart(windowSeconds);
  const [row] = await db
    .insert(rateLimit)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimit.key, rateLimit.windowStart], set: { count: sql`${rateLimit.count} + 1` } })
    .returning({ count: rateLimit.count });
  await db.delete(rateLimit).where(and(eq(rateLimit.key, key), lt(rateLimit.windowStart, start)));
  return row?.count ?? 1;
}

export async function current(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(and(eq(rateLimit.key, key), eq(rateLimit.windowStart, windowStart(windowSeconds))));
  return row?.count ?? 0;
}

/** Throws 429 when any of the keys has reached its limit in this window. */
export async function assertUnderLimits(db: Db, windowSeconds: number, limits: [key: string, limit: number][]) {
  for (const [key, limit] of limits) {
    if ((await current(db, key, windowSeconds)) >= limit) throw new AppError("rate_limited", authMessages.tooManyAttempts);
  }
}
