import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import { requestedDistrict, scopeInDistrict } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { dashboardFigures } from "./queries";

export function dashboardRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/district/get-dashboard-information/:id",
      summary:
        "The district's figures: schools, LGEAs, classes, staff by type, students by gender, students per LGEA (for staff working in an LGEA or a school, that part of the district)",
      tag: "District",
      access: requires("district.view"),
      params: z.object({ id: uuidParam }),
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const districtId = await requestedDistrict(db, scope, params.id);
      return c.json(await dashboardFigures(db, scopeInDistrict(scope, districtId)));
    },
  );
}
