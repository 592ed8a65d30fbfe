"use client";

import { Dialog } from "@/components/ui/dialog";
import type { RoleSummary } from "@/lib/contract/roles";
import { usePermissionCatalogue } from "@/lib/queries/roles";
import { PermissionGroups } from "./permission-groups";

/** The role's permissions grouped by category. */
export function RoleInfoDialog({ role, open, onOpenChange }: { role: RoleSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  const catalogue = usePermissionCatalogue();
  const held = new Set<string>(role.operations);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={role.name} description={role.description || undefined}>
      {catalogue.isPending ? <p role="status">Loading permissions…</p> : null}
      {catalogue.isError ? <p role="alert">{catalogue.error.message}</p> : null}
      {catalogue.data ? <PermissionGroups permissions={catalogue.data.permissions.filter((p) => held.has(p.operation))} /> : null}
    </Dialog>
  );
}
