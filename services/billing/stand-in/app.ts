import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import * as z from "zod/mini";
import { billingMessages, type StandInStatus } from "../../../lib/contract/billing-values";
import { standInCheckoutPath } from "../../../lib/contract/paths";
import { localBillingApiUrl } from "../../config";
import { standInTransaction } from "../../db/schema";
import { describeForLog } from "../../http/error-log";
import { logFor } from "../../observability/log";
import type { ProviderDeps } from "../provider/paystack";
import { standInSecretOf } from "../provider/secret";
import { signatureHeader, signBody } from "../provider/signature";
import { listQuery, listTransactions } from "./list";

const log = logFor("stand-in");

/** Faults a test may turn on while the stand-in runs (never set outside tests). */
export type StandInFaults = { delayMs?: number };

export type StandInOptions = {
  /** Where its webhooks go: by default the portal's public webhook route, or the billing API's own without PORTAL_URL. */
  webhookUrl?: string;
  /** Tests: hand the signed webhook to an in-process app instead of sending it over HTTP. */
  deliver?: (body: string, signature: string) => Promise<unknown>;
  faults?: StandInFaults;
};

type StandInRow = typeof standInTransaction.$inferSelect;

/** Paystack answers errors as `{ status: false, message }`. */
const refuse = (c: Context, status: 400 | 401 | 404 | 409, message: string) => c.json({ status: false, message }, status);

const reference = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9._=-]+$/));
const initializeBody = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(320)),
  amount: z.union([z.number().check(z.int(), z.positive()), z.string().check(z.regex(/^[1-9]\d{0,15}$/))]),
  reference,
  callback_url: z.string().check(z.minLength(1), z.maxLength(2000)),
  currency: z._default(z.string(), "NGN"),
});

const refundBody = z.object({
  transaction: z.union([reference, z.number()]),
  amount: z.optional(z.number().check(z.int(), z.positive())),
});
const disputeBody = z.object({
  transaction: reference,
  amount: z.optional(z.number().check(z.int(), z.positive())),
  resolution: z.optional(z.enum(["merchant-accepted", "auto-accepted", "declined"])),
});

/**
 * Paystack's local fee on a payment (kobo): 1.5% plus ₦100, the ₦100 waived under ₦2,500, at most ₦2,000 — the schedule its
 * own engineers publish for adding the fee to a total. The stand-in's, so that a fee-bearing payment has a realistic shape.
 */
export function standInFee(amount: number): number {
  return Math.min(Math.ceil(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0), 200_000);
}

/**
 * The transaction as Paystack's verify and webhook describe it (https://paystack.com/docs/api/transaction/#verify):
 * `requested_amount` is what the integration initialised, `amount` what the customer paid — the same, unless the
 * integration passes its fees to customers, when it is the requested amount plus `fees`.
 */
const asPaystack = (row: StandInRow) => ({
  domain: "test",
  status: row.status,
  reference: row.reference,
  amount: row.amount + (row.feesOnCustomer ? row.fees : 0),
  requested_amount: row.amount,
  fees: row.status === "success" ? row.fees : null,
  currency: row.currency,
  gateway_response: row.status === "success" ? "Successful" : row.status === "pending" ? "The transaction was not completed" : `Test checkout: ${row.status}`,
  paid_at: row.paidAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  channel: "stand-in",
  customer: { email: row.email },
});

/** The provider's return address with what Paystack adds to it: `?reference=…&trxref=…`. */
function returnAddress(row: StandInRow): string {
  const [path = "", query = ""] = row.callbackUrl.split("?", 2);
  const params = new URLSearchParams(query);
  params.set("reference", row.reference);
  params.set("trxref", row.reference);
  return `${path}?${params.toString()}`;
}

const sameSecret = (given: string, secret: string) => {
  const digest = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(digest(given), digest(secret));
};

/**
 * The payment provider's local stand-in (architecture 'Billing'): Paystack's initialise, verify and list calls and its
 * `charge.success` webhook, for running offline without PAYSTACK_SECRET_KEY, plus the calls of the portal's test
 * checkout page (read a payment; pay, fail or abandon it), Paystack's refund (with its refund.* webhooks) and a
 * dispute of its own (charge.dispute.create and .resolve), so that tests send what the provider sends. Its state is in the database (every API worker agrees),
 * its webhooks are signed with its generated secret. Mounted at /provider-stand-in of the billing API, and started
 * on ports of their own by the tests. It never runs with a real key.
 */
export function createProviderStandIn(deps: ProviderDeps, options: StandInOptions = {}) {
  if (deps.config.PAYSTACK_SECRET_KEY) throw new Error("The payment provider stand-in never runs with a real PAYSTACK_SECRET_KEY.");
  const { db, config } = deps;
  const app = new Hono();
  app.onError((error, c) => {
    log.error({ method: c.req.method, path: c.req.path, error: describeForLog(error) }, "error");
    return c.json({ status: false, message: "The test checkout failed; try again." }, 500);
  });
  app.notFound((c) => refuse(c, 404, "No such endpoint."));
  app.use("*", async (_c, next) => {
    const delay = options.faults?.delayMs ?? 0;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    await next();
  });

  const authorised = async (c: Context) => {
    const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    return sameSecret(given, await standInSecretOf(db, config.PAYMENT_STAND_IN_SECRET));
  };
  const find = async (ref: string) => (await db.select().from(standInTransaction).where(eq(standInTransaction.reference, ref)))[0];

  app.post("/transaction/initialize", async (c) => {
    if (!(await authorised(c))) return refuse(c, 401, "Invalid key");
    const parsed = initializeBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, "Invalid transaction details");
    const body = parsed.data;
    const [created] = await db
      .insert(standInTransaction)
      .values({ reference: body.reference, amount: Number(body.amount), currency: body.currency, email: body.email, callbackUrl: body.callback_url })
      .onConflictDoNothing()
      .returning();
    if (!created) return refuse(c, 400, "Duplicate Transaction Reference");
    return c.json({
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: standInCheckoutPath(created.reference), access_code: randomBytes(8).toString("hex"), reference: created.reference },
    });
  });

  app.get("/transaction/verify/:reference", async (c) => {
    if (!(await authorised(c))) return refuse(c, 401, "Invalid key");
    const row = await find(c.req.param("reference"));
    if (!row) return refuse(c, 400, "Transaction reference not found");
    return c.json({ status: true, message: "Verification successful", data: asPaystack(row) });
  });

  // Paystack's List Transactions (the reconciliation's call): the shapes and paging in ./list.ts.
  app.get("/transaction", async (c) => {
    if (!(await authorised(c))) return refuse(c, 401, "Invalid key");
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) return refuse(c, 400, "Invalid query");
    return c.json(await listTransactions(db, parsed.data, asPaystack));
  });

  // The test checkout page's calls (through the portal's /api/provider-stand-in/checkout/…).
  app.get("/checkout/:reference", async (c) => {
    const row = await find(c.req.param("reference"));
    if (!row) return refuse(c, 404, "No test payment with this reference.");
    return c.json({
      reference: row.reference,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      callbackUrl: row.callbackUrl,
      notice: billingMessages.standInNotice,
    });
  });

  // `pay-with-fees`: paid with Paystack's fee passed to the customer (an integration may choose so), who pays it on top.
  const outcomes: Record<string, StandInStatus> = { pay: "success", "pay-with-fees": "success", fail: "failed", abandon: "abandoned" };
  app.post("/checkout/:reference/:action{pay-with-fees|pay|fail|abandon}", async (c) => {
    const action = c.req.param("action");
    const status = outcomes[action] ?? "failed";
    const paid = status === "success";
    const amount = (await find(c.req.param("reference")))?.amount ?? 0;
    const [settled] = await db
      .update(standInTransaction)
      .set({ status, paidAt: paid ? sql`now()` : null, fees: paid ? standInFee(amount) : 0, feesOnCustomer: action === "pay-with-fees" })
      .where(and(eq(standInTransaction.reference, c.req.param("reference")), eq(standInTransaction.status, "pending")))
      .returning();
    if (!settled) {
      const row = await find(c.req.param("reference"));
      if (!row) return refuse(c, 404, "No test payment with this reference.");
      // Paying twice (a double click) answers the same way, with no second webhook.
      if (row.status === status) return c.json({ redirect: returnAddress(row) });
      return refuse(c, 409, `This test payment is already ${row.status}.`);
    }
    // The webhook is not waited for: the return page credits the payment too, whichever arrives first.
    if (status === "success") void sendWebhook(settled.reference, { event: "charge.success", data: asPaystack(settled) });
    return c.json({ redirect: returnAddress(settled) });
  });

  /**
   * Paystack's Create Refund (POST /refund: `transaction`, its reference or id; `amount` in kobo, the whole payment when
   * left out), for a paid transaction. It answers the refund queued, then sends refund.pending and refund.processed in the
   * shapes of Paystack's samples (PaystackOSS/doc-code-snippets, dist/doc/payments/webhooks/events.js): the payment's
   * `transaction_reference`, a `refund_reference` once processed, `amount` as a string.
   */
  app.post("/refund", async (c) => {
    if (!(await authorised(c))) return refuse(c, 401, "Invalid key");
    const parsed = refundBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, "Invalid refund details");
    const row = await find(String(parsed.data.transaction));
    if (!row) return refuse(c, 404, "Transaction not found");
    if (row.status !== "success") return refuse(c, 400, "Cannot refund a transaction that was not successful");
    const amount = parsed.data.amount ?? row.amount;
    if (amount > row.amount) return refuse(c, 400, "Refund amount cannot be more than the transaction amount");
    const refund = (status: "pending" | "processed", refundReference: string | null) => ({
      event: `refund.${status}`,
      data: {
        status,
        transaction_reference: row.reference,
        refund_reference: refundReference,
        amount: String(amount),
        currency: row.currency,
        processor: "stand-in",
        customer: { email: row.email },
        integration: 0,
        domain: "test",
      },
    });
    await sendWebhook(row.reference, refund("pending", null));
    await sendWebhook(row.reference, refund("processed", `RF_${randomBytes(8).toString("hex")}`));
    return c.json({
      status: true,
      message: "Refund has been queued for processing",
      data: { transaction: asPaystack(row), amount, currency: row.currency, status: "pending", domain: "test" },
    });
  });

  /**
   * The stand-in's own call (Paystack has none: the customer's bank opens a dispute): opens a dispute of a paid
   * transaction — charge.dispute.create — and, given a `resolution`, resolves it — charge.dispute.resolve; Paystack's
   * resolutions are merchant-accepted or auto-accepted (lost) and declined (won). Shapes of Paystack's samples: `id`,
   * `refund_amount` (kobo), `status`, `resolution`, `transaction` (the payment as verify describes it).
   */
  app.post("/dispute", async (c) => {
    if (!(await authorised(c))) return refuse(c, 401, "Invalid key");
    const parsed = disputeBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, "Invalid dispute details");
    const row = await find(parsed.data.transaction);
    if (!row || row.status !== "success") return refuse(c, 404, "Transaction not found");
    const id = randomBytes(4).readUInt32BE(0);
    const amount = parsed.data.amount ?? row.amount;
    const dispute = (event: string, resolution: string | null) => ({
      event,
      data: {
        id,
        refund_amount: amount,
        currency: row.currency,
        status: resolution ? "resolved" : "awaiting-merchant-feedback",
        resolution,
        domain: "test",
        transaction: asPaystack(row),
        transaction_reference: null,
        category: "chargeback",
        customer: { email: row.email },
      },
    });
    await sendWebhook(row.reference, dispute("charge.dispute.create", null));
    if (parsed.data.resolution) await sendWebhook(row.reference, dispute("charge.dispute.resolve", parsed.data.resolution));
    return c.json({ status: true, message: "Dispute opened", data: { id, refund_amount: amount, resolution: parsed.data.resolution ?? null } });
  });

  async function sendWebhook(ref: string, event: unknown) {
    try {
      const body = JSON.stringify(event);
      const signature = signBody(body, await standInSecretOf(db, config.PAYMENT_STAND_IN_SECRET));
      if (options.deliver) return void (await options.deliver(body, signature));
      const url =
        options.webhookUrl ??
        (config.PORTAL_URL ? `${config.PORTAL_URL.replace(/\/+$/, "")}/api/payments/webhook` : `${localBillingApiUrl(config)}/wallet/webhook`);
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", [signatureHeader]: signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) log.warn({ reference: ref, status: response.status }, `webhook for ${ref} answered ${response.status}`);
      await response.body?.cancel();
    } catch (error) {
      log.warn({ reference: ref, error: describeForLog(error) }, `webhook for ${ref} not delivered`);
    }
  }

  return app;
}
