import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import { successNotices } from "../../../lib/contract/messages";
import { roleFormSchema, roleMessages, roleUpdateSchema, type RoleDeleted, type RoleDetail } from "../../../lib/contract/roles";
import { recordAudit } from "../../db/audit";
import { normalizeName } from "../../db/names";
import { role } from "../../db/schema";
import { scopeInDistrict } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { updateVersioned } from "../../db/versioned";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, notFound } from "../../http/errors";
import {
  assignmentsOf,
  deleteRole,
  districtOfOrganization,
  findRole,
  insertRole,
  isRoleNameTaken,
  knownOperations,
  permissionsFor,
  roleSummaries,
  toSummary,
} from "./queries";
import { assertCanGrant, assertCanRemove, assertMayChangeRoles } from "./rules";

const tag = "Roles and permissions";
const idParams = z.object({ id: uuidParam });
const nameTaken = () => new AppError("conflict", roleMessages.nameTaken);
/** Two concurrent writes of the same name both pass the check; the unique index stops the second. */
const guardName = <T>(write: () => Promise<T>) => guardUnique("role_district_name_uq", nameTaken, write);

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
      const scope = c.get("scope");
      const actor = c.get("actor");
      assertMayChangeRoles(scope);
      const values = { name: normalizeName(body.name), description: body.description, operations: knownOperations(body.operations) };
      assertCanGrant(actor, values.operations);
      const created = await guardName(() =>
        db.transaction(async (tx) => {
          if (await isRoleNameTaken(tx, scope, values.name)) throw nameTaken();
          const row = await insertRole(tx, scope, values);
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
      const found = await findRole(db, c.get("scope"), params.id);
      if (!found) throw notFound();
      const scope = scopeInDistrict(c.get("scope"), found.districtId);
      const [summary] = await roleSummaries(db, scope, found.id);
      if (!summary) throw notFound();
      const holders = (await assignmentsOf(db, scope, { roleId: found.id })).map(({ roleAccessId, staff, organization }) => ({
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
      assertMayChangeRoles(c.get("scope"));
      const updated = await guardName(() =>
        db.transaction(async (tx) => {
          const before = await findRole(tx, c.get("scope"), params.id);
          if (!before) throw notFound();
          const scope = scopeInDistrict(c.get("scope"), before.districtId);
          const [{ holderCount } = { holderCount: 0 }] = await roleSummaries(tx, scope, before.id);
          const set = async () => {
            // Only what the edit adds or takes away must be the editor's own; keeping what the role had is fine.
            const after = knownOperations(body.operations);
            assertCanGrant(
              actor,
              after.filter((op) => !before.operations.includes(op)),
            );
            assertCanRemove(
              actor,
              before.operations.filter((op) => !(after as readonly string[]).includes(op)),
            );
            const name = normalizeName(body.name);
            if (await isRoleNameTaken(tx, scope, name, before.id)) throw nameTaken();
            return { name, description: body.description, operations: knownOperations(body.operations) };
          };
          const row = await updateVersioned(tx, scope, actor, role, before, {
            version: body.version,
            set,
            operation: "role.update",
            stale: roleMessages.staleVersion,
            view: (r) => toSummary(r, holderCount),
          });
          return toSummary(row, holderCount);
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
      assertMayChangeRoles(c.get("scope"));
      const result = await db.transaction(async (tx) => {
        const found = await findRole(tx, c.get("scope"), params.id);
        if (!found) throw notFound();
        if (found.systemKey) throw new AppError("conflict", roleMessages.systemRoleLocked);
        assertCanRemove(actor, found.operations);
        const { deleted, removed } = await deleteRole(tx, scopeInDistrict(c.get("scope"), found.districtId), found);
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
      const scope = c.get("scope");
      const districtId = await districtOfOrganization(db, scope, params.id);
      if (!districtId) throw notFound();
      return c.json({ roles: await roleSummaries(db, scopeInDistrict(scope, districtId)) });
    },
  );
}
