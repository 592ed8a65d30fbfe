import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { permissionsByOperationsSchema } from "../../../lib/contract/roles";
import { permission } from "../../db/schema";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { permissionsFor } from "../queries/roles";

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
    async (c, { params }) => {
      const rows = await c
        .get("deps")
        .db.select({ operation: permission.operation, name: permission.name, description: permission.description, category: permission.category })
        .from(permission)
        .where(eq(permission.restrictionType, params.type))
        .orderBy(asc(permission.category), asc(permission.name));
      return c.json({ permissions: rows });
    },
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
