import { z } from "zod";
import { fieldMessages } from "./messages";
import { allOperations, type Operation, type Permission } from "./permissions";
import type { OrganizationType } from "./user";

const operationEnum = z.enum(allOperations as [Operation, ...Operation[]], { error: "Unknown permission." });

/** The role form (create and edit) and the API's role body. */
export const roleFormSchema = z.object({
  name: z
    .string({ error: fieldMessages.nameRequired })
    .trim()
    .min(1, fieldMessages.nameRequired)
    .min(3, fieldMessages.nameTooShort)
    .max(80, "At most 80 characters."),
  description: z.string().trim().max(500, "At most 500 characters.").default(""),
  operations: z.array(operationEnum).min(1, "Choose at least one permission.").max(allOperations.length),
});
export type RoleForm = z.input<typeof roleFormSchema>;

/** An update names the version it was made from; a stale one gets 409 instead of overwriting. */
export const roleUpdateSchema = roleFormSchema.extend({ version: z.number().int().positive() });
export type RoleUpdate = z.input<typeof roleUpdateSchema>;

export const assignRoleSchema = z.object({
  staffId: z.uuid({ error: "Choose a staff member." }),
  roleId: z.uuid({ error: "Choose a role." }),
  /** The district itself, or one of its LGEAs or schools; the district when left out. */
  organizationId: z.uuid().optional(),
});
export type AssignRole = z.infer<typeof assignRoleSchema>;

export const permissionsByOperationsSchema = z.object({ operations: z.array(z.string().max(100)).max(500) });

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

export type StaffSearchResult = { id: string; firstName: string; lastName: string; email: string; staffType: string };

/** Permissions grouped by category, categories and names in a stable order, for cards, dialogs and the form. */
export function groupByCategory<T extends { category: string; name: string }>(permissions: readonly T[]): { category: string; permissions: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const p of permissions) groups.set(p.category, [...(groups.get(p.category) ?? []), p]);
  return [...groups.entries()].map(([category, list]) => ({ category, permissions: list }));
}

/** Messages of the role and role-assignment routes, shown to the user as they come. */
export const roleMessages = {
  nameTaken: "A role with this name already exists.",
  staleVersion: "This role was changed by someone else. Reload it and try again.",
  alreadyHeld: "This staff member already holds this role there.",
  assigned: "Role Assigned Successfully",
  unassigned: "Role Removed Successfully",
  limitRange: "Limit must be between 1 and 1000.",
  cannotGrant: "You can only grant permissions that you hold yourself.",
  cannotRemove: "You can only take away permissions that you hold yourself.",
} as const;

/** POST /role/delete/{id}: the role and every assignment of it are gone. */
export type RoleDeleted = { message: string; removedAssignments: number };

/** POST /role/assign answers 201 with the new assignment's id (the one POST /role/unassign/{roleAccessId} takes). */
export type RoleAssigned = { roleAccessId: string };

/**
 * GET /staff/search, the autocomplete form (spec §7): `district[0]` defaults to the caller's district;
 * the caller is left out unless includeLoggedInUser=true (spec §3 search filters).
 */
export const staffSearchQuerySchema = z.object({
  "district[0]": z.uuid({ error: "Not a valid id." }).optional(),
  searchTerm: z.string().trim().max(100).default(""),
  limit: z.coerce
    .number({ error: roleMessages.limitRange })
    .int(roleMessages.limitRange)
    .min(1, roleMessages.limitRange)
    .max(1000, roleMessages.limitRange)
    .default(5),
  includeLoggedInUser: z.enum(["true", "false"]).default("false"),
});
export type StaffSearchQuery = z.input<typeof staffSearchQuerySchema>;
