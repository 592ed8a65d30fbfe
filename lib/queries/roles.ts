import { useQuery } from "@tanstack/react-query";
import type { Permission } from "../contract/permissions";
import type { RoleDetail, RoleSummary, StaffAccess } from "../contract/roles";
import { clientApi, districtApi } from "../client-api";

/** Query keys of roles and permissions: invalidating `roleKeys.all` refreshes every role view. */
export const roleKeys = {
  all: ["roles"] as const,
  list: (organizationId: string) => ["roles", "list", organizationId] as const,
  detail: (id: string) => ["roles", "detail", id] as const,
  staffAccess: (staffId: string) => ["roles", "staff-access", staffId] as const,
  catalogue: ["permissions", "District"] as const,
};

/** The fetchers, shared by the hooks and by server prefetching (which passes its own getter). */
export const roleFetchers = {
  list: (organizationId: string) => clientApi<{ roles: RoleSummary[] }>(districtApi(`role/get-roles-for-organization/${organizationId}`)),
  detail: (id: string) => clientApi<{ role: RoleDetail }>(districtApi(`role/get-by-id/${id}`)),
  catalogue: () => clientApi<{ permissions: Permission[] }>(districtApi("permission/by-restriction/District")),
  staffAccess: (staffId: string) => clientApi<StaffAccess>(districtApi(`role/staff-access/${staffId}`)),
};

export const useRoles = (organizationId: string) => useQuery({ queryKey: roleKeys.list(organizationId), queryFn: () => roleFetchers.list(organizationId) });
export const useRole = (id: string) => useQuery({ queryKey: roleKeys.detail(id), queryFn: () => roleFetchers.detail(id) });
export const usePermissionCatalogue = () => useQuery({ queryKey: roleKeys.catalogue, queryFn: roleFetchers.catalogue, staleTime: 3_600_000 });
export const useStaffAccess = (staffId: string | null) =>
  useQuery({ queryKey: roleKeys.staffAccess(staffId ?? ""), queryFn: () => roleFetchers.staffAccess(staffId ?? ""), enabled: Boolean(staffId) });
