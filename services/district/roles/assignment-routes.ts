import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import { assignRoleSchema, roleMessages, type AssignableOrganizations, type RoleAssigned, type StaffAccess } from "../../../lib/contract/roles";
import { recordAudit } from "../../db/audit";
import { scopeInDistrict } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, notFound } from "../../http/errors";
import { findStaff } from "../staff/queries";
import {
  assignableOrganizations,
  assignmentsOf,
  deleteRoleAccess,
  findRole,
  insertRoleAccess,
  isRoleHeld,
  organizationInScope,
  staffWithOwner,
} from "./queries";
import { assertCanGrant, assertCanRemove } from "./rules";

const tag = "Roles and permissions";
const alreadyHeld = () => new AppError("conflict", roleMessages.alreadyHeld);

/** Role access is staff × organisation × role (architecture, 'Identity and tenancy'); all three in one district and in the caller's scope. */
export function roleAccessRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/role/assign",
      summary:
        "Give a staff member a role in an organisation: the district (when organizationId is left out), one of its LGEAs or schools, within the caller's scope. Body: { staffId, roleId, organizationId? }, all of the caller's district (else 404). 201 { roleAccessId }; 409 when already held there. Applies at the staff member's next request",
      tag,
      access: requires("role.assign"),
      body: assignRoleSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      // The role fixes the district (a super administrator may work in any); staff and organisation must be in it.
      const found = await findRole(db, c.get("scope"), body.roleId);
      if (!found) throw notFound();
      const scope = scopeInDistrict(c.get("scope"), found.districtId);
      assertCanGrant(actor, found.operations);
      const target = await findStaff(db, scope, body.staffId);
      if (!target) throw notFound();
      const organization = await organizationInScope(db, scope, body.organizationId ?? found.districtId);
      if (!organization) throw notFound();
      const values = {
        staffId: target.id,
        districtId: found.districtId,
        organizationType: organization.type,
        organizationId: organization.id,
        roleId: found.id,
      };
      const created = await guardUnique("role_access_uq", alreadyHeld, () =>
        db.transaction(async (tx) => {
          if (await isRoleHeld(tx, scope, values)) throw alreadyHeld();
          const row = await insertRoleAccess(tx, values);
          await recordAudit(tx, actor, "role.assign", row, null, { ...values, roleName: found.name, organizationName: organization.name });
          return row;
        }),
      );
      return c.json({ roleAccessId: created.id } satisfies RoleAssigned, 201);
    },
  );

  route(
    {
      method: "GET",
      path: "/role/assignable-organizations",
      summary:
        "Where the caller may give a role, within their own reach: the district (at district level only), its LGEAs and schools in reach. AssignableOrganizations { organizations: [{ id, name, type, lgeaName }] }, the district first, then LGEAs and schools by name",
      tag,
      access: requires("role.assign"),
    },
    async (c) => {
      const organizations = await assignableOrganizations(c.get("deps").db, c.get("scope"));
      return c.json({ organizations } satisfies AssignableOrganizations);
    },
  );

  route(
    {
      method: "POST",
      path: "/role/unassign/:roleAccessId",
      summary:
        "Take one assignment (a roleAccessId from RoleDetail.holders or StaffAccess.grants) away. { message }. Applies at the staff member's next request",
      tag,
      access: requires("role.assign"),
      params: z.object({ roleAccessId: uuidParam }),
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      await db.transaction(async (tx) => {
        const removed = await deleteRoleAccess(tx, c.get("scope"), params.roleAccessId);
        if (!removed) throw notFound();
        // Checked inside the transaction, after the delete: a refusal rolls it back.
        const removedRole = await findRole(tx, scopeInDistrict(c.get("scope"), removed.districtId), removed.roleId);
        assertCanRemove(c.get("actor"), removedRole?.operations ?? []);
        await recordAudit(tx, c.get("actor"), "role.unassign", removed, removed, null);
      });
      return c.json({ message: roleMessages.unassigned });
    },
  );

  route(
    {
      method: "GET",
      path: "/role/staff-access/:staffId",
      summary:
        "What one staff member may do and through which role: StaffAccess { staff, isDistrictOwner, grants: [{ roleAccessId, role, organization, operations }] }",
      tag,
      access: requires("role.view"),
      params: z.object({ staffId: uuidParam }),
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const row = await staffWithOwner(db, c.get("scope"), params.staffId);
      if (!row) throw notFound();
      const grants = (await assignmentsOf(db, scopeInDistrict(c.get("scope"), row.districtId), { staffId: row.staff.id })).map(
        ({ roleAccessId, role, organization }) => ({ roleAccessId, role: { id: role.id, name: role.name }, organization, operations: role.operations }),
      );
      const access: StaffAccess = { staff: row.staff, isDistrictOwner: row.ownerStaffId === row.staff.id, grants };
      return c.json(access);
    },
  );
}
