"use client";

import { toast } from "@/lib/notify";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { successNotices } from "@/lib/contract/messages";
import type { RoleSummary } from "@/lib/contract/roles";
import { roleKeys, roleMutations } from "@/lib/queries/roles";
import { useApiMutation } from "@/lib/use-api-mutation";

/** Spec §4: deleting asks first, says who must be reassigned, then the list refreshes. */
export function DeleteRoleDialog({ role, open, onOpenChange }: { role: RoleSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useApiMutation(() => roleMutations.remove(role.id), {
    invalidates: [roleKeys.all],
    inPlace: true,
    onSuccess: () => {
      toast.success(successNotices.roleDeleted);
      onOpenChange(false);
    },
  });
  const holders =
    role.holderCount === 0
      ? "No staff member holds this role."
      : `${role.holderCount} staff member${role.holderCount === 1 ? " holds" : "s hold"} this role and must be reassigned to another role by hand.`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${role.name}?`}
      description={`${holders} This cannot be undone.`}
      confirmLabel="Delete role"
      busy={remove.busy}
      onConfirm={() => void remove.run()}
    />
  );
}
