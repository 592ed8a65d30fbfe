"use client";

import { useRouter } from "next/navigation";
import { FormProvider, useWatch } from "react-hook-form";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { toast } from "@/lib/notify";
import { DraftNotice } from "@/components/form/draft-notice";
import { StaffDetailsFields } from "@/components/staff/staff-details-fields";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { PasswordField } from "@/components/ui/password-field";
import { successNotices } from "@/lib/contract/messages";
import { staffMessages } from "@/lib/contract/staff-values";
import type { OwnStaffDetails, OwnStaffDetailsInput } from "@/lib/contract/staff";
import type { StaffProfile } from "@/lib/contract/user";
import { staffKeys, staffMutations } from "@/lib/queries/staff";
import { staffFormValues } from "@/components/staff/staff-form-values";
import { useApiMutation } from "@/lib/use-api-mutation";
import { discardQuestion, useFormDraft } from "@/lib/form-draft";
import { lazyResolver } from "@/lib/lazy-resolver";
import { formWithoutScript } from "@/lib/form-without-script";
import { profileDraftKey } from "./profile-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/staff").then((m) => m.ownStaffDetailsSchema));

/**
 * Edits one's own record; after 'Profile Updated Successfully' the record is read again by id (spec §4).
 * A new e-mail or phone number asks for the current password; a new e-mail then waits for the code
 * sent to it (EmailCodeDialog, shown by the profile view), so the account cannot be moved to an address its owner does not hold.
 */
export function ProfileForm({
  staff,
  liveChecks,
  onDone,
  onEmailPending,
}: {
  staff: StaffProfile;
  /** Whether this person may ask if an e-mail or phone is taken (they add or change staff): else no live hints. */
  liveChecks: boolean;
  onDone: () => void;
  onEmailPending: (email: string) => void;
}) {
  const router = useRouter();
  const form = useForm<OwnStaffDetailsInput, unknown, OwnStaffDetails>({
    resolver: validation.resolver,
    defaultValues: { ...staffFormValues(staff), currentPassword: "" },
  });
  // What is typed is kept in the tab (never the password); the profile page opens the form again after a reload.
  const draft = useFormDraft(profileDraftKey(staff.id), form);
  const cancel = () => {
    if (draft.dirty && !window.confirm(discardQuestion)) return;
    draft.clear();
    onDone();
  };
  const [email, phoneCode, phoneNumber] = useWatch({ control: form.control, name: ["email", "phoneCode", "phoneNumber"] });
  const contactChanges =
    (email ?? "").trim().toLowerCase() !== staff.email.toLowerCase() || phoneCode !== staff.phoneNumber.code || phoneNumber !== staff.phoneNumber.number;
  const { busy, run } = useApiMutation(
    ({ currentPassword, ...values }: OwnStaffDetails) => staffMutations.update(staff, { ...values, ...(contactChanges ? { currentPassword } : {}) }),
    {
      form,
      inPlace: true,
      invalidates: [staffKeys.record(staff.id)],
      onSuccess: (result) => {
        draft.clear();
        toast.success(successNotices.profileUpdated);
        if (result.pendingEmail) onEmailPending(result.pendingEmail);
        router.refresh();
        onDone();
      },
    },
  );

  return (
    <FormProvider {...form}>
      <form
        {...formWithoutScript}
        onFocus={validation.warm}
        noValidate
        aria-label="Edit profile"
        onSubmit={form.handleSubmit(run, onInvalidSubmit)}
        className="flex flex-col gap-5 rounded-lg border border-border bg-card p-5"
      >
        {busy ? <LoadingOverlay /> : null}
        <DraftNotice draft={draft} />
        <StaffDetailsFields
          terminologies={staff.stateDetails.stateTerminologies}
          own={{ email: staff.email, phoneNumber: staff.phoneNumber.number }}
          liveChecks={liveChecks}
        />
        {contactChanges ? (
          <div className="flex flex-col gap-1">
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              error={form.formState.errors.currentPassword?.message}
              {...form.register("currentPassword")}
            />
            <p className="text-sm text-muted-foreground">{staffMessages.currentPasswordRequired}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save profile
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
