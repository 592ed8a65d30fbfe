"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { RecoveryCodeList } from "@/components/auth/second-factor/recovery-codes";
import { Button } from "@/components/ui/button";
import { loadingTexts } from "@/lib/contract/notices";
import type { EnrolmentStart } from "@/lib/contract/second-factor";
import { secondFactorMessages } from "@/lib/contract/second-factor-values";
import { toast } from "@/lib/notify";
import { profileSecondFactorCalls } from "@/lib/queries/second-factor";
import { useApiAction } from "@/lib/use-api-action";

const statusKey = ["profile", "second-factor"] as const;

// The code forms (react-hook-form, the key and QR code) come when a step needs them, not with the profile page.
const loadSteps = () => import("./two-step-steps");
const stepLoading = () => <p role="status">{loadingTexts.default}</p>;
const TurnOffForm = dynamic(() => loadSteps().then((m) => m.TurnOffForm), { loading: stepLoading });
const EnrolmentStep = dynamic(() => loadSteps().then((m) => m.EnrolmentStep), { loading: stepLoading });

/**
 * Two-step sign-in on the profile: offered to every staff member (on with the app's first code, off with a
 * code); super administrators and district owners have it on and cannot turn it off.
 */
export function TwoStepSignIn() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: profileSecondFactorCalls.status });
  const [enrolment, setEnrolment] = useState<EnrolmentStart | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useApiAction(() => profileSecondFactorCalls.startEnrolment(), { inPlace: true, onSuccess: setEnrolment });
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });

  let body;
  if (status.isPending) body = <p className="text-sm text-muted-foreground">Loading…</p>;
  else if (status.isError) body = <p role="alert">{status.error.message}</p>;
  else if (recoveryCodes) body = <RecoveryCodeList codes={recoveryCodes} />;
  else if (status.data.enabled)
    body = (
      <>
        <p className="text-sm">On: every sign-in asks for a code from your authenticator app. Recovery codes left: {status.data.recoveryCodesLeft}.</p>
        {status.data.required ? (
          <p className="text-sm text-muted-foreground">{secondFactorMessages.required}</p>
        ) : (
          <TurnOffForm
            onTurnedOff={async () => {
              toast.success(secondFactorMessages.turnedOff);
              await refresh();
            }}
          />
        )}
      </>
    );
  else if (enrolment)
    body = (
      <EnrolmentStep
        enrolment={enrolment}
        onTurnedOn={async (result) => {
          toast.success(secondFactorMessages.turnedOn);
          setEnrolment(null);
          setRecoveryCodes(result.recoveryCodes);
          await refresh();
        }}
      />
    );
  else
    body = (
      <>
        <p className="text-sm">Off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
        <Button
          type="button"
          disabled={start.busy}
          onClick={() => {
            // The enrolment step's code is fetched while the API makes the secret.
            void loadSteps();
            void start.run();
          }}
        >
          Turn on two-step sign-in
        </Button>
      </>
    );

  return (
    <section aria-labelledby="two-step-title" className="mt-8 flex max-w-md flex-col gap-4 rounded-md border bg-card p-4">
      <h2 id="two-step-title" className="text-lg font-semibold">
        Two-step sign-in
      </h2>
      {body}
    </section>
  );
}
