import * as z from "zod/mini";
import { nameWithin, text, upTo, versionField } from "./fields";
import { allOperations, type Operation, type Permission } from "./permissions";
import type { StaffPosting } from "./staff-values";
import type { OrganizationType } from "./user";

export * from "./roles-values";

const operationEnum = z.enum(allOperations as [Operation, ...Operation[]], { error: "Unknown permission." });

/** The role form (create and edit) and the API's role body. */
export const roleFormSchema = z.object({
  name: nameWithin(80),
  description: z._default(text(500), ""),
  operations: z.array(operationEnum).check(z.minLength(1, "Choose at least one permission."), z.maxLength(allOperations.length, "Unknown permission.")),
});
export type RoleForm = z.input<typeof roleFormSchema>;

/** An update names the version it was made from; a stale one gets 409 instead of overwriting. */
export const roleUpdateSchema = z.extend(roleFormSchema, { version: versionField });
export type RoleUpdate = z.input<typeof roleUpdateSchema>;

export const assignRoleSchema = z.object({
  staffId: z.uuid({ error: "Choose a staff member." }),
  roleId: z.uuid({ error: "Choose a role." }),
  /** The district itself, or one of its LGEAs or schools; the district when left out. */
  organizationId: z.optional(z.uuid({ error: "Choose an organisation." })),
});
export type AssignRole = z.infer<typeof assignRoleSchema>;

export const permissionsByOperationsSchema = z.object({ operations: z.array(upTo(100)).check(z.maxLength(500, "At most 500 permissions.")) });

export type RoleSummary = {
  id: string;
  districtId: string;
  name: string;
  description: string;
  /** Known operations only, in catalogue order. */
  operations: Operation[];
  /** Assignments of the role (staff × organisation): one staff member holding it in two organisations counts twice. */
  holderCount: number;
  version: number;
};

export type RoleHolder = {
  roleAccessId: string;
  staff: { id: string; firstName: string; lastName: string; email: string };
  organization: { id: string; name: string; type: OrganizationType };
};

export type RoleDetail = RoleSummary & { permissions: Permission[]; holders: RoleHolder[] };

/** What one staff member may do, and through which role (issue: 'see, for any staff member...'). */
export type StaffAccess = {
  staff: { id: string; firstName: string; lastName: string; email: string; isSuperAdmin: boolean };
  isDistrictOwner: boolean;
  grants: {
    roleAccessId: string;
    role: { id: string; name: string };
    organization: { id: string; name: string; type: OrganizationType };
    operations: Operation[];
  }[];
};

/** A staff member as the autocomplete shows one (GET /staff/search answers more: StaffListItem). */
export type StaffSearchResult = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  staffType: string;
  /** Where they are posted: tells namesakes apart. */
  posting: StaffPosting;
};

/** POST /role/delete/{id}: the role and every assignment of it are gone. */
export type RoleDeleted = { message: string; removedAssignments: number };

/**
 * GET /role/assignable-organizations: where the caller may give a role (their own reach): the district
 * (only when they work at the district), its LGEAs and schools in reach; a school with its LGEA's name.
 */
export type AssignableOrganization = { id: string; name: string; type: OrganizationType; lgeaName: string | null };
export type AssignableOrganizations = { organizations: AssignableOrganization[] };

/** POST /role/assign answers 201 with the new assignment's id (the one POST /role/unassign/{roleAccessId} takes). */
export type RoleAssigned = { roleAccessId: string };
