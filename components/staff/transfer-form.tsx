"use client";

import { ArrowLeft } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Controller, useWatch } from "react-hook-form";
import { DateField } from "@/components/form/date-field";
import { DraftNotice } from "@/components/form/draft-notice";
import { SelectField } from "@/components/form/select-field";
import { ActionLink, SelectionGate, SelectionSummary } from "@/components/register/selection-action";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextArea } from "@/components/ui/text-area";
import { loadingTexts, successNotices } from "@/lib/contract/notices";
import { todayInLagos } from "@/lib/contract/staff-values";
import type { StaffTransferInput, StaffTransferRequest, StaffTransferReview } from "@/lib/contract/staff-transfers";
import { TRANSFER_REASON_MAX, type TransferDestinationKind } from "@/lib/contract/staff-transfers-values";
import { useFormDraft } from "@/lib/form-draft";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { toast } from "@/lib/notify";
import {
  chosenDestination,
  staffTransferMutations,
  transferInvalidates,
  useTransferLgeas,
  useTransferReview,
  useTransferSchools,
} from "@/lib/queries/staff-transfers";
import { routes } from "@/lib/routes";
import { keptSelection, useKeptSelection } from "@/lib/kept-selection";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { formatDay } from "./transfer-dates";
import { TransferReview } from "./transfer-review";
import { formWithoutScript } from "@/lib/form-without-script";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/staff-transfers").then((m) => m.staffTransferSchema));

const kindLabels: Record<TransferDestinationKind, string> = { school: "A school", lgea: "An LGEA office", district: "The district office" };
const reviewNotReady = "The review of this transfer is still loading. Try again in a moment.";
const reviewBlocked = "Remove the staff who cannot be moved there from the selection, or choose another destination.";

const staffCount = (n: number) => `${n} staff ${n === 1 ? "member" : "members"}`;

type Props = { districtId: string; kinds: readonly TransferDestinationKind[] };

/**
 * The transfer screen (architecture 'Staff'): the staff selected in the register go to a school, an LGEA
 * office or the district office from an effective date, for a reason, after a review of every move.
 */
export function TransferForm({ districtId, kinds }: Props) {
  const selection = useKeptSelection("staff");
  // The staff moved, once the transfer is made: the selection is cleared then, while the page waits to move on.
  const [transferred, setTransferred] = useState<string[] | null>(null);
  const back = (
    <ActionLink href={routes.staffManagement} icon={ArrowLeft}>
      Back to staff
    </ActionLink>
  );
  return (
    <SelectionGate
      back={back}
      empty={selection.count === 0 && !transferred ? "No staff are selected for a transfer. Select the staff to move in the staff register first." : undefined}
      denied={
        kinds.length === 0
          ? "You may not list the schools or LGEA offices staff could go to. Ask your district administrator for a role that allows it."
          : undefined
      }
    >
      <SelectedStaffForm districtId={districtId} kinds={kinds} ids={transferred ?? selection.ids} back={back} onTransferred={setTransferred} />
    </SelectionGate>
  );
}

type FormProps = Props & { ids: string[]; back: ReactNode; onTransferred: (ids: string[]) => void };

function SelectedStaffForm({ districtId, kinds, ids, back, onTransferred }: FormProps) {
  const succeed = useSuccessRedirect();
  const [confirming, setConfirming] = useState<{ request: StaffTransferRequest; review: StaffTransferReview } | null>(null);
  const onlyKind = kinds.length === 1 ? kinds[0] : undefined;
  const form = useForm<StaffTransferInput, unknown, StaffTransferRequest>({
    resolver: validation.resolver,
    defaultValues: { staffIds: ids, destination: onlyKind ? { kind: onlyKind } : undefined, effectiveDate: todayInLagos(), reason: "" },
  });
  // The destination, date and reason typed are kept in the tab (the selection is kept on its own).
  const draft = useFormDraft("staff-transfer", form, { exclude: ["staffIds"] });
  const { errors } = form.formState;
  // The form sends the selection as it stands: a person removed in the review leaves it.
  useEffect(() => form.setValue("staffIds", ids), [form, ids]);

  const choice = useWatch({ control: form.control, name: "destination" });
  const destination = chosenDestination(choice);
  const review = useTransferReview(ids, destination);
  const current = destination && review.data && !review.isPlaceholderData && !review.isError ? review.data : undefined;
  const schools = useTransferSchools(districtId, kinds.includes("school"));
  const lgeas = useTransferLgeas(districtId, kinds.includes("lgea"));

  const { busy, run } = useApiMutation(staffTransferMutations.transfer, {
    form,
    invalidates: transferInvalidates,
    onSuccess: async () => {
      draft.clear();
      onTransferred(ids);
      keptSelection("staff").clear();
      await succeed(successNotices.staffTransferred, routes.staffTransfers);
    },
  });

  /** The form is valid: ask to confirm, once the review of exactly this selection and destination allows it. */
  const ask = (request: StaffTransferRequest) => {
    if (review.isError) toast.error(review.error.message);
    else if (!current) toast.error(reviewNotReady);
    else if (!current.canTransfer) toast.error(reviewBlocked);
    else setConfirming({ request, review: current });
  };
  const transfer = async (request: StaffTransferRequest) => {
    setConfirming(null);
    // Someone else may have moved one of them meanwhile: the review says who.
    if (!(await run(request))) void review.refetch();
  };

  // No kind chosen is an error of the radios (`destination.kind`), or of `destination` while it is still unset.
  const destinationError = form.getFieldState("destination.kind", form.formState).error?.message ?? errors.destination?.message;
  const placeError = form.getFieldState(choice?.kind === "lgea" ? "destination.lgeaId" : "destination.schoolId", form.formState).error?.message;
  const endedRoles = confirming ? confirming.review.staff.reduce((n, person) => n + person.endedRoles.length, 0) : 0;

  return (
    <form
      {...formWithoutScript}
      onFocus={validation.warm}
      noValidate
      aria-label="Transfer staff"
      onSubmit={form.handleSubmit(ask, onInvalidSubmit)}
      className="flex flex-col gap-5"
    >
      {busy ? <LoadingOverlay /> : null}
      <DraftNotice draft={draft} />
      <SelectionSummary count={staffCount(ids.length)} action="transfer" back={back} error={errors.staffIds?.message} />
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5">
        <fieldset aria-describedby={destinationError ? "transfer-destination-error" : undefined} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Destination</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {kinds.map((kind) => (
              <label key={kind} className="flex min-h-11 cursor-pointer items-center gap-2 text-base">
                <input
                  type="radio"
                  value={kind}
                  className="h-4 w-4 accent-[rgb(var(--primary))]"
                  {...form.register("destination.kind")}
                  // Checked in the server's HTML too; a radio's value is its own, not the form's (lib/use-form.ts).
                  defaultValue={undefined}
                  defaultChecked={kind === onlyKind}
                />
                {kindLabels[kind]}
              </label>
            ))}
          </div>
          {destinationError ? (
            <p id="transfer-destination-error" className="text-sm text-danger">
              {destinationError}
            </p>
          ) : null}
        </fieldset>
        {choice?.kind === "school" ? (
          <SelectField
            key="school"
            label="School"
            placeholder={schools.isPending ? loadingTexts.schools : "Choose a school"}
            options={schools.data ?? []}
            error={placeError ?? (schools.isError ? schools.error.message : undefined)}
            {...form.register("destination.schoolId")}
          />
        ) : null}
        {choice?.kind === "lgea" ? (
          <SelectField
            key="lgea"
            label="LGEA office"
            placeholder={lgeas.isPending ? loadingTexts.default : "Choose an LGEA office"}
            options={lgeas.data ?? []}
            error={placeError ?? (lgeas.isError ? lgeas.error.message : undefined)}
            {...form.register("destination.lgeaId")}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="effectiveDate"
            render={({ field }) => (
              <DateField
                ref={field.ref}
                label="Effective date"
                notPast
                value={field.value ?? ""}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.effectiveDate?.message}
              />
            )}
          />
        </div>
        <TextArea label="Reason" maxLength={TRANSFER_REASON_MAX} error={errors.reason?.message} {...form.register("reason")} />
      </div>
      {destination ? (
        <TransferReview
          review={review.data}
          stale={review.isPlaceholderData}
          pending={review.isFetching}
          error={review.isError ? review.error : null}
          onRemove={(person) => {
            keptSelection("staff").set([person.id], false);
            toast.success(`${person.name} was taken out of the selection.`);
          }}
          onClearSelection={keptSelection("staff").clear}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Choose a destination to review who moves from where, and which school roles the move ends.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          Transfer staff
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setConfirming(null))}
          title={`Transfer ${confirming.request.staffIds.length} staff to ${confirming.review.destination.name} from ${formatDay(confirming.request.effectiveDate)}?`}
          description={
            <>
              {endedRoles > 0
                ? `This ends ${endedRoles === 1 ? "1 school role" : `${endedRoles} school roles`} at the schools they leave, as the review lists. `
                : "No school role ends with it. "}
              Reason: {confirming.request.reason}
            </>
          }
          confirmLabel="Transfer"
          busy={busy}
          onConfirm={() => void transfer(confirming.request)}
        />
      ) : null}
    </form>
  );
}
