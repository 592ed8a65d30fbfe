"use client";

import { StaffPickAction } from "@/components/form/staff-pick-action";
import { routes } from "@/lib/routes";
import { staffMutations } from "@/lib/queries/staff";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";

/** Spec §6: a super administrator may authorise another; afterwards the portal goes home (spec §2, route /). */
export function AuthorizeSuperAdminPanel({ districtId, districtName }: { districtId: string; districtName: string }) {
  const succeed = useSuccessRedirect();
  const { busy, run } = useApiMutation(staffMutations.authorizeSuperAdmin, { onSuccess: ({ message }) => succeed(message, routes.home) });
  return (
    <section aria-labelledby="authorize-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="authorize-heading" className="text-lg font-semibold">
        Authorise a super administrator
      </h2>
      <p className="text-sm text-muted-foreground">
        Super administrators hold every permission in every district. Search the staff of {districtName}; switch district to find staff elsewhere.
      </p>
      <StaffPickAction
        districtId={districtId}
        searchLabel="Staff member"
        actionLabel="Authorise"
        confirmTitle="Authorise a super administrator?"
        confirmLabel="Authorise"
        consequence={(staff) => `${staff.firstName} ${staff.lastName} will hold every permission in every district, and can authorise others.`}
        busy={busy}
        onConfirm={(staff) => void run(staff.id)}
      />
    </section>
  );
}
