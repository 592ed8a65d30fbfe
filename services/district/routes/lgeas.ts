import { requestedDistrict } from "../queries/requested-district";
import { asc, count, eq, sql } from "drizzle-orm";
import { lgeaSearchQuerySchema, type LgeaPage } from "../../../lib/contract/lgea";
import { lgea } from "../../db/schema";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";

export function lgeaRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/lgea/search",
      summary:
        "The district's LGEAs by name, a page at a time. Query: district[0]? (the caller's district when left out), limit? (1–1000, default 20), page? (from 1). { lgeas, total, page, limit }",
      tag: "LGEA",
      access: requires("lgea.view"),
      query: lgeaSearchQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const districtId = await requestedDistrict(db, actor, query["district[0]"]);
      const [total] = await db.select({ n: count() }).from(lgea).where(eq(lgea.districtId, districtId));
      const lgeas = await db
        .select({ id: lgea.id, name: lgea.name, localGovernment: lgea.localGovernment })
        .from(lgea)
        .where(eq(lgea.districtId, districtId))
        .orderBy(asc(sql`lower(${lgea.name})`), asc(lgea.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return c.json({ lgeas, total: total?.n ?? 0, page: query.page, limit: query.limit } satisfies LgeaPage);
    },
  );
}
