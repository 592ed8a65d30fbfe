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

const log = logFor("stand-in");

/** Faults a test may turn on while the stand-in runs (never set outside tests). */
export type StandInFaults = { delayMs?: number };

export type StandInOptions = {
  /** Where `charge.success` goes: by default the portal's public webhook route, or the billing API's own without PORTAL_URL. */
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
 * The payment provider's local stand-in (architecture 'Billing'): Paystack's initialise and verify calls and its
 * `charge.success` webhook, for running offline without PAYSTACK_SECRET_KEY, plus the calls of the portal's test
 * checkout page (read a payment; pay, fail or abandon it). Its state is in the database (every API worker agrees),
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
    return sameSecret(given, await standInSecretOf(db));
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
    if (status === "success") void sendWebhook(settled);
    return c.json({ redirect: returnAddress(settled) });
  });

  async function sendWebhook(row: StandInRow) {
    try {
      const body = JSON.stringify({ event: "charge.success", data: asPaystack(row) });
      const signature = signBody(body, await standInSecretOf(db));
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
      if (!response.ok) log.warn({ reference: row.reference, status: response.status }, `webhook for ${row.reference} answered ${response.status}`);
      await response.body?.cancel();
    } catch (error) {
      log.warn({ reference: row.reference, error: describeForLog(error) }, `webhook for ${row.reference} not delivered`);
    }
  }

  return app;
}
