"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { billingMessages, formatNaira } from "@/lib/contract/billing-values";

export type StandInPayment = { reference: string; amount: number; currency: string; status: string };
type Action = "pay" | "pay-with-fees" | "fail" | "abandon";

/**
 * The provider stand-in's checkout (no PAYSTACK_SECRET_KEY): says plainly that no money moves, and lets
 * the tester decide how the payment ends (paid, paid with the provider's fee passed on to the payer, declined or
 * abandoned). Paying sends the signed webhook and returns to the portal, as the real provider would.
 */
export function StandInCheckout({ payment }: { payment: StandInPayment }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const act = async (action: Action) => {
    setBusy(true);
    setError(undefined);
    try {
      const response = await fetch(`/api/provider-stand-in/checkout/${encodeURIComponent(payment.reference)}/${action}`, { method: "POST" });
      const body = (await response.json().catch(() => ({}))) as { redirect?: string; message?: string };
      if (!response.ok || !body.redirect) throw new Error(body.message ?? `The stand-in answered ${response.status}.`);
      window.location.assign(body.redirect);
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const open = payment.status === "pending";
  return (
    <div className="flex flex-col gap-5">
      <p role="note" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">
        {billingMessages.standInNotice}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="text-2xl font-bold tabular-nums">{formatNaira(payment.amount)}</dd>
        <dt className="text-muted-foreground">Reference</dt>
        <dd className="break-all">{payment.reference}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>{payment.status}</dd>
      </dl>
      {open ? (
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => void act("pay")}>
            Pay {formatNaira(payment.amount)} (test)
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void act("pay-with-fees")}>
            Pay with the provider&apos;s fee on top (test)
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void act("fail")}>
            Decline the payment
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void act("abandon")}>
            Cancel and go back
          </Button>
        </div>
      ) : (
        <p>This payment is no longer open.</p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
