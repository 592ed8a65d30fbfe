"use client";

import { useState } from "react";
import { toast } from "@/lib/notify";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { AssignableOrganization, RoleHolder, StaffSearchResult } from "@/lib/contract/roles";
import { roleKeys, roleMutations, useRole } from "@/lib/queries/roles";
import { useApiMutation } from "@/lib/use-api-mutation";
import { GiveRole, placeText } from "./give-role";

/** Who holds a role and where: give it to a staff member found by search, where the giver chooses, or take it away; each after a confirmation. */
export function RoleHolders({ roleId, districtId, canAssign }: { roleId: string; districtId: string; canAssign: boolean }) {
  const role = useRole(roleId);
  const [removing, setRemoving] = useState<RoleHolder | null>(null);
  const invalidates = [roleKeys.all];

  const assign = useApiMutation(
    ({ staff, organization }: { staff: StaffSearchResult; organization: AssignableOrganization }) =>
      roleMutations.assign({ staffId: staff.id, roleId, organizationId: organization.id }),
    {
      invalidates,
      inPlace: true,
      onSuccess: (_result, { staff, organization }) =>
        void toast.success(`${staff.firstName} ${staff.lastName} now holds this role (${placeText(organization)}).`),
    },
  );
  const unassign = useApiMutation((holder: RoleHolder) => roleMutations.unassign(holder.roleAccessId), {
    invalidates,
    inPlace: true,
    onSuccess: (_result, holder) => {
      toast.success(`${holder.staff.firstName} ${holder.staff.lastName} no longer holds this role.`);
      setRemoving(null);
    },
  });

  const holders = role.data?.role.holders ?? [];
  return (
    <section aria-labelledby="role-holders-heading" className="flex max-w-3xl flex-col gap-3">
      <h2 id="role-holders-heading" className="text-lg font-semibold">
        Staff who hold this role
      </h2>
      {canAssign ? (
        <GiveRole
          districtId={districtId}
          roleName={role.data?.role.name ?? "this role"}
          busy={assign.busy}
          onGive={(staff, organization) => assign.run({ staff, organization })}
        />
      ) : null}
      {role.isPending ? <p role="status">Loading…</p> : null}
      {role.data && holders.length === 0 ? <p className="text-sm text-muted-foreground">Nobody holds this role yet.</p> : null}
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {holders.map((holder) => (
          <li key={holder.roleAccessId} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div>
              <p className="font-medium">
                {holder.staff.firstName} {holder.staff.lastName}
              </p>
              <p className="text-xs text-muted-foreground">{holder.staff.email}</p>
              <p className="text-sm">{placeText(holder.organization)}</p>
            </div>
            {canAssign ? (
              <Button
                variant="secondary"
                onClick={() => setRemoving(holder)}
                aria-label={`Remove ${holder.staff.firstName} ${holder.staff.lastName} from this role (${placeText(holder.organization)})`}
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
          busy={unassign.busy}
          onConfirm={() => void unassign.run(removing)}
        />
      ) : null}
    </section>
  );
}
