import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { standInSecret } from "../../db/schema";

const known = new WeakMap<Db, Promise<string>>();

/**
 * The stand-in's secret key (no PAYSTACK_SECRET_KEY): PAYMENT_STAND_IN_SECRET when given (`configured`), else made once, on
 * first use, and kept in the database so every API worker signs and checks with the same one (the first insert wins; the
 * others read it).
 */
export function standInSecretOf(db: Db, configured?: string): Promise<string> {
  if (configured) return Promise.resolve(configured);
  const cached = known.get(db);
  if (cached) return cached;
  const reading = (async () => {
    await db
      .insert(standInSecret)
      .values({ id: 1, secret: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const [row] = await db.select({ secret: standInSecret.secret }).from(standInSecret).where(eq(standInSecret.id, 1));
    if (!row) throw new Error("the stand-in secret is missing after its insert");
    return row.secret;
  })();
  known.set(db, reading);
  // A failed read (the database was away) is tried again next time rather than remembered.
  reading.catch(() => known.delete(db));
  return reading;
}
