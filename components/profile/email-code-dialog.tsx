"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/notify";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { OtpInput } from "@/components/ui/otp-input";
import { staffMessages } from "@/lib/contract/staff-values";
import { staffKeys, staffMutations } from "@/lib/queries/staff";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";

/**
 * Asks for the code sent to one's new e-mail address; the address on file changes only when it is
 * right. Closing the dialog keeps the old address (saving the new one again sends a new code).
 */
export function EmailCodeDialog({ staffId, email, onClose }: { staffId: string; email: string | null; onClose: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useApiMutation((value: string) => staffMutations.confirmEmailChange(value), {
    inPlace: true,
    invalidates: [staffKeys.record(staffId)],
    onSuccess: (result) => {
      toast.success(result.message);
      setCode("");
      onClose();
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The rule comes with the dialog's first use, not with the profile page (see lib/lazy-resolver.ts).
    const { emailCodeSchema } = await import("@/lib/contract/staff");
    const parsed = emailCodeSchema.safeParse({ code });
    setError(parsed.success ? undefined : staffMessages.emailCodeInvalid);
    if (parsed.success) void run(parsed.data.code);
  };

  return (
    <Dialog
      open={email !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Confirm your new e-mail"
      description={
        <>
          {staffMessages.emailCodeSent} <span className="font-medium text-foreground">{email}</span>
        </>
      }
    >
      <form {...formWithoutScript} noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Confirm your new e-mail">
        <OtpInput value={code} onChange={setCode} error={error} label="E-mail code" />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep the old e-mail
          </Button>
          <Button type="submit" disabled={busy}>
            Confirm e-mail
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
