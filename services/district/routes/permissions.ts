import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { permission } from "../../db/schema";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";

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
}
