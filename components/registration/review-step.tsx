"use client";

import { useState } from "react";
import { DetailList } from "@/components/layout/detail-list";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { PasswordField } from "@/components/ui/password-field";
import { fieldMessages } from "@/lib/contract/messages";
import { strongPasswordPattern } from "@/lib/contract/password-rule";
import { registrationMessages } from "@/lib/contract/registration-values";
import { term } from "@/lib/contract/terminology";
import { useStatePortals, useStateTerms } from "@/lib/queries/registration";
import type { Draft } from "./draft";

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

type Props = {
  draft: Draft;
  /** The password typed in step one, if this page has not been reloaded since (it is never stored). */
  password: string;
  busy: boolean;
  /** The proof of presence's progress (0 to 1) while the browser works it out; null otherwise. */
  proving: number | null;
  onEdit: (step: "administrator" | "district") => void;
  onSubmit: (password: string) => void;
  onStartAgain: () => void;
};

/** Both steps as they will be sent, each with its edit link; then one request registers them together. */
export function ReviewStep({ draft, password: typed, busy, proving, onEdit, onSubmit, onStartAgain }: Props) {
  const { staff, district } = draft;
  const states = useStatePortals();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [startingAgain, setStartingAgain] = useState(false);
  const stateName = states.data?.statePortals.find((s) => s.id === district.stateId)?.name;
  const terms = useStateTerms(district.stateId);

  const register = () => {
    if (typed) return onSubmit(typed);
    // After a reload the password is asked again here: it is never kept in the tab's storage.
    const problems = {
      password: !password ? fieldMessages.passwordRequired : strongPasswordPattern.test(password) ? undefined : fieldMessages.passwordRule,
      confirm: password === confirm ? undefined : registrationMessages.passwordsDiffer,
    };
    setErrors(problems);
    if (!problems.password && !problems.confirm) onSubmit(password);
  };

  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-5">
      {proving !== null ? <PresenceProgress share={proving} /> : busy ? <LoadingOverlay /> : null}
      <h2 id="review-heading" className="text-lg font-semibold">
        Review and register
      </h2>
      <StepHeading title="The administrator" onEdit={() => onEdit("administrator")} busy={busy} />
      <DetailList
        items={[
          ["Name", joined(staff.title, staff.firstName, staff.middleName, staff.lastName).replaceAll(", ", " ")],
          ["Username", staff.username],
          ["E-mail (verified)", staff.email],
          ["Phone number", `${staff.phoneCode ?? "+234"} ${staff.phoneNumber}`],
          [term(terms, "oracleNumber"), staff.oracleNumber],
          [term(terms, "tescomNumber"), staff.tescomNumber],
          ["Gender", staff.gender],
          ["Date of birth", staff.dob],
          ["Address", staff.address],
          ["Origin", joined(staff.localGovernmentOfOrigin, staff.stateOfOrigin, staff.countryOfOrigin)],
          ["Residence", joined(staff.localGovernmentOfResidence, staff.stateOfResidence, staff.countryOfResidence)],
        ]}
      />
      <StepHeading title="The district" onEdit={() => onEdit("district")} busy={busy} />
      <DetailList
        items={[
          [`${term(terms, "district")} name`, district.name],
          ["State portal", stateName ?? null],
          ["Address", district.address],
          ["Phone numbers", district.phoneNumbers.join(", ")],
          ["E-mails", district.emails.join(", ")],
          ["Logo", draft.logo ? "Chosen" : null],
        ]}
      />
      {typed ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <p className="text-sm text-muted-foreground sm:col-span-2">Enter your password again: it is not kept when the page reloads.</p>
          <PasswordField label="Password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirm}
          />
        </div>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={() => setStartingAgain(true)} disabled={busy}>
          Start again
        </Button>
        <Button onClick={register} disabled={busy}>
          Register
        </Button>
      </div>
      <ConfirmDialog
        open={startingAgain}
        onOpenChange={setStartingAgain}
        title="Start again?"
        description="Everything you entered on this device is cleared."
        confirmLabel="Start again"
        onConfirm={() => {
          setStartingAgain(false);
          onStartAgain();
        }}
      />
    </section>
  );
}

/** A step's heading on the review, with its edit link back to that step. */
function StepHeading({ title, onEdit, busy }: { title: string; onEdit: () => void; busy: boolean }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className="font-semibold">{title}</h3>
      <Button variant="secondary" onClick={onEdit} disabled={busy} aria-label={`Edit ${title.toLowerCase()}`}>
        Edit
      </Button>
    </div>
  );
}

/** Covers the page while the browser works out the proof of presence, with how far along it is. */
function PresenceProgress({ share }: { share: number }) {
  const percent = Math.round(share * 100);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-background/80 p-4">
      <div role="status" aria-live="polite" className="flex w-full max-w-sm flex-col gap-3 rounded-lg border border-border bg-card px-5 py-4 shadow-lg">
        <span className="text-sm font-medium">{registrationMessages.presenceWorking}</span>
        <progress className="h-2 w-full accent-primary" max={100} value={percent} aria-label={registrationMessages.presenceWorking}>
          {percent}%
        </progress>
      </div>
    </div>
  );
}
