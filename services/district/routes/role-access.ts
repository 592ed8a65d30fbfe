import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { uuidParam } from "../../../lib/contract/fields";
import { assignRoleSchema, roleMessages, type RoleAssigned, type StaffAccess } from "../../../lib/contract/roles";
import { organizationOf } from "../../auth/organizations";
import { recordAudit } from "../../db/audit";
import { district, roleAccess, staff } from "../../db/schema";
import { assertCanGrant } from "../../auth/grant-guard";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, notFound } from "../../http/errors";
import { assignmentsOf, findRole, inScope, isUniqueViolation } from "../queries/roles";

const tag = "Roles and permissions";
const alreadyHeld = () => new AppError("conflict", roleMessages.alreadyHeld);

/** Role access is staff × organisation × role (architecture, 'Identity and tenancy'); all three in one district. */
export function roleAccessRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/role/assign",
      summary:
        "Give a staff member a role in an organisation: the district (when organizationId is left out), one of its LGEAs or schools. Body: { staffId, roleId, organizationId? }, all of the caller's district (else 404). 201 { roleAccessId }; 409 when already held there. Applies at the staff member's next request",
      tag,
      access: requires("role.assign"),
      body: assignRoleSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      // The role fixes the district (a super administrator may work in any); staff and organisation must be in it.
      const found = await findRole(db, actor, body.roleId);
      if (!found) throw notFound();
      await assertCanGrant(db, actor, found.operations);
      const districtId = found.districtId;
      const [target] = await db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.id, body.staffId), eq(staff.districtId, districtId)));
      if (!target) throw notFound();
      const organization = await organizationOf(db, body.organizationId ?? districtId, districtId);
      if (!organization) throw notFound();
      const values = { staffId: target.id, districtId, organizationType: organization.type, organizationId: organization.id, roleId: found.id };
      try {
        const created = await db.transaction(async (tx) => {
          const [held] = await tx
            .select({ id: roleAccess.id })
            .from(roleAccess)
            .where(and(eq(roleAccess.staffId, values.staffId), eq(roleAccess.organizationId, values.organizationId), eq(roleAccess.roleId, values.roleId)));
          if (held) throw alreadyHeld();
          const [row] = await tx.insert(roleAccess).values(values).returning();
          if (!row) throw new Error("role access insert returned nothing");
          await recordAudit(tx, actor, "role.assign", row, null, { ...values, roleName: found.name, organizationName: organization.name });
          return row;
        });
        return c.json({ roleAccessId: created.id } satisfies RoleAssigned, 201);
      } catch (error) {
        if (isUniqueViolation(error, "role_access_uq")) throw alreadyHeld();
        throw error;
      }
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
      const actor = c.get("actor");
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(roleAccess)
          .where(and(eq(roleAccess.id, params.roleAccessId), inScope(actor, roleAccess.districtId)))
          .returning();
        if (!removed) throw notFound();
        await recordAudit(tx, actor, "role.unassign", removed, removed, null);
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
      const [row] = await db
        .select({
          staff: { id: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email, isSuperAdmin: staff.isSuperAdmin },
          districtId: staff.districtId,
          ownerStaffId: district.ownerStaffId,
        })
        .from(staff)
        .innerJoin(district, eq(district.id, staff.districtId))
        .where(and(eq(staff.id, params.staffId), inScope(c.get("actor"), staff.districtId)));
      if (!row) throw notFound();
      const grants = (await assignmentsOf(db, row.districtId, { staffId: row.staff.id })).map(({ roleAccessId, role, organization }) => ({
        roleAccessId,
        role: { id: role.id, name: role.name },
        organization,
        operations: role.operations,
      }));
      const access: StaffAccess = { staff: row.staff, isDistrictOwner: row.ownerStaffId === row.staff.id, grants };
      return c.json(access);
    },
  );
}
