import * as z from "zod/mini";
import { permissionsByOperationsSchema } from "../../../lib/contract/roles";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { catalogue, permissionsFor } from "./queries";

export function permissionRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/permission/by-restriction/:type",
      summary: "The permission catalogue for a restriction type (District)",
      tag: "Roles and permissions",
      access: requires("role.view"),
      params: z.object({ type: z.enum(["District"]) }),
    },
    async (c, { params }) => c.json({ permissions: await catalogue(c.get("deps").db, params.type) }),
  );

  route(
    {
      method: "POST",
      path: "/permission/get-permissions-by-operations",
      summary:
        "Name, description and category of the known operations among those given, for display. Body: { operations }. { permissions }; unknown operations are left out",
      tag: "Roles and permissions",
      access: requires("role.view"),
      body: permissionsByOperationsSchema,
    },
    async (c, { body }) => c.json({ permissions: await permissionsFor(c.get("deps").db, body.operations) }),
  );
}
