"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { OtpInput } from "@/components/ui/otp-input";
import { registrationMessages } from "@/lib/contract/registration-values";
import { formWithoutScript } from "@/lib/form-without-script";

type Props = {
  email: string;
  busy: boolean;
  onVerify: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
};

/** The e-mail's 6-digit code (six boxes, a pasted code fills them), checked before step two. */
export function EmailCodeStep({ email, busy, onVerify, onResend, onBack }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(registrationMessages.codeRequired);
    setError(undefined);
    onVerify(code);
  };
  return (
    <form {...formWithoutScript} noValidate onSubmit={submit} aria-label="Confirm your e-mail address" className="flex max-w-md flex-col gap-4">
      {busy ? <LoadingOverlay /> : null}
      <p>
        {registrationMessages.codeSent} <span className="font-medium">{email}</span>
      </p>
      <OtpInput value={code} onChange={setCode} error={error} label="E-mail code" />
      <div className="flex flex-wrap justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            Change e-mail
          </Button>
          <Button variant="secondary" onClick={onResend} disabled={busy}>
            Send a new code
          </Button>
        </div>
        <Button type="submit" disabled={busy}>
          Verify
        </Button>
      </div>
    </form>
  );
}
