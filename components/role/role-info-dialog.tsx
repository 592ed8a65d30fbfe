"use client";

import { Dialog } from "@/components/ui/dialog";
import type { RoleSummary } from "@/lib/contract/roles";
import { usePermissionsOf } from "@/lib/queries/roles";
import { PermissionGroups } from "./permission-groups";

/** The role's permissions grouped by category, fetched by its operations when the dialog opens (spec §6). */
export function RoleInfoDialog({ role, open, onOpenChange }: { role: RoleSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  const permissions = usePermissionsOf(role.operations, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={role.name} description={role.description || undefined}>
      {role.operations.length === 0 ? <PermissionGroups permissions={[]} /> : null}
      {permissions.isLoading ? <p role="status">Loading permissions…</p> : null}
      {permissions.isError ? <p role="alert">{permissions.error.message}</p> : null}
      {permissions.data ? <PermissionGroups permissions={permissions.data.permissions} /> : null}
    </Dialog>
  );
}
