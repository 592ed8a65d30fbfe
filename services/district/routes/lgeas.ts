import { asc, count, eq, sql } from "drizzle-orm";
import { lgeaSearchQuerySchema, type LgeaPage } from "../../../lib/contract/lgea";
import { district, lgea } from "../../db/schema";
import { assertSameDistrict, requires } from "../../http/access";
import type { Api } from "../../http/api";
import { notFound } from "../../http/errors";

export function lgeaRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/lgea/search",
      summary: "The district's LGEAs by name, a page at a time. Query: district[0]? (the caller's district when left out), limit? (1–1000, default 20), page? (from 1). { lgeas, total, page, limit }",
      tag: "LGEA",
      access: requires("lgea.view"),
      query: lgeaSearchQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const districtId = query["district[0]"] ?? actor.districtId;
      assertSameDistrict(actor, districtId);
      const [known] = await db.select({ id: district.id }).from(district).where(eq(district.id, districtId));
      if (!known) throw notFound();
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
