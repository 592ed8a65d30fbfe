import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { district } from "../../db/schema";
import { assertSameDistrict } from "../../http/access";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";

/**
 * The district a list call asks about (`district[0]` and the like): the caller's own when left out,
 * another only for a super administrator, and one that exists; anything else is 404.
 */
export async function requestedDistrict(db: Pick<Db, "select">, actor: Actor, requested: string | undefined): Promise<string> {
  const districtId = requested ?? actor.districtId;
  assertSameDistrict(actor, districtId);
  const [known] = await db.select({ id: district.id }).from(district).where(eq(district.id, districtId));
  if (!known) throw notFound();
  return districtId;
}
