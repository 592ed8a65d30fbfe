"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { successNotices } from "@/lib/contract/messages";
import type { RoleSummary } from "@/lib/contract/roles";
import { clientApi, districtApi } from "@/lib/client-api";
import { roleKeys } from "@/lib/queries/roles";

/** Spec §4: deleting asks first, says who must be reassigned, then the list refreshes. */
export function DeleteRoleDialog({ role, open, onOpenChange }: { role: RoleSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => clientApi(districtApi(`role/delete/${role.id}`), { method: "POST" }),
    onSuccess: async () => {
      toast.success(successNotices.roleDeleted);
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
    onError: (error) => toast.error(error.message),
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
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
    />
  );
}
