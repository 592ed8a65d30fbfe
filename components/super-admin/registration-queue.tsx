"use client";

import { useState } from "react";
import { DetailList } from "@/components/layout/detail-list";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogCancel } from "@/components/ui/dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextArea } from "@/components/ui/text-area";
import { SelectField } from "@/components/form/select-field";
import { registrationMessages, registrationStatuses, type RegistrationItem, type RegistrationStatus } from "@/lib/contract/registration-values";
import { term } from "@/lib/contract/terminology";
import { toast } from "@/lib/notify";
import { useApiRead } from "@/lib/queries/api-read";
import { registrationCalls, registrationReads } from "@/lib/queries/registration";
import { superAdminKeys } from "@/lib/queries/super-admin";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";

const lagosTime = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" });

/** How the queue names a registration's status. */
export const registrationStatusLabels: Record<RegistrationStatus, string> = {
  AwaitingReview: "Awaiting review",
  ChangesRequested: "Changes requested",
  Approved: "Approved",
  Rejected: "Rejected",
  Withdrawn: "Withdrawn",
  Abandoned: "Abandoned",
};

/**
 * Registrations by status, oldest first, with everything their registrants entered: awaiting review unless
 * another status is chosen. Each shows its status, the reviewers' reason, and the values another staff member holds.
 */
export function RegistrationQueue() {
  const [status, setStatus] = useState<RegistrationStatus>("AwaitingReview");
  const queue = useApiRead(registrationReads.queue(status));
  return (
    <section aria-labelledby="queue-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="queue-heading" className="text-lg font-semibold">
          Registrations
        </h2>
        <SelectField
          label="Registrations shown"
          className="w-full sm:w-56"
          value={status}
          onChange={(e) => setStatus(e.target.value as RegistrationStatus)}
          options={registrationStatuses.map((value) => ({ value, label: registrationStatusLabels[value] }))}
        />
      </div>
      {queue.isPending ? <p role="status">Loading…</p> : null}
      {queue.isError ? <p role="alert">{queue.error.message}</p> : null}
      {queue.data?.registrations.length === 0 ? (
        <p className="text-muted-foreground">
          {status === "AwaitingReview" ? "No registration is waiting for review." : `No registration is ${registrationStatusLabels[status].toLowerCase()}.`}
        </p>
      ) : null}
      {queue.data?.registrations.map((r) => (
        <Registration key={r.district.id} item={r} />
      ))}
    </section>
  );
}

function Registration({ item }: { item: RegistrationItem }) {
  const { district: d, registrant: s } = item;
  // The district's state names its terms (spec §1), whichever state the reviewer's own district is in.
  const terms = d.state.stateTerminologies;
  const districtTerm = term(terms, "district");
  const [approving, setApproving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const invalidates = [["registration", "queue"], superAdminKeys.districts];
  const approve = useApiMutation(() => registrationCalls.approve(d.id), { inPlace: true, invalidates, onSuccess: (a) => toast.success(a.message) });
  const ask = useApiMutation((text: string) => registrationCalls.requestChanges(d.id, text), {
    inPlace: true,
    invalidates,
    onSuccess: (a) => {
      setAsking(false);
      toast.success(a.message);
    },
  });
  const reject = useApiMutation((text: string) => registrationCalls.reject(d.id, text), {
    inPlace: true,
    invalidates,
    onSuccess: (a) => {
      setRejecting(false);
      toast.success(a.message);
    },
  });
  const busy = approve.busy || ask.busy || reject.busy;
  const open = item.status === "AwaitingReview" || item.status === "ChangesRequested";
  return (
    <article aria-label={d.name} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5">
      {busy ? <LoadingOverlay /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold">{d.name}</h3>
          <p className="text-sm text-muted-foreground">
            {d.state.name} · sent {lagosTime.format(new Date(item.submittedAt))}
          </p>
          <p className="mt-1 text-sm">
            Status: <span className="font-semibold">{registrationStatusLabels[item.status]}</span>
            {item.reviewedAt ? ` · ${lagosTime.format(new Date(item.reviewedAt))}` : ""}
          </p>
        </div>
        {d.logo ? <img src={d.logo} alt={`${d.name} logo`} width={64} height={64} className="size-16 rounded-md border border-border object-cover" /> : null}
      </div>
      <DetailList
        items={[
          [`${districtTerm} address`, d.address],
          [`${districtTerm} phone numbers`, d.phoneNumbers.join(", ")],
          [`${districtTerm} e-mails`, d.emails.join(", ")],
          ["Administrator", [s.title, s.firstName, s.middleName, s.lastName].filter(Boolean).join(" ")],
          ["Username", s.username],
          ["E-mail (verified)", s.email],
          ["Phone number", s.phone],
          [term(terms, "oracleNumber"), s.oracleNumber],
          [term(terms, "tescomNumber"), s.tescomNumber],
          ["Gender", s.gender],
          ["Date of birth", s.dob],
          ["Address", s.address],
          ["Origin", [s.localGovernmentOfOrigin, s.stateOfOrigin].filter(Boolean).join(", ")],
          ["Residence", [s.localGovernmentOfResidence, s.stateOfResidence].filter(Boolean).join(", ")],
        ]}
      />
      {item.reason ? (
        <div className="flex flex-col gap-1 rounded-md border border-border bg-muted/40 p-3">
          <h4 className="text-sm font-semibold">Reviewers&apos; reason</h4>
          <p className="text-sm whitespace-pre-line">{item.reason}</p>
        </div>
      ) : null}
      {open && item.clashes.length > 0 ? (
        <p role="note" className="rounded-md border border-danger bg-card p-3 text-sm">
          {registrationMessages.heldValueClash(item.clashes)}
        </p>
      ) : null}
      {open ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setRejecting(true)} disabled={busy}>
            Reject
          </Button>
          {item.status === "AwaitingReview" ? (
            <>
              <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
                Ask for changes
              </Button>
              <Button onClick={() => setApproving(true)} disabled={busy || item.clashes.length > 0}>
                Approve
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={approving}
        onOpenChange={setApproving}
        title={`Approve ${d.name}?`}
        description="The district becomes Active and its staff can use every operation of the portal. Its administrator is told by e-mail."
        confirmLabel="Approve"
        busy={busy}
        onConfirm={() => {
          setApproving(false);
          void approve.run();
        }}
      />
      <ReasonDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Ask for changes to ${d.name}`}
        description="The district stays Unverified; its administrator reads your reason and can send corrected details."
        formLabel="Ask for changes"
        submitLabel="Send"
        busy={busy}
        onSubmit={(text) => void ask.run(text)}
      />
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={`Reject ${d.name}?`}
        description="The registration closes for good: the district and its administrator are suspended, the reason is mailed to the administrator, and the district's name, e-mail, username, phone and staff numbers are free again. This cannot be undone."
        formLabel="Reject the registration"
        submitLabel="Reject"
        danger
        busy={busy}
        onSubmit={(text) => void reject.run(text)}
      />
    </article>
  );
}

type ReasonProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  formLabel: string;
  submitLabel: string;
  danger?: boolean;
  busy: boolean;
  onSubmit: (reason: string) => void;
};

/** A dialog asking the reason the registrant reads (asking for changes, or rejecting): required, at most 1,000 characters. */
function ReasonDialog({ open, onOpenChange, title, description, formLabel, submitLabel, danger, busy, onSubmit }: ReasonProps) {
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} draft={{ dirty: reason.trim() !== "", clear: () => setReason("") }}>
      <form
        {...formWithoutScript}
        noValidate
        aria-label={formLabel}
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setReasonError(registrationMessages.reasonRequired);
          setReasonError(undefined);
          onSubmit(reason.trim());
        }}
      >
        <TextArea label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={4} maxLength={1000} error={reasonError} />
        <div className="flex justify-end gap-2">
          <DialogCancel disabled={busy} />
          <Button type="submit" className={danger ? "bg-danger text-white" : ""} disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
