import { billingMessages } from "../../../lib/contract/billing-values";
import type { Scope } from "../../db/scope";
import type { Actor } from "../../http/context";
import { AppError } from "../../http/errors";
import type { ProviderDeps, VerifiedPayment } from "../provider/paystack";
import { creditPayment, type CreditOutcome } from "./credit";
import { markPaymentFailed, notePaymentState, type PaymentRow } from "./queries";

/** The provider's final word that a payment will not be paid (Paystack's names). */
const notPaid = new Set(["failed", "abandoned", "reversed"]);

/**
 * Acts on what the provider said of one of our payments, for the return page and the webhook alike: a success for
 * exactly the payment's amount in naira is credited (once); anything else credits nothing and says why (409).
 */
export async function settlePayment(
  deps: ProviderDeps,
  scope: Scope,
  paid: PaymentRow,
  verified: VerifiedPayment,
  actor: Actor | null,
): Promise<CreditOutcome> {
  if (verified.status === "success") {
    if (verified.reference !== paid.reference || verified.amount !== paid.amount || verified.currency !== "NGN") {
      await markPaymentFailed(
        deps.db,
        scope,
        paid.reference,
        `success for ${verified.amount} ${verified.currency || "(no currency)"}, expected ${paid.amount} NGN`,
      );
      throw new AppError("conflict", billingMessages.paymentMismatch);
    }
    return creditPayment(deps, scope, paid, actor);
  }
  if (notPaid.has(verified.status)) {
    await markPaymentFailed(deps.db, scope, paid.reference, verified.status);
    throw new AppError("conflict", billingMessages.paymentNotCompleted(verified.status));
  }
  if (verified.status === "not_found") throw new AppError("conflict", billingMessages.paymentNotCompleted("not found"));
  await notePaymentState(deps.db, scope, paid.reference, verified.status);
  throw new AppError("conflict", billingMessages.paymentPending);
}
