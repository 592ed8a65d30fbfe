"use client";

import { Info, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import type { RoleSummary } from "@/lib/contract/roles";
import { routes } from "@/lib/routes";
import { DeleteRoleDialog } from "./delete-role-dialog";
import { RoleInfoDialog } from "./role-info-dialog";

const iconButton =
  "inline-flex h-10 w-10 items-center justify-center rounded-md border border-border hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

/** Spec §2 'Role cards': name, description; info, edit and delete. */
export function RoleCard({ role, canEdit, canDelete }: { role: RoleSummary; canEdit: boolean; canDelete: boolean }) {
  const [dialog, setDialog] = useState<"info" | "delete" | null>(null);
  return (
    <article aria-label={role.name} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <div>
        <h2 className="text-base font-semibold">{role.name}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{role.description || "No description."}</p>
      </div>
      <p className="text-xs text-muted-foreground">
        {role.operations.length} permission{role.operations.length === 1 ? "" : "s"} · held by {role.holderCount} staff
      </p>
      <div className="mt-auto flex gap-2">
        <button type="button" className={iconButton} aria-label={`Permissions of ${role.name}`} onClick={() => setDialog("info")}>
          <Info size={18} aria-hidden />
        </button>
        {canEdit ? (
          <NavLink href={routes.editRole(role.id)} className={iconButton} aria-label={`Edit ${role.name}`}>
            <Pencil size={18} aria-hidden />
          </NavLink>
        ) : null}
        {canDelete ? (
          <button type="button" className={`${iconButton} text-danger`} aria-label={`Delete ${role.name}`} onClick={() => setDialog("delete")}>
            <Trash2 size={18} aria-hidden />
          </button>
        ) : null}
      </div>
      <RoleInfoDialog role={role} open={dialog === "info"} onOpenChange={(open) => setDialog(open ? "info" : null)} />
      {canDelete ? <DeleteRoleDialog role={role} open={dialog === "delete"} onOpenChange={(open) => setDialog(open ? "delete" : null)} /> : null}
    </article>
  );
}
