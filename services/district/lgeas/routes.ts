import { lgeaSearchQuerySchema } from "../../../lib/contract/lgea";
import { requestedDistrict, scopeInDistrict } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { lgeaPage } from "./queries";

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
      const scope = c.get("scope");
      const districtId = await requestedDistrict(db, scope, query["district[0]"]);
      return c.json(await lgeaPage(db, scopeInDistrict(scope, districtId), query.page, query.limit));
    },
  );
}
