import { asc, count, sql } from "drizzle-orm";
import type { LgeaPage } from "../../../lib/contract/lgea";
import type { Reader } from "../../db/client";
import { lgea } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";

/** The LGEAs in the scope by name, a page at a time. */
export async function lgeaPage(db: Reader, scope: StaffScope, page: number, limit: number): Promise<LgeaPage> {
  const [total] = await db.select({ n: count() }).from(lgea).where(within(scope, lgea));
  const lgeas = await db
    .select({ id: lgea.id, name: lgea.name, localGovernment: lgea.localGovernment })
    .from(lgea)
    .where(within(scope, lgea))
    .orderBy(asc(sql`lower(${lgea.name})`), asc(lgea.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { lgeas, total: total?.n ?? 0, page, limit };
}
