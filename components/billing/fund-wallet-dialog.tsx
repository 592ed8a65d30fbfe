"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import { billingMessages, formatNaira, maxFundingKobo, minFundingKobo } from "@/lib/contract/billing-values";
import { nairaToKobo } from "@/lib/contract/configuration-values";
import { walletMutations } from "@/lib/queries/wallet";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";

/** The amount typed, in kobo, or the message that says what is wrong with it (the API checks the same limits). */
function amountOf(text: string): { kobo: number } | { error: string } {
  const kobo = nairaToKobo(text);
  if (kobo === null) return { error: billingMessages.amountRequired };
  if (kobo < minFundingKobo) return { error: billingMessages.amountTooSmall };
  if (kobo > maxFundingKobo) return { error: billingMessages.amountTooLarge };
  return { kobo };
}

/**
 * Funding: the amount, then the payment provider's checkout page (a new payment link each time). The
 * provider sends the user back to the wallet's return page, which confirms the payment.
 */
export function FundWalletDialog() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const link = useApiMutation(walletMutations.paymentLink, {
    onSuccess: ({ checkoutUrl }) => {
      window.location.assign(checkoutUrl);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = amountOf(text);
    if ("error" in amount) return setError(amount.error);
    setError(undefined);
    void link.run(amount.kobo);
  };
  const parsed = amountOf(text);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Fund wallet</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Fund the wallet" description="You will pay on the payment provider's page and come back here.">
        <form {...formWithoutScript} onSubmit={submit} noValidate className="flex flex-col gap-4">
          {link.busy ? <LoadingOverlay /> : null}
          <TextField
            label="Amount (₦)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 25,000"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {"kobo" in parsed ? `You will pay ${formatNaira(parsed.kobo)}.` : `From ${formatNaira(minFundingKobo)} to ${formatNaira(maxFundingKobo)}.`}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={link.busy}>
              Continue to payment
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
