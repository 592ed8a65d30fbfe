"use client";

import { StaffPickAction } from "@/components/form/staff-pick-action";
import { toast } from "@/lib/notify";
import { profileSecondFactorCalls } from "@/lib/queries/second-factor";
import { useApiMutation } from "@/lib/use-api-mutation";

/** A super administrator resets the two-step sign-in of someone who lost their phone and their recovery codes (audited). */
export function ResetSecondFactorPanel({ districtId, districtName }: { districtId: string; districtName: string }) {
  const { busy, run } = useApiMutation(profileSecondFactorCalls.reset, { inPlace: true, onSuccess: ({ message }) => toast.success(message) });
  return (
    <section aria-labelledby="reset-two-step-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="reset-two-step-heading" className="text-lg font-semibold">
        Reset two-step sign-in
      </h2>
      <p className="text-sm text-muted-foreground">
        For someone who lost their phone and their recovery codes. Search the staff of {districtName}; switch district to find staff elsewhere.
      </p>
      <StaffPickAction
        districtId={districtId}
        searchLabel="Staff member to reset"
        actionLabel="Reset"
        confirmTitle="Reset two-step sign-in?"
        confirmLabel="Reset"
        consequence={(staff) =>
          `${staff.firstName} ${staff.lastName} is signed out everywhere; a super administrator or district owner sets it up again at the next sign-in.`
        }
        busy={busy}
        onConfirm={(staff) => void run(staff.id)}
      />
    </section>
  );
}
