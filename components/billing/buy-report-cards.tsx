"use client";

import { useState } from "react";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { billingMessages, formatNaira, type ReportCardQuote } from "@/lib/contract/billing-values";
import { termNames } from "@/lib/contract/configuration-values";
import { loadingTexts } from "@/lib/contract/notices";
import { reportCardKeys, reportCardMutations, useReportCardQuote } from "@/lib/queries/report-cards";
import { walletKeys } from "@/lib/queries/wallet";
import { toast } from "@/lib/notify";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";

/** What the review says about a quote, and whether it can be confirmed. */
function reviewOf(quote: ReportCardQuote): { text: string; payable: boolean } {
  if (quote.pupils === 0) return { text: billingMessages.nothingToCharge, payable: false };
  // In arrears (a refund or lost dispute it could not cover): the API refuses every charge until it is funded back.
  if (quote.balance < 0) return { text: billingMessages.walletInArrears(quote.balance), payable: false };
  if (quote.amount > quote.balance) return { text: billingMessages.insufficientBalance(quote.amount, quote.balance), payable: false };
  return { text: `The wallet holds ${formatNaira(quote.balance)}; ${formatNaira(quote.balance - quote.amount)} will be left.`, payable: true };
}

/**
 * A school's report cards for a term, paid out of the wallet (wallet.charge): the review names the pupils
 * not yet charged for that term, the price and the total before anything is charged. Pupils admitted
 * later are charged the next time.
 */
export function BuyReportCards({ schoolId, schoolName }: { schoolId: string; schoolName: string }) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const quote = useReportCardQuote(schoolId, term, open);
  const charge = useApiMutation(reportCardMutations.charge, {
    inPlace: true,
    invalidates: [walletKeys.all, reportCardKeys.all],
    onSuccess: (result) => {
      toast.success(result.message);
      setOpen(false);
    },
  });
  const review = quote.data ? reviewOf(quote.data) : null;
  return (
    <section aria-labelledby="report-cards" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5">
      <h2 id="report-cards" className="text-lg font-semibold">
        Report cards
      </h2>
      <p className="text-sm text-muted-foreground">Pay this school&apos;s report cards for a term out of the district&apos;s wallet.</p>
      <div>
        <Button onClick={() => setOpen(true)}>Buy report cards</Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen} title={`Report cards for ${schoolName}`}>
        {charge.busy ? <LoadingOverlay /> : null}
        <SelectField
          label="Term"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="The current term"
          options={termNames.map((name) => ({ value: name, label: name }))}
        />
        {quote.isPending ? <p role="status">{loadingTexts.default}</p> : null}
        {quote.isError ? <p role="alert">{quote.error.message}</p> : null}
        {quote.data && review ? (
          <div className="flex flex-col gap-2" aria-live="polite">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Term</dt>
              <dd>
                {quote.data.term} {quote.data.academicSession}
              </dd>
              <dt className="text-muted-foreground">Pupils not yet charged</dt>
              <dd className="tabular-nums">{quote.data.pupils.toLocaleString("en-NG")}</dd>
              <dt className="text-muted-foreground">Price per pupil</dt>
              <dd className="tabular-nums">{formatNaira(quote.data.price)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="font-semibold tabular-nums">{formatNaira(quote.data.amount)}</dd>
            </dl>
            <p role={review.payable ? undefined : "alert"} className="text-sm">
              {review.text}
            </p>
            {!review.payable && quote.data.pupils > 0 ? (
              <NavLink href={routes.wallet} className="text-sm font-semibold text-primary hover:underline">
                Fund the wallet
              </NavLink>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            disabled={!review?.payable || charge.busy}
            onClick={() => quote.data && void charge.run({ schoolId, academicSession: quote.data.academicSession, term: quote.data.term })}
          >
            {quote.data && review?.payable ? `Pay ${formatNaira(quote.data.amount)}` : "Pay"}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
