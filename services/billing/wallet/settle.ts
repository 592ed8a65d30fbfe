import { billingMessages } from "../../../lib/contract/billing-values";
import { paymentsAreTestMoney, testMoneyAllowed } from "../../config";
import type { Scope } from "../../db/scope";
import type { Actor } from "../../http/context";
import { AppError } from "../../http/errors";
import { countFundingVerification, type FundingOutcome } from "../../observability/payment-metrics";
import type { ProviderDeps, VerifiedPayment } from "../provider/paystack";
import { creditPayment, type CreditOutcome } from "./credit";
import { markPaymentFailed, notePaymentState, type PaymentRow } from "./queries";

/**
 * The customer paid what the district asked for (issue 33, item 3): exactly the amount we initialised, or — where the
 * integration passes Paystack's fees to its customers — at least that, with the verification's `requested_amount` equal to
 * what we initialised. The wallet is then credited the requested amount, never the fee; anything less credits nothing.
 */
function paidAsAsked(paid: PaymentRow, verified: VerifiedPayment): boolean {
  if (verified.requestedAmount !== null && verified.requestedAmount !== paid.amount) return false;
  return verified.amount === paid.amount || (verified.requestedAmount === paid.amount && verified.amount > paid.amount);
}

/** The provider's final word that a payment will not be paid (Paystack's names). */
const notPaid = new Set(["failed", "abandoned", "reversed"]);

/**
 * Acts on what the provider said of one of our payments, for the return page and the webhook alike: a success for
 * the payment's amount in naira (its fee on top, when passed to the customer) is credited (once), if it is real money or test money may be credited here;
 * anything else credits nothing and says why (409).
 * Each outcome is counted (billing_funding_verifications_total), by the return page or the webhook (`actor` null).
 */
export async function settlePayment(
  deps: ProviderDeps,
  scope: Scope,
  paid: PaymentRow,
  verified: VerifiedPayment,
  actor: Actor | null,
): Promise<CreditOutcome> {
  const count = (outcome: FundingOutcome) => countFundingVerification(actor ? "return_page" : "webhook", outcome);
  if (verified.status === "success") {
    if (verified.reference !== paid.reference || !paidAsAsked(paid, verified) || verified.currency !== "NGN") {
      await markPaymentFailed(
        deps.db,
        scope,
        paid.reference,
        `success for ${verified.amount} ${verified.currency || "(no currency)"} (requested ${verified.requestedAmount ?? "not said"}), expected ${paid.amount} NGN`,
      );
      count("mismatch");
      throw new AppError("conflict", billingMessages.paymentMismatch);
    }
    // Issue 33: test money (the stand-in, a test key, Paystack's test domain) funds no real wallet: in production only on
    // a staging deployment's PAYMENT_STAND_IN=allow, and then marked as test money.
    const testMoney = paymentsAreTestMoney(deps.config) || verified.domain !== "live";
    if (testMoney && !testMoneyAllowed(deps.config)) {
      await markPaymentFailed(deps.db, scope, paid.reference, `success on the provider's ${verified.domain || "unnamed"} domain: test money`);
      count("test_money_refused");
      throw new AppError("conflict", billingMessages.testPaymentRefused);
    }
    const credited = await creditPayment(deps, scope, paid, actor, { testMoney });
    count(credited.status === "credited" ? "credited" : "already_credited");
    return credited;
  }
  if (notPaid.has(verified.status)) {
    await markPaymentFailed(deps.db, scope, paid.reference, verified.status);
    count("failed");
    throw new AppError("conflict", billingMessages.paymentNotCompleted(verified.status));
  }
  if (verified.status === "not_found") {
    count("unknown");
    throw new AppError("conflict", billingMessages.paymentNotCompleted("not found"));
  }
  await notePaymentState(deps.db, scope, paid.reference, verified.status);
  count("pending");
  throw new AppError("conflict", billingMessages.paymentPending);
}
