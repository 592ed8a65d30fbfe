"use client";

import { useId, useState, type FormEvent } from "react";
import { Controller, FormProvider } from "react-hook-form";
import { AddressField } from "@/components/form/address-field";
import { EmailChips, listError, PhoneChips } from "@/components/form/contact-chips";
import { SelectField } from "@/components/form/select-field";
import { StaffDetailsFields } from "@/components/staff/staff-details-fields";
import { blankNewStaff } from "@/components/staff/staff-form-values";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { TextField } from "@/components/ui/text-field";
import type { LgeaPortalForm, NewLgea } from "@/lib/contract/lgea";
import { administratorKinds, lgeaMessages, type AdministratorKind } from "@/lib/contract/lgea-values";
import { formInvalidMessage, SHORT_REDIRECT_DELAY_MS, successNotices } from "@/lib/contract/messages";
import type { StaffSearchResult } from "@/lib/contract/roles";
import type { NewStaff, NewStaffInput } from "@/lib/contract/staff";
import { staffTypes, type StateTerminologies } from "@/lib/contract/user";
import { lazyResolver } from "@/lib/lazy-resolver";
import { toast } from "@/lib/notify";
import { lgeaKeys, lgeaMutations } from "@/lib/queries/lgeas";
import { staffKeys } from "@/lib/queries/staff";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { AdministratorPicker } from "./administrator-picker";
import { LgeaReview } from "./lgea-review";
import { lgeaIssueTarget } from "./server-issues";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const portalValidation = lazyResolver(() => import("@/lib/contract/lgea").then((m) => m.lgeaPortalSchema));
const staffValidation = lazyResolver(() => import("@/lib/contract/staff").then((m) => m.newStaffSchema));
const warm = () => {
  portalValidation.warm();
  staffValidation.warm();
};

type LgeaPortal = Omit<NewLgea, "administrator">;

const blankPortal: LgeaPortalForm = { name: "", localGovernment: "", address: "", phoneNumbers: [], emails: [] };

const kindLabels: Record<AdministratorKind, string> = { existing: "An existing staff member", new: "A new staff member" };

type Props = {
  districtId: string;
  terminologies: StateTerminologies;
  /** Whether the user may create staff, and so register a new administrator (the API asks for staff.create too). */
  canRegisterStaff: boolean;
  /** The local governments still without an LGEA portal in the district. */
  localGovernments: string[];
  /** After the notice and the pause: the page starts a blank form for the next portal. */
  onCreated: () => void;
};

/**
 * Creates an LGEA portal (spec §2 'LGEA portal creation'): its name, local government, address and
 * contacts, and its administrator, either a staff member of the district found with the staff search or a
 * new one entered with the staff form (posted at the new LGEA's office). Review shows what will be saved;
 * Create saves the portal and its administrator together.
 */
export function LgeaCreationForm({ districtId, terminologies, canRegisterStaff, localGovernments, onCreated }: Props) {
  const ids = useId();
  const form = useForm<LgeaPortalForm, unknown, LgeaPortal>({ resolver: portalValidation.resolver, defaultValues: blankPortal });
  const staffForm = useForm<NewStaffInput, unknown, NewStaff>({ resolver: staffValidation.resolver, defaultValues: blankNewStaff });
  const portalDraft = useFormDraft("lgea:new", form);
  const staffDraft = useFormDraft("lgea:new-administrator", staffForm);
  const [kind, setKind] = useState<AdministratorKind>("existing");
  const [chosen, setChosen] = useState<StaffSearchResult | null>(null);
  const [adminError, setAdminError] = useState<string | null>(null);
  const [review, setReview] = useState<{ values: NewLgea; chosen: StaffSearchResult | null } | null>(null);
  const [checking, setChecking] = useState(false);
  const succeed = useSuccessRedirect();
  const { errors } = form.formState;

  // The server's per-field issues: the portal's fields, the new staff member's (`administrator.staff.email`), or the choice itself.
  const issueTarget = lgeaIssueTarget(form, staffForm, (message) => setAdminError(message || lgeaMessages.administratorRequired));

  const { busy, run } = useApiMutation(lgeaMutations.create, {
    form: issueTarget,
    invalidates: [lgeaKeys.all, staffKeys.all],
    // Stays on this page: the notice, a second (spec §4, §9), then a blank form for the next portal.
    inPlace: true,
    onSuccess: async () => {
      portalDraft.clear();
      staffDraft.clear();
      await succeed(successNotices.lgeaCreated, routes.lgaCreation, SHORT_REDIRECT_DELAY_MS);
      onCreated();
    },
  });

  const chooseKind = (next: AdministratorKind) => {
    setKind(next);
    setAdminError(null);
  };

  const next = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    try {
      // Both forms, so every field's message shows together; the portal's last, so the focus ends on the first field in error.
      const staff = kind === "new" ? await staffForm.handleSubmit((v) => v)() : null;
      const portal = await form.handleSubmit((v) => v)();
      const missingAdmin = kind === "existing" && !chosen;
      setAdminError(missingAdmin ? lgeaMessages.administratorRequired : null);
      const administrator: NewLgea["administrator"] | null =
        kind === "existing" ? (chosen ? { kind: "existing", staffId: chosen.id } : null) : staff ? { kind: "new", staff } : null;
      if (!portal || !administrator) return toast.error(formInvalidMessage);
      setReview({ values: { ...portal, administrator }, chosen });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  };

  if (review)
    return (
      <LgeaReview
        values={review.values}
        chosen={review.chosen}
        terminologies={terminologies}
        busy={busy}
        onBack={() => setReview(null)}
        onCreate={async () => {
          // Refused: back to the form, where the server's per-field messages are shown.
          if (!(await run(review.values))) setReview(null);
        }}
      />
    );

  const adminErrorId = `${ids}-administrator-error`;
  return (
    <form
      {...formWithoutScript}
      onFocus={warm}
      noValidate
      aria-label="New LGEA portal"
      onSubmit={(event) => void next(event)}
      className="flex flex-col gap-6 rounded-lg border border-border bg-card p-5"
    >
      {checking ? <LoadingOverlay /> : null}
      <DraftNotice
        draft={{
          restored: portalDraft.restored || staffDraft.restored,
          discard: () => {
            portalDraft.discard();
            staffDraft.discard();
          },
        }}
      />
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">The LGEA portal</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Local government"
            options={localGovernments}
            placeholder="Choose a local government"
            error={errors.localGovernment?.message}
            {...form.register("localGovernment", {
              // A name to start from: '<local government> LGEA', while the name is still empty.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value && !form.getValues("name").trim())
                  form.setValue("name", `${event.target.value} LGEA`, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
              },
            })}
          />
          <TextField label="LGEA name" error={errors.name?.message} {...form.register("name")} />
        </div>
        <Controller
          control={form.control}
          name="address"
          render={({ field }) => (
            <AddressField label="Office address" value={field.value} error={errors.address?.message} onAddress={(address) => field.onChange(address)} />
          )}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <Controller
            control={form.control}
            name="phoneNumbers"
            render={({ field }) => (
              <PhoneChips label="Office phone numbers" values={field.value} onChange={field.onChange} error={listError(errors.phoneNumbers)} />
            )}
          />
          <Controller
            control={form.control}
            name="emails"
            render={({ field }) => (
              <EmailChips
                label="Office e-mails"
                placeholder="lgea@example.org"
                values={field.value}
                onChange={field.onChange}
                error={listError(errors.emails)}
              />
            )}
          />
        </div>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4" aria-describedby={adminError ? adminErrorId : undefined}>
        <legend className="mb-2 text-lg font-semibold">The LGEA administrator</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup" aria-label="Administrator">
          {administratorKinds
            .filter((value) => value !== "new" || canRegisterStaff)
            .map((value) => (
              <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${ids}-administrator-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => chooseKind(value)}
                  className="h-4 w-4 accent-[rgb(var(--primary))]"
                />
                {kindLabels[value]}
              </label>
            ))}
        </div>
        {kind === "existing" ? (
          <AdministratorPicker
            districtId={districtId}
            chosen={chosen}
            onChosen={(staff) => {
              setChosen(staff);
              if (staff) setAdminError(null);
            }}
            error={adminError}
            errorId={adminErrorId}
          />
        ) : (
          <FormProvider {...staffForm}>
            <p className="text-sm text-muted-foreground">
              The new staff member is posted at this LGEA&apos;s office, becomes its administrator, and receives an e-mail with a code to set their password
              (valid for 72 hours).
            </p>
            <StaffDetailsFields terminologies={terminologies} own={{ email: null, phoneNumber: null }} />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Staff type"
                options={staffTypes}
                placeholder="Choose"
                error={staffForm.formState.errors.staffType?.message}
                {...staffForm.register("staffType")}
              />
            </div>
            {adminError ? (
              <p id={adminErrorId} role="alert" className="text-sm text-danger">
                {adminError}
              </p>
            ) : null}
          </FormProvider>
        )}
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2">
        <NavLink
          href={routes.lgaManagement}
          className="inline-flex min-h-11 items-center rounded-md border border-border px-4 py-2 text-sm font-semibold hover:bg-muted"
        >
          Cancel
        </NavLink>
        <Button type="submit" disabled={checking}>
          Review
        </Button>
      </div>
    </form>
  );
}
