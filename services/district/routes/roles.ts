import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidParam } from "../../../lib/contract/fields";
import { successNotices } from "../../../lib/contract/messages";
import { roleFormSchema, roleMessages, roleUpdateSchema, type RoleDeleted, type RoleDetail } from "../../../lib/contract/roles";
import { assertCanGrant } from "../../auth/grant-guard";
import { recordAudit } from "../../db/audit";
import { role, roleAccess } from "../../db/schema";
import { assertSameDistrict, requires } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, notFound } from "../../http/errors";
import {
  assignmentsOf,
  districtOfOrganization,
  findRole,
  isNameTaken,
  isUniqueViolation,
  knownOperations,
  normalizeName,
  permissionsFor,
  roleSummaries,
  toSummary,
} from "../queries/roles";

const tag = "Roles and permissions";
const idParams = z.object({ id: uuidParam });
const nameTaken = () => new AppError("conflict", roleMessages.nameTaken);
const stale = () => new AppError("conflict", roleMessages.staleVersion);

/** Two concurrent writes of the same name both pass the check; the unique index stops the second. */
async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "role_district_name_uq")) throw nameTaken();
    throw error;
  }
}

export function roleRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/role/add",
      summary:
        "Create a role in the caller's district. Body: { name, description?, operations }. 201 { role: RoleSummary }; 409 when the district has a role of that name (case and spaces ignored)",
      tag,
      access: requires("role.create"),
      body: roleFormSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const values = {
        districtId: actor.districtId,
        name: normalizeName(body.name),
        description: body.description,
        operations: knownOperations(body.operations),
      };
      await assertCanGrant(db, actor, values.operations);
      const created = await guardName(() =>
        db.transaction(async (tx) => {
          if (await isNameTaken(tx, values.districtId, values.name)) throw nameTaken();
          const [row] = await tx.insert(role).values(values).returning();
          if (!row) throw new Error("role insert returned nothing");
          await recordAudit(tx, actor, "role.create", row, null, toSummary(row, 0));
          return row;
        }),
      );
      return c.json({ role: toSummary(created, 0) }, 201);
    },
  );

  route(
    {
      method: "GET",
      path: "/role/get-by-id/:id",
      summary: "One role of the caller's district: { role: RoleDetail } with its permissions (name, description, category, operation) and holders",
      tag,
      access: requires("role.view"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const found = await findRole(db, c.get("actor"), params.id);
      if (!found) throw notFound();
      const [summary] = await roleSummaries(db, found.districtId, found.id);
      if (!summary) throw notFound();
      const holders = (await assignmentsOf(db, found.districtId, { roleId: found.id })).map(({ roleAccessId, staff, organization }) => ({
        roleAccessId,
        staff,
        organization,
      }));
      const detail: RoleDetail = { ...summary, permissions: await permissionsFor(db, summary.operations), holders };
      return c.json({ role: detail });
    },
  );

  route(
    {
      method: "PATCH",
      path: "/role/update/:id",
      summary:
        "Change a role's name, description and operations. Body: { name, description?, operations, version }. { role: RoleSummary } with the version bumped; 409 when version is stale or the name is taken",
      tag,
      access: requires("role.update"),
      params: idParams,
      body: roleUpdateSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const updated = await guardName(() =>
        db.transaction(async (tx) => {
          const before = await findRole(tx, actor, params.id);
          if (!before) throw notFound();
          if (before.version !== body.version) throw stale();
          // Only what the edit adds must be the editor's own; keeping what the role had is fine.
          await assertCanGrant(
            tx,
            actor,
            knownOperations(body.operations).filter((op) => !before.operations.includes(op)),
          );
          const name = normalizeName(body.name);
          if (await isNameTaken(tx, before.districtId, name, before.id)) throw nameTaken();
          const [row] = await tx
            .update(role)
            .set({
              name,
              description: body.description,
              operations: knownOperations(body.operations),
              version: sql`${role.version} + 1`,
              updatedAt: new Date(),
            })
            .where(and(eq(role.id, before.id), eq(role.version, body.version)))
            .returning();
          if (!row) throw stale();
          const [summary] = await roleSummaries(tx, row.districtId, row.id);
          if (!summary) throw notFound();
          await recordAudit(tx, actor, "role.update", row, toSummary(before, summary.holderCount), summary);
          return summary;
        }),
      );
      return c.json({ role: updated });
    },
  );

  route(
    {
      method: "POST",
      path: "/role/delete/:id",
      summary:
        "Delete a role and every assignment of it in one transaction; its holders must be given another role by hand (spec §6). { message: 'Role Deleted Successfully', removedAssignments }",
      tag,
      access: requires("role.delete"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const result = await db.transaction(async (tx) => {
        const found = await findRole(tx, actor, params.id);
        if (!found) throw notFound();
        const removed = await tx
          .delete(roleAccess)
          .where(and(eq(roleAccess.roleId, found.id), eq(roleAccess.districtId, found.districtId)))
          .returning();
        const [deleted] = await tx
          .delete(role)
          .where(and(eq(role.id, found.id), eq(role.districtId, found.districtId)))
          .returning();
        if (!deleted) throw notFound();
        const assignments = removed.map((r) => ({ roleAccessId: r.id, staffId: r.staffId, organizationId: r.organizationId }));
        await recordAudit(tx, actor, "role.delete", deleted, { ...toSummary(deleted, removed.length), assignments }, null);
        return { message: successNotices.roleDeleted, removedAssignments: removed.length } satisfies RoleDeleted;
      });
      return c.json(result);
    },
  );

  route(
    {
      method: "GET",
      path: "/role/get-roles-for-organization/:id",
      summary: "The roles of the district that :id is (or that the LGEA or school :id belongs to), by name: { roles: RoleSummary[] }",
      tag,
      access: requires("role.view"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const districtId = await districtOfOrganization(db, params.id);
      if (!districtId) throw notFound();
      assertSameDistrict(c.get("actor"), districtId);
      return c.json({ roles: await roleSummaries(db, districtId) });
    },
  );
}
