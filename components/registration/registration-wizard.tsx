"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { blankNewStaff } from "@/components/staff/staff-form-values";
import { ApiError } from "@/lib/client-api";
import type { FieldIssue } from "@/lib/contract/errors";
import { fieldMessages } from "@/lib/contract/messages";
import type { RegistrantForm, RegisteringDistrict } from "@/lib/contract/registration";
import { registrationMessages } from "@/lib/contract/registration-values";
import { toast } from "@/lib/notify";
import { registrationCalls } from "@/lib/queries/registration";
import { routes } from "@/lib/routes";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { AdministratorStep } from "./administrator-step";
import { clearDraft, saveDraft, useStoredDraft, type Draft, type Step } from "./draft";
import { EmailCodeStep } from "./email-code-step";
import { provePresence } from "./presence";
import { ReviewStep } from "./review-step";

// Step two (chips, the cropper's button) comes when the user reaches it, not with the page.
const DistrictStep = dynamic(() => import("./district-step"), { ssr: false, loading: () => <p role="status">Loading…</p> });

const { staffType: _t, schoolId: _s, lgeaId: _l, ...blankStaff } = blankNewStaff;
const blankDraft: Draft = {
  step: "administrator",
  staff: { ...blankStaff, username: "" },
  district: { name: "", stateId: "", address: "", phoneNumbers: [], emails: [] },
  verification: null,
  logo: null,
};

const stepTitles: Record<Step, string> = {
  administrator: "Step 1 of 2: the district's administrator",
  code: "Step 1 of 2: confirm your e-mail address",
  district: "Step 2 of 2: the district",
  review: "Review",
};

/** Issues of one step, without its prefix ("staff.email" → "email"): the server's, and the verification's named the same way. */
const issuesOf = (issues: FieldIssue[], prefix: string) =>
  issues.filter((i) => i.path.startsWith(prefix)).map((i) => ({ ...i, path: i.path.slice(prefix.length) }));

const presenceMessages: string[] = [
  registrationMessages.presenceMissing,
  registrationMessages.presenceInvalid,
  registrationMessages.presenceExpired,
  registrationMessages.presenceUsed,
];

const dataUrlToBlob = async (url: string) => (await fetch(url)).blob();

/**
 * /register (architecture 'Registration'): the administrator, their e-mail's code, the district, a review;
 * then one request creates both and signs the administrator in. What is typed lives in the tab's
 * sessionStorage (never the password) until success or 'start again'.
 */
export function RegistrationWizard() {
  const kept = useStoredDraft();
  const [changed, setDraft] = useState<Draft | null>(null);
  const draft = changed ?? (kept === undefined ? null : (kept ?? blankDraft));
  const [password, setPassword] = useState("");
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);
  /** The proof of presence's progress (0 to 1) while the worker computes it. */
  const [proving, setProving] = useState<number | null>(null);
  const succeed = useSuccessRedirect();

  if (!draft) return <p role="status">Loading…</p>;

  const update = (next: Draft) => {
    setDraft(next);
    saveDraft(next);
    window.scrollTo({ top: 0 });
  };
  /** Runs a call with the overlay up; a refusal is shown, and its per-field issues handed back. */
  const attempt = async <T,>(call: () => Promise<T>): Promise<T | FieldIssue[]> => {
    setBusy(true);
    try {
      return await call();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      return error instanceof ApiError ? error.issues : [];
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (staff: Draft["staff"]) => {
    const sent = await attempt(() => registrationCalls.requestCode(staff.email));
    if (Array.isArray(sent)) return;
    toast.success(sent.message);
    update({ ...draft, staff, step: "code", verification: { id: sent.verificationId, email: staff.email, verified: false } });
  };

  const afterAdministrator = async ({ password: typed, confirmPassword: _c, ...values }: RegistrantForm) => {
    setPassword(typed);
    setIssues([]);
    const staff = { ...values, middleName: values.middleName ?? "", maritalStatus: values.maritalStatus ?? "" } as Draft["staff"];
    const { verification } = draft;
    // An address already proven goes straight on; a new one needs its own code.
    if (verification?.verified && verification.email.toLowerCase() === staff.email.toLowerCase()) return update({ ...draft, staff, step: "district" });
    await sendCode(staff);
  };

  const verify = async (code: string) => {
    const { verification } = draft;
    if (!verification) return update({ ...draft, step: "administrator" });
    const answer = await attempt(() => registrationCalls.verify({ verificationId: verification.id, code }));
    if (Array.isArray(answer)) return;
    const proven = { ...draft, verification: { ...verification, verified: true } };
    const taken: FieldIssue[] = answer.emailTaken ? [{ path: "staff.email", message: fieldMessages.emailTaken }] : [];
    toast.success(answer.message);
    setIssues(taken);
    update({ ...proven, step: taken.length > 0 ? "administrator" : "district" });
  };

  const afterDistrict = (district: RegisteringDistrict, logo: string | null) => {
    setIssues([]);
    update({ ...draft, district, logo, step: "review" });
  };

  const submit = async (typed: string) => {
    const { verification, staff, district, logo } = draft;
    if (!verification?.verified) return update({ ...draft, step: "administrator" });
    // A refused proof of presence spends nothing else: the verification still serves the next attempt.
    let presenceRefused = false;
    const result = await attempt(async () => {
      const presence = await provePresence(setProving).finally(() => setProving(null));
      try {
        return await registrationCalls.submit(
          { verificationId: verification.id, staff: { ...staff, password: typed }, district },
          logo ? await dataUrlToBlob(logo) : null,
          presence,
        );
      } catch (error) {
        presenceRefused = error instanceof ApiError && presenceMessages.includes(error.message);
        throw error;
      }
    });
    if (presenceRefused) return;
    if (!Array.isArray(result)) {
      clearDraft();
      return succeed(registrationMessages.registered, routes.dashboard);
    }
    // Back to the step whose fields the server named, with its messages on them. The attempt spent the
    // e-mail's verification, so the next one asks for a new code.
    setIssues(result);
    const spent = { ...draft, verification: { ...verification, verified: false } };
    if (result.some((i) => i.path.startsWith("staff."))) update({ ...spent, step: "administrator" });
    else if (result.some((i) => i.path.startsWith("district."))) update({ ...spent, step: "district" });
    else update(spent);
  };

  const startAgain = () => {
    clearDraft();
    setPassword("");
    setIssues([]);
    update(blankDraft);
  };

  return (
    <div className="flex flex-col gap-5">
      <h2 className="text-lg font-semibold" aria-live="polite">
        {stepTitles[draft.step]}
      </h2>
      {draft.step === "administrator" ? (
        <AdministratorStep
          key={JSON.stringify(issues)}
          staff={draft.staff}
          stateId={draft.district.stateId}
          issues={issuesOf(issues, "staff.")}
          busy={busy}
          onNext={afterAdministrator}
        />
      ) : null}
      {draft.step === "code" && draft.verification ? (
        <EmailCodeStep
          email={draft.verification.email}
          busy={busy}
          onVerify={verify}
          onResend={() => void sendCode(draft.staff)}
          onBack={() => update({ ...draft, step: "administrator" })}
        />
      ) : null}
      {draft.step === "district" ? (
        <DistrictStep
          key={JSON.stringify(issues)}
          district={draft.district}
          logo={draft.logo}
          issues={issuesOf(issues, "district.")}
          onBack={() => update({ ...draft, step: "administrator" })}
          onNext={afterDistrict}
        />
      ) : null}
      {draft.step === "review" ? (
        <ReviewStep
          draft={draft}
          password={password}
          busy={busy}
          proving={proving}
          onEdit={(step) => update({ ...draft, step })}
          onSubmit={submit}
          onStartAgain={startAgain}
        />
      ) : null}
    </div>
  );
}
