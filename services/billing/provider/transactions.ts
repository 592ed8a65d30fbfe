import * as z from "zod/mini";
import { reconciliationMessages } from "../../../lib/contract/reconciliation-values";
import { AppError } from "../../http/errors";
import { logFor } from "../../observability/log";
import { countProviderRequest } from "../../observability/payment-metrics";
import { call, type ProviderDeps } from "./paystack";

/** A successful payment as the provider lists it: amounts in kobo, `requestedAmount` what was initialised (null when not given). */
export type ListedPayment = {
  reference: string;
  status: string;
  amount: number;
  requestedAmount: number | null;
  currency: string;
  paidAt: string | null;
  createdAt: string;
};

// Paystack's List Transactions answer as far as we read it (src/api/transactions/list/response.json of its samples).
const listAnswer = z.object({
  status: z.literal(true),
  data: z.array(
    z.object({
      reference: z.string(),
      status: z.string(),
      amount: z.number(),
      requested_amount: z.optional(z.nullable(z.number())),
      currency: z.string(),
      paid_at: z.optional(z.nullable(z.string())),
      created_at: z.string(),
    }),
  ),
  meta: z.object({ page: z.number(), pageCount: z.number() }),
});

const PER_PAGE = 100;
/** 100 pages of 100: a month of a busy account; more is refused with a message rather than read for minutes. */
const MAX_PAGES = 100;
const log = logFor("billing");

/**
 * Every successful payment the provider lists as created between `from` and `to` (instants, ISO 8601): Paystack's
 * GET /transaction with `status=success`, `from`, `to`, `perPage` and `page`, read page by page until `meta.pageCount`.
 * A refunded payment stays listed (its status is the payment's); the refund is the ledger's to show.
 */
export async function listSuccessfulPayments(deps: ProviderDeps, from: string, to: string): Promise<ListedPayment[]> {
  const payments: ListedPayment[] = [];
  for (let page = 1; ; page++) {
    if (page > MAX_PAGES) throw new AppError("conflict", reconciliationMessages.tooManyAtProvider);
    const query = new URLSearchParams({ status: "success", from, to, perPage: String(PER_PAGE), page: String(page) });
    const { status, json } = await call(deps, "list", "GET", `/transaction?${query}`);
    const parsed = listAnswer.safeParse(json);
    if (status !== 200 || !parsed.success) {
      countProviderRequest("list", "refused");
      log.error({ status, page }, "payment provider gave an unreadable transactions list");
      throw new AppError("provider_unavailable", reconciliationMessages.providerListUnreadable);
    }
    countProviderRequest("list", "ok");
    for (const t of parsed.data.data)
      payments.push({
        reference: t.reference,
        status: t.status,
        amount: t.amount,
        requestedAmount: t.requested_amount ?? null,
        currency: t.currency,
        paidAt: t.paid_at ?? null,
        createdAt: t.created_at,
      });
    if (parsed.data.data.length === 0 || page >= parsed.data.meta.pageCount) return payments;
  }
}
