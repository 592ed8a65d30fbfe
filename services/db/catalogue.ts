import { sql } from "drizzle-orm";
import { permissionCatalogue } from "../../lib/contract/permissions";
import type { Db } from "./client";
import { permission } from "./schema";

/** Brings the permission table in line with the catalogue in code; runs at every start. */
export async function syncPermissionCatalogue(db: Db) {
  await db
    .insert(permission)
    .values(permissionCatalogue.map((p) => ({ ...p, restrictionType: "District" })))
    .onConflictDoUpdate({
      target: permission.operation,
      set: { name: sql`excluded.name`, description: sql`excluded.description`, category: sql`excluded.category` },
    });
}
