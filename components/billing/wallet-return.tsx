"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { NavLink } from "@/components/ui/nav-link";
import { billingMessages, formatNaira, type FundResult } from "@/lib/contract/billing-values";
import { ApiError } from "@/lib/client-api";
import { walletKeys, walletMutations } from "@/lib/queries/wallet";
import { routes } from "@/lib/routes";
import { useSuccessRedirect } from "@/lib/use-success-redirect";

type State = { kind: "confirming" } | { kind: "done"; result: FundResult } | { kind: "pending"; message: string } | { kind: "failed"; message: string };

/**
 * Where the payment provider sends the user back: the payment is confirmed with the billing API (which
 * asks the provider itself before crediting), then the wallet. The provider's webhook credits the same
 * payment if the user never gets here; either way it is credited once.
 */
export function WalletReturn({ reference }: { reference: string }) {
  const [state, setState] = useState<State>({ kind: "confirming" });
  const queryClient = useQueryClient();
  const redirect = useSuccessRedirect();
  const asked = useRef(false);

  const confirm = useCallback(async () => {
    setState({ kind: "confirming" });
    try {
      const result = await walletMutations.fund(reference);
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      setState({ kind: "done", result });
      await redirect(result.message, routes.wallet);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // 409 with the pending text: the provider has not confirmed yet; asking again later is safe.
      if (error instanceof ApiError && error.status === 409 && message === billingMessages.paymentPending) setState({ kind: "pending", message });
      else setState({ kind: "failed", message });
    }
  }, [queryClient, redirect, reference]);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void confirm();
  }, [confirm]);

  return (
    <section aria-live="polite" className="flex max-w-xl flex-col gap-4 rounded-lg border border-border bg-card p-5">
      <p className="text-sm text-muted-foreground">Payment reference {reference}</p>
      {state.kind === "confirming" ? (
        <p role="status" className="font-medium">
          Confirming your payment with the provider…
        </p>
      ) : null}
      {state.kind === "done" ? (
        <div role="status" className="flex flex-col gap-1">
          <p className="font-semibold">{state.result.status === "credited" ? state.result.message : billingMessages.alreadyCredited}</p>
          <p>
            {formatNaira(state.result.amount)} credited. The wallet now holds {formatNaira(state.result.balance)}.
          </p>
        </div>
      ) : null}
      {state.kind === "pending" || state.kind === "failed" ? (
        <>
          <p role="alert" className={state.kind === "failed" ? "font-medium text-danger" : "font-medium"}>
            {state.message}
          </p>
          <div>
            <Button onClick={() => void confirm()}>Check again</Button>
          </div>
        </>
      ) : null}
      {/* A way on in every state: the provider's answer may take a while, and the wallet shows the payment once credited. */}
      <NavLink href={routes.wallet} className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-primary hover:underline">
        Back to the wallet
      </NavLink>
    </section>
  );
}
