import { requestedDistrict } from "../queries/requested-district";
import { and, asc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { staffSearchQuerySchema, type StaffSearchResult } from "../../../lib/contract/roles";
import { likeEscape } from "../../db/like-escape";
import { staff } from "../../db/schema";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";

export function staffSearchRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/staff/search",
      summary:
        "Staff autocomplete (spec §7). Query: district[0]? (the caller's district when left out), searchTerm? (first name, last name, 'first last' or e-mail, case-insensitive), limit? (1–1000, default 5), includeLoggedInUser? ('true' to list the caller too). { foundStaffs: StaffSearchResult[] } by last and first name",
      tag: "Staff",
      access: requires("staff.view"),
      query: staffSearchQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const districtId = await requestedDistrict(db, actor, query["district[0]"]);

      const term = query.searchTerm.replace(/\s+/g, " ");
      const pattern = `%${likeEscape(term)}%`;
      const matches = term
        ? or(
            ilike(staff.firstName, pattern),
            ilike(staff.lastName, pattern),
            ilike(sql`${staff.firstName} || ' ' || ${staff.lastName}`, pattern),
            ilike(staff.email, pattern),
          )
        : undefined;
      const foundStaffs: StaffSearchResult[] = await db
        .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email, staffType: staff.staffType })
        .from(staff)
        .where(
          and(
            eq(staff.districtId, districtId),
            matches,
            query.includeLoggedInUser === "true" ? undefined : ne(staff.id, actor.staffId),
            // A super administrator merely has a home district; district staff do not find them there.
            actor.isSuperAdmin ? undefined : eq(staff.isSuperAdmin, false),
          ),
        )
        .orderBy(asc(staff.lastName), asc(staff.firstName), asc(staff.id))
        .limit(query.limit);
      return c.json({ foundStaffs });
    },
  );
}
