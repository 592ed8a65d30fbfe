"use client";

import { useState } from "react";
import { DetailList } from "@/components/layout/detail-list";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import type { RegistrationItem } from "@/lib/contract/registration-values";
import { registrationMessages } from "@/lib/contract/registration-values";
import { term } from "@/lib/contract/terminology";
import { toast } from "@/lib/notify";
import { useApiRead } from "@/lib/queries/api-read";
import { registrationCalls, registrationKeys, registrationReads } from "@/lib/queries/registration";
import { superAdminKeys } from "@/lib/queries/super-admin";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";

const lagosTime = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" });

/** Registrations awaiting the state's review, oldest first, with everything their registrants entered. */
export function RegistrationQueue() {
  const queue = useApiRead(registrationReads.queue());
  return (
    <section aria-labelledby="queue-heading" className="flex flex-col gap-3">
      <h2 id="queue-heading" className="text-lg font-semibold">
        Registrations awaiting review
      </h2>
      {queue.isPending ? <p role="status">Loading…</p> : null}
      {queue.isError ? <p role="alert">{queue.error.message}</p> : null}
      {queue.data?.registrations.length === 0 ? <p className="text-muted-foreground">No registration is waiting for review.</p> : null}
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
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const invalidates = [registrationKeys.queue("AwaitingReview"), superAdminKeys.districts];
  const approve = useApiMutation(() => registrationCalls.approve(d.id), { inPlace: true, invalidates, onSuccess: (a) => toast.success(a.message) });
  const ask = useApiMutation((text: string) => registrationCalls.requestChanges(d.id, text), {
    inPlace: true,
    invalidates,
    onSuccess: (a) => {
      setAsking(false);
      toast.success(a.message);
    },
  });
  const busy = approve.busy || ask.busy;
  return (
    <article aria-label={d.name} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5">
      {busy ? <LoadingOverlay /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold">{d.name}</h3>
          <p className="text-sm text-muted-foreground">
            {d.state.name} · sent {lagosTime.format(new Date(item.submittedAt))}
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
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
          Ask for changes
        </Button>
        <Button onClick={() => setApproving(true)} disabled={busy}>
          Approve
        </Button>
      </div>
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
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={`Ask for changes to ${d.name}`}
        description="The district stays Unverified; its administrator reads your reason and can send corrected details."
      >
        <form
          {...formWithoutScript}
          noValidate
          aria-label="Ask for changes"
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return setReasonError(registrationMessages.reasonRequired);
            setReasonError(undefined);
            void ask.run(reason.trim());
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            Reason
            <textarea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={4}
              maxLength={1000}
              aria-invalid={reasonError ? true : undefined}
              className="rounded-md border border-border bg-card px-3 py-2 text-base"
            />
          </label>
          {reasonError ? (
            <p role="alert" className="text-sm text-danger">
              {reasonError}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Send
            </Button>
          </div>
        </form>
      </Dialog>
    </article>
  );
}
