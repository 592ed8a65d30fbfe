"use client";

import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { loadingTexts } from "@/lib/contract/messages";
import { useRoles } from "@/lib/queries/roles";
import { RoleCard } from "./role-card";

type Props = { organizationId: string; canCreate: boolean; canEdit: boolean; canDelete: boolean; createHref: string };

export function RoleList({ organizationId, canCreate, canEdit, canDelete, createHref }: Props) {
  const roles = useRoles(organizationId);
  if (roles.isPending) return <LoadingOverlay text={loadingTexts.roles} />;
  if (roles.isError) return <p role="alert">{roles.error.message}</p>;
  return (
    <section aria-label="Roles" className="flex flex-col gap-4">
      {canCreate ? (
        <NavLink href={createHref} className="self-start rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90">
          Create role
        </NavLink>
      ) : null}
      {roles.data.roles.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          No roles yet. Create the first one to give staff access.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {roles.data.roles.map((role) => (
            <RoleCard key={role.id} role={role} canEdit={canEdit} canDelete={canDelete} />
          ))}
        </div>
      )}
    </section>
  );
}
