import type { Context } from "hono";
import { statisticsQuerySchema, type EnrolmentStatistics, type StatisticsFilters } from "../../../lib/contract/statistics";
import { requestedDistrict, scopeInDistrict } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { ApiEnv } from "../../http/context";
import { enrolmentStatistics } from "./enrolment";
import { chosenSession, reachOf } from "./reach";

const tag = "Statistics";

const filtersText =
  "Query: district[0]? (the caller's district when left out; another only for a super administrator), session? (e.g. 2026/2027; the district's current session when left out, never a later one), lgeaId?, schoolId?, category? (a school category), level? (Pre-primary, Primary, Junior Secondary, Senior Secondary), gender? (Male or Female). The figures cover the caller's reach (the district, their LGEA's schools or their school) and say when and for whom they were computed";

/** The caller's scope in the district asked about, the session, and the reach's name. */
async function statisticsContext(c: Context<ApiEnv>, query: StatisticsFilters) {
  const { db } = c.get("deps");
  const caller = c.get("scope");
  const scope = scopeInDistrict(caller, await requestedDistrict(db, caller, query["district[0]"]));
  const [session, reach] = await Promise.all([chosenSession(db, scope, query.session), reachOf(db, scope)]);
  return { db, scope, at: { ...session, reach } };
}

/** The figures a district reports upward (issue: statistics), for the caller's reach. */
export function statisticsRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/statistics/enrolment",
      summary: `Enrolment: enrolled pupils by school, LGEA, class type, level and (for one school) class arm, by gender, with totals, and the gender parity index (female ÷ male, null when there are no male pupils, flagged outside 0.97–1.03) per level and per LGEA. ${filtersText}. EnrolmentStatistics`,
      tag,
      access: requires("statistics.view"),
      query: statisticsQuerySchema,
    },
    async (c, { query }) => {
      const { db, scope, at } = await statisticsContext(c, query);
      return c.json((await enrolmentStatistics(db, scope, query, at)) satisfies EnrolmentStatistics);
    },
  );
}
