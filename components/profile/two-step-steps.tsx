"use client";

import { CodeForm } from "@/components/auth/second-factor/code-form";
import { EnrolmentKey } from "@/components/auth/second-factor/enrolment-key";
import type { EnrolmentStart, RecoveryCodes } from "@/lib/contract/second-factor";
import { profileSecondFactorCalls } from "@/lib/queries/second-factor";

/**
 * The steps of two-step sign-in on the profile that take a code (the form, with react-hook-form): fetched
 * when the section needs one (two-step-sign-in.tsx), not with the profile page.
 */

/** Turning it off, with a code from the app or a recovery code. */
export function TurnOffForm({ onTurnedOff }: { onTurnedOff: () => Promise<void> }) {
  return <CodeForm label="Code to turn it off" submit="Turn off" recovery inPlace call={profileSecondFactorCalls.turnOff} onSuccess={onTurnedOff} />;
}

/** The new secret to scan or type, and the app's first code that turns it on. */
export function EnrolmentStep({ enrolment, onTurnedOn }: { enrolment: EnrolmentStart; onTurnedOn: (result: RecoveryCodes) => Promise<void> }) {
  return (
    <>
      <EnrolmentKey enrolment={enrolment} />
      <CodeForm label="Code from the app" submit="Turn on" recovery={false} inPlace call={profileSecondFactorCalls.confirmEnrolment} onSuccess={onTurnedOn} />
    </>
  );
}
