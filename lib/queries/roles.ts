import { useQuery } from "@tanstack/react-query";
import type { Permission } from "../contract/permissions";
import type { AssignableOrganizations, AssignRole, RoleDeleted, RoleDetail, RoleForm, RoleSummary, StaffAccess } from "../contract/roles";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/** Query keys of roles and permissions: invalidating `roleKeys.all` refreshes every role view. */
export const roleKeys = {
  all: ["roles"] as const,
  list: (organizationId: string) => ["roles", "list", organizationId] as const,
  detail: (id: string) => ["roles", "detail", id] as const,
  staffAccess: (staffId: string) => ["roles", "staff-access", staffId] as const,
  /** Where the signed-in user may give a role: theirs, whatever the role. */
  assignable: ["roles", "assignable-organizations"] as const,
  catalogue: ["permissions", "District"] as const,
  /** One entry per set of operations, whatever their order or repeats. */
  permissionsOf: (operations: readonly string[]) => ["permissions", "by-operations", ...[...new Set(operations)].sort()] as const,
};

/** Spec §6: the permissions to display are fetched by a list of operations (name, description, category). */
export const permissionCalls = {
  byOperations: (operations: readonly string[]) =>
    clientApi<{ permissions: Permission[] }>(districtApi("permission/get-permissions-by-operations"), { method: "POST", json: { operations } }),
};

export const roleReads = {
  list: (organizationId: string) => apiRead<{ roles: RoleSummary[] }>(roleKeys.list(organizationId), `role/get-roles-for-organization/${organizationId}`),
  detail: (id: string) => apiRead<{ role: RoleDetail }>(roleKeys.detail(id), `role/get-by-id/${id}`),
  catalogue: () => apiRead<{ permissions: Permission[] }>(roleKeys.catalogue, "permission/by-restriction/District"),
  staffAccess: (staffId: string) => apiRead<StaffAccess>(roleKeys.staffAccess(staffId), `role/staff-access/${staffId}`),
  assignable: () => apiRead<AssignableOrganizations>(roleKeys.assignable, "role/assignable-organizations"),
};

export const useRoles = (organizationId: string) => useApiRead(roleReads.list(organizationId));
export const useRole = (id: string) => useApiRead(roleReads.detail(id));
/** The whole catalogue, by restriction type District (spec §6): the choices of the role form. */
export const usePermissionCatalogue = () => useApiRead(roleReads.catalogue(), { staleTime: 3_600_000 });
/** What some operations are, for display; asked only while `enabled` (a dialog that is open). */
export const usePermissionsOf = (operations: readonly string[], enabled = true) => {
  const key = roleKeys.permissionsOf(operations);
  return useQuery({
    queryKey: key,
    queryFn: () => permissionCalls.byOperations(key.slice(2)),
    enabled: enabled && operations.length > 0,
    staleTime: 3_600_000,
  });
};
/** Asked only once a staff member is chosen to be given a role. */
export const useAssignableOrganizations = (enabled: boolean) =>
  useApiRead(roleReads.assignable(), { enabled, staleTime: 300_000, select: (answer) => answer.organizations });
export const useStaffAccess = (staffId: string | null) => useApiRead(roleReads.staffAccess(staffId ?? ""), { enabled: Boolean(staffId) });

export const roleMutations = {
  create: (values: RoleForm) => clientApi<{ role: RoleSummary }>(districtApi("role/add"), { method: "POST", json: values }),
  update: (role: Pick<RoleSummary, "id" | "version">, values: RoleForm) =>
    clientApi<{ role: RoleSummary }>(districtApi(`role/update/${role.id}`), { method: "PATCH", json: { ...values, version: role.version } }),
  remove: (id: string) => clientApi<RoleDeleted>(districtApi(`role/delete/${id}`), { method: "POST" }),
  assign: (body: AssignRole) => clientApi<{ roleAccessId: string }>(districtApi("role/assign"), { method: "POST", json: body }),
  unassign: (roleAccessId: string) => clientApi<{ message: string }>(districtApi(`role/unassign/${roleAccessId}`), { method: "POST" }),
};
