"use client";

import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { SelectField } from "@/components/form/select-field";
import { DetailList } from "@/components/layout/detail-list";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { successNotices } from "@/lib/contract/messages";
import type { NewStaff, NewStaffInput, PossibleDuplicates } from "@/lib/contract/staff";
import { staffRegisterMessages } from "@/lib/contract/staff-values";
import { term } from "@/lib/contract/terminology";
import { staffTypes, type StateTerminologies } from "@/lib/contract/user";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { staffKeys, staffMutations } from "@/lib/queries/staff";
import { registerReturnHref } from "@/lib/register-return";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { PostingFields, type PostingKind } from "./posting-fields";
import { fullName } from "./staff-detail-items";
import { blankNewStaff } from "./staff-form-values";
import { StaffDetailsFields } from "./staff-details-fields";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/staff").then((m) => m.newStaffSchema));

type Props = { districtId: string; terminologies: StateTerminologies; asDistrictAdmin: boolean; atDistrictLevel: boolean };

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

/**
 * Adds one staff member (spec §2 'Staff registration step one'): the staff form, then Next to a review of
 * what was entered, with a warning and a link when someone of the same names and birthday is already in
 * the district, before saving. As a district administrator (`asDistrictAdmin`) the new member also gets the
 * district's administrator role and the page then opens their record.
 */
export function NewStaffForm({ districtId, terminologies, asDistrictAdmin, atDistrictLevel }: Props) {
  const form = useForm<NewStaffInput, unknown, NewStaff>({ resolver: validation.resolver, defaultValues: blankNewStaff });
  const draft = useFormDraft(asDistrictAdmin ? "staff:new-admin" : "staff:new", form);
  const [kind, setKind] = useState<PostingKind>(atDistrictLevel ? "district" : "school");
  const [review, setReview] = useState<{ values: NewStaff; duplicates: PossibleDuplicates["matches"] } | null>(null);
  const [saveAnyway, setSaveAnyway] = useState(false);
  const [checking, setChecking] = useState(false);
  const succeed = useSuccessRedirect();
  const { busy, run } = useApiMutation((values: NewStaff) => staffMutations.create(values, asDistrictAdmin), {
    form,
    invalidates: [staffKeys.all],
    onSuccess: (created) => {
      draft.clear();
      return succeed(successNotices.staffCreated, asDistrictAdmin ? routes.staffRecordOf(created.staff.id) : registerReturnHref(routes.staffManagement));
    },
  });

  const next = async (values: NewStaff) => {
    if (kind === "school" && !values.schoolId) return form.setError("schoolId", { message: "Choose a school." });
    if (kind === "lgea" && !values.lgeaId) return form.setError("lgeaId", { message: "Choose an LGEA office." });
    setChecking(true);
    try {
      const { matches } = await staffMutations.possibleDuplicates({ firstName: values.firstName, lastName: values.lastName, dob: values.dob });
      setReview({ values, duplicates: matches });
    } catch {
      setReview({ values, duplicates: [] }); // the warning is a help, not a gate: saving still checks everything that blocks
    } finally {
      setChecking(false);
      setSaveAnyway(false);
    }
  };

  if (review) {
    const v = review.values;
    const name = fullName(v);
    const needsConfirm = review.duplicates.length > 0 && !saveAnyway;
    return (
      <section aria-labelledby="review-heading" className="flex flex-col gap-4">
        {busy ? <LoadingOverlay /> : null}
        <h2 id="review-heading" className="text-lg font-semibold">
          Review the new staff member
        </h2>
        {review.duplicates.length > 0 ? (
          <div role="alert" className="flex flex-col gap-2 rounded-lg border border-danger bg-card p-4 text-sm">
            <p className="font-semibold">{staffRegisterMessages.possibleDuplicate}</p>
            <ul className="list-disc pl-5">
              {review.duplicates.map((d) => (
                <li key={d.id}>
                  <NavLink href={routes.staffRecordOf(d.id)} className="text-primary underline">
                    {d.name}
                  </NavLink>{" "}
                  ({d.posting.name})
                </li>
              ))}
            </ul>
            <Checkbox label="This is a different person: save anyway" checked={saveAnyway} onChange={(event) => setSaveAnyway(event.target.checked)} />
          </div>
        ) : null}
        <DetailList
          items={[
            ["Name", name],
            [term(terminologies, "oracleNumber"), v.oracleNumber],
            [term(terminologies, "tescomNumber"), v.tescomNumber],
            ["Staff type", v.staffType],
            ["Gender", v.gender],
            ["Date of birth", v.dob],
            ["Phone number", `${v.phoneCode} ${v.phoneNumber}`],
            ["E-mail", v.email],
            ["Address", v.address],
            ["Origin", joined(v.localGovernmentOfOrigin, v.stateOfOrigin, v.countryOfOrigin)],
            ["Residence", joined(v.localGovernmentOfResidence, v.stateOfResidence, v.countryOfResidence)],
            ["Area of specialization", v.areaOfSpecialization],
            ["Marital status", v.maritalStatus],
            ["Date of employment", v.dateOfEmployment],
            ["Role", asDistrictAdmin ? "District Administrator" : "None yet"],
          ]}
        />
        <p className="text-sm text-muted-foreground">They will receive an e-mail with a code to set their password (valid for 72 hours).</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setReview(null)} disabled={busy}>
            Edit details
          </Button>
          <Button
            onClick={async () => {
              // Refused: back to the form, where the server's per-field messages are shown.
              if (!(await run(v))) setReview(null);
            }}
            disabled={busy || needsConfirm}
          >
            {asDistrictAdmin ? "Save district admin" : "Save staff"}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <FormProvider {...form}>
      <form
        {...formWithoutScript}
        onFocus={validation.warm}
        noValidate
        aria-label={asDistrictAdmin ? "New district admin" : "New staff"}
        onSubmit={form.handleSubmit(next, onInvalidSubmit)}
        className="flex flex-col gap-5 rounded-lg border border-border bg-card p-5"
      >
        {checking ? <LoadingOverlay /> : null}
        <DraftNotice draft={draft} />
        <StaffDetailsFields terminologies={terminologies} own={{ email: null, phoneNumber: null }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Staff type"
            options={staffTypes}
            placeholder="Choose"
            error={form.formState.errors.staffType?.message}
            {...form.register("staffType")}
          />
        </div>
        <PostingFields districtId={districtId} districtOffice={atDistrictLevel} kind={kind} onKind={setKind} />
        <div className="flex flex-wrap justify-end gap-2">
          <NavLink
            href={routes.staffManagement}
            className="inline-flex min-h-11 items-center rounded-md border border-border px-4 py-2 text-sm font-semibold hover:bg-muted"
          >
            Cancel
          </NavLink>
          <Button type="submit">Next</Button>
        </div>
      </form>
    </FormProvider>
  );
}
