"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/client-api";
import type { EnrolmentStart } from "@/lib/contract/second-factor";
import { successNotices } from "@/lib/contract/notices";
import { secondStepCalls } from "@/lib/queries/second-factor";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { CodeForm } from "./code-form";
import { EnrolmentKey } from "./enrolment-key";
import { RecoveryCodeList } from "./recovery-codes";

type Done = { recoveryCodes: string[]; redirectTo: string; isSuperAdmin: boolean };

/**
 * Enrolment at sign-in, for super administrators and district owners who have no second factor: the key to
 * add to an app, its first code, then the recovery codes, shown once, before going on.
 */
export function SignInEnrolment() {
  const next = useSearchParams().get("next") ?? undefined;
  const successRedirect = useSuccessRedirect();
  const [enrolment, setEnrolment] = useState<EnrolmentStart | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const asked = useRef(false);

  // Asked once per visit: each request makes a new secret, and the first would not match the key shown.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    secondStepCalls.startEnrolment().then(setEnrolment, (error: unknown) => setProblem(error instanceof ApiError ? error.message : String(error)));
  }, []);

  if (done)
    return (
      <div className="flex flex-col gap-4">
        <RecoveryCodeList codes={done.recoveryCodes} />
        <Button type="button" onClick={() => void successRedirect(done.isSuperAdmin ? successNotices.loginSuccessful : null, done.redirectTo, 0)}>
          Continue
        </Button>
      </div>
    );
  if (problem)
    return (
      <p role="alert" className="text-sm text-danger">
        {problem}
      </p>
    );
  if (!enrolment) return <p className="text-sm text-muted-foreground">Preparing your key…</p>;
  return (
    <div className="flex flex-col gap-6">
      <EnrolmentKey enrolment={enrolment} />
      <CodeForm
        label="Code from the app"
        submit="Turn on and sign in"
        recovery={false}
        inPlace
        call={(code) => secondStepCalls.confirmEnrolment(code, next)}
        onSuccess={({ recoveryCodes, redirectTo, user }) => setDone({ recoveryCodes, redirectTo, isSuperAdmin: user.staff.isSuperAdmin })}
      />
    </div>
  );
}
