"use client";

import { useRouter } from "next/navigation";
import { StaffPickAction } from "@/components/form/staff-pick-action";
import { logoutAfterNotice } from "@/lib/end-session";
import { routes } from "@/lib/routes";
import { staffMutations } from "@/lib/queries/staff";
import { useApiMutation } from "@/lib/use-api-mutation";

type Props = { districtId: string; districtTerm: string; isOwner: boolean };

/**
 * Hands the district's ownership right to another staff member; the session ends 1 s after the notice
 * (spec §4), ended by this panel itself. Should that logout fail, the logout page tries again and says so.
 */
export function TransferRightPanel({ districtId, districtTerm, isOwner }: Props) {
  const router = useRouter();
  const { busy, run } = useApiMutation(staffMutations.transferRight, {
    onSuccess: ({ message }) => logoutAfterNotice(message).catch(() => router.replace(routes.logout)),
  });
  const term = districtTerm.toLowerCase();
  return (
    <section aria-labelledby="transfer-right-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="transfer-right-heading" className="text-lg font-semibold">
        Transfer the ownership right
      </h2>
      <p className="text-sm text-muted-foreground">
        {isOwner ? `You own this ${term}. ` : ""}The owner always keeps role management. After the transfer you are logged out, and the new owner holds the
        right.
      </p>
      <StaffPickAction
        districtId={districtId}
        searchLabel="New owner"
        actionLabel="Transfer ownership"
        confirmTitle="Transfer the ownership right?"
        confirmLabel="Transfer"
        consequence={(staff) => `${staff.firstName} ${staff.lastName} will own the ${term}. You will be logged out.`}
        busy={busy}
        onConfirm={(staff) => void run(staff.id)}
      />
    </section>
  );
}
