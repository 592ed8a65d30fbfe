"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { StaffSearch } from "@/components/form/staff-search";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { RoleHolder, StaffSearchResult } from "@/lib/contract/roles";
import { clientApi, districtApi } from "@/lib/client-api";
import { roleKeys, useRole } from "@/lib/queries/roles";

/** Who holds a role: give it to a staff member found by search, or take it away after a confirmation. */
export function RoleHolders({ roleId, districtId, canAssign }: { roleId: string; districtId: string; canAssign: boolean }) {
  const role = useRole(roleId);
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<RoleHolder | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: roleKeys.all });

  const assign = useMutation({
    mutationFn: (staff: StaffSearchResult) => clientApi(districtApi("role/assign"), { method: "POST", json: { staffId: staff.id, roleId } }),
    onSuccess: async (_result, staff) => {
      toast.success(`${staff.firstName} ${staff.lastName} now holds this role.`);
      await refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const unassign = useMutation({
    mutationFn: (holder: RoleHolder) => clientApi(districtApi(`role/unassign/${holder.roleAccessId}`), { method: "POST" }),
    onSuccess: async (_result, holder) => {
      toast.success(`${holder.staff.firstName} ${holder.staff.lastName} no longer holds this role.`);
      setRemoving(null);
      await refresh();
    },
    onError: (error) => toast.error(error.message),
  });

  const holders = role.data?.role.holders ?? [];
  return (
    <section aria-labelledby="role-holders-heading" className="flex max-w-3xl flex-col gap-3">
      <h2 id="role-holders-heading" className="text-lg font-semibold">
        Staff who hold this role
      </h2>
      {canAssign ? <StaffSearch districtId={districtId} label="Give this role to" onSelect={(staff) => assign.mutate(staff)} /> : null}
      {role.isPending ? <p role="status">Loading…</p> : null}
      {role.data && holders.length === 0 ? <p className="text-sm text-muted-foreground">Nobody holds this role yet.</p> : null}
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {holders.map((holder) => (
          <li key={holder.roleAccessId} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div>
              <p className="font-medium">
                {holder.staff.firstName} {holder.staff.lastName}
              </p>
              <p className="text-xs text-muted-foreground">
                {holder.staff.email} · {holder.organization.name}
              </p>
            </div>
            {canAssign ? (
              <Button
                variant="secondary"
                onClick={() => setRemoving(holder)}
                aria-label={`Remove ${holder.staff.firstName} ${holder.staff.lastName} from this role`}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(null)}
          title="Take this role away?"
          description={`${removing.staff.firstName} ${removing.staff.lastName} loses this role's permissions on their next request.`}
          confirmLabel="Remove role"
          busy={unassign.isPending}
          onConfirm={() => unassign.mutate(removing)}
        />
      ) : null}
    </section>
  );
}
