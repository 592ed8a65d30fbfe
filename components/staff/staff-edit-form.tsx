"use client";

import { FormProvider } from "react-hook-form";
import { StaffDetailsFields } from "@/components/staff/staff-details-fields";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { successNotices } from "@/lib/contract/messages";
import type { OwnStaffDetails, OwnStaffDetailsInput } from "@/lib/contract/staff";
import type { StaffProfile } from "@/lib/contract/user";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { staffKeys, staffMutations } from "@/lib/queries/staff";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { staffFormValues } from "./staff-form-values";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

// The staff form with its cross-field rules; the current password it allows is asked only on one's own profile.
const validation = lazyResolver(() => import("@/lib/contract/staff").then((m) => m.ownStaffDetailsSchema));

/** Edits another staff member's record (spec §5 staff form): 'Staff Updated Successfully', 1.5 s, then their record (spec §2). */
export function StaffEditForm({ staff, onCancel }: { staff: StaffProfile; onCancel: () => void }) {
  const form = useForm<OwnStaffDetailsInput, unknown, OwnStaffDetails>({ resolver: validation.resolver, defaultValues: staffFormValues(staff) });
  const draft = useFormDraft(`staff:${staff.id}`, form);
  const succeed = useSuccessRedirect();
  const { busy, run } = useApiMutation(({ currentPassword: _unused, ...values }: OwnStaffDetails) => staffMutations.update(staff, values), {
    form,
    invalidates: [staffKeys.all],
    onSuccess: () => {
      draft.clear();
      return succeed(successNotices.staffUpdated, routes.staffRecordOf(staff.id));
    },
  });
  return (
    <FormProvider {...form}>
      <form
        {...formWithoutScript}
        onFocus={validation.warm}
        noValidate
        aria-label="Edit staff record"
        onSubmit={form.handleSubmit(run, onInvalidSubmit)}
        className="flex flex-col gap-5 rounded-lg border border-border bg-card p-5"
      >
        {busy ? <LoadingOverlay /> : null}
        <DraftNotice draft={draft} />
        <StaffDetailsFields terminologies={staff.stateDetails.stateTerminologies} own={{ email: staff.email, phoneNumber: staff.phoneNumber.number }} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save staff record
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
