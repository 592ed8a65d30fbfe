import * as z from "zod/mini";
import { billingMessages } from "../../../lib/contract/billing-values";
import { paystackBaseUrl, type ServiceConfig } from "../../config";
import type { Db } from "../../db/client";
import { describeForLog } from "../../http/error-log";
import { AppError } from "../../http/errors";
import { logFor } from "../../observability/log";
import { countProviderRequest, type ProviderCall } from "../../observability/payment-metrics";
import { standInSecretOf } from "./secret";

export type ProviderDeps = { db: Db; config: ServiceConfig };

export type InitializeInput = { amount: number; email: string; reference: string; callbackUrl: string; currency: "NGN" };

/**
 * What the provider says of a payment. `status` is Paystack's: success, failed, abandoned, reversed, or one of the states
 * still under way (pending, ongoing, processing, queued); `not_found` when it does not know the reference at all.
 */
export type VerifiedPayment = {
  status: string;
  amount: number;
  currency: string;
  reference: string;
  /** Paystack's `domain`: `live`, or `test` for a test key's payments (test cards); "" when the answer has none. */
  domain: string;
  /**
   * Paystack's `requested_amount`: what was initialised, where `amount` is what the customer paid — more when the fees
   * were passed to the customer. Null when the answer has none.
   */
  requestedAmount: number | null;
  /** Paystack's `fees` on the payment (kobo), null when not given. */
  fees: number | null;
};

// Paystack's answers, as far as we read them (https://paystack.com/docs/api/transaction/).
const initializeAnswer = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.string().check(z.minLength(1)), access_code: z.optional(z.string()), reference: z.optional(z.string()) }),
});
const verifyAnswer = z.object({
  status: z.literal(true),
  data: z.object({
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
    reference: z.string(),
    domain: z.optional(z.string()),
    requested_amount: z.optional(z.nullable(z.number())),
    fees: z.optional(z.nullable(z.number())),
  }),
});

/** The key calls are made with and webhooks are checked with: the real one, or the stand-in's generated one. */
export const providerSecret = (deps: ProviderDeps): Promise<string> =>
  deps.config.PAYSTACK_SECRET_KEY ? Promise.resolve(deps.config.PAYSTACK_SECRET_KEY) : standInSecretOf(deps.db, deps.config.PAYMENT_STAND_IN_SECRET);

const unreachable = () => new AppError("provider_unavailable", billingMessages.providerUnreachable);
const log = logFor("billing");

/**
 * One call to the provider within PAYSTACK_TIMEOUT_MS (the answer's body included). No answer in time, a dropped
 * connection, a server error or an answer we cannot read all become the same 502: nothing was credited, try again.
 */
export async function call(
  deps: ProviderDeps,
  name: ProviderCall,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const url = `${paystackBaseUrl(deps.config)}${path}`;
  try {
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${await providerSecret(deps)}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "error",
      signal: AbortSignal.timeout(deps.config.PAYSTACK_TIMEOUT_MS),
    });
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, json };
  } catch (error) {
    countProviderRequest(name, "unreachable");
    log.error({ method, path: path.replace(/\/verify\/.*/, "/verify/…").replace(/\?.*/, ""), error: describeForLog(error) }, "payment provider unreachable");
    throw unreachable();
  }
}

/** POST /transaction/initialize: the provider's checkout address for a payment of ours. */
export async function initializePayment(deps: ProviderDeps, input: InitializeInput): Promise<{ authorizationUrl: string }> {
  const { status, json } = await call(deps, "initialize", "POST", "/transaction/initialize", {
    email: input.email,
    amount: input.amount,
    currency: input.currency,
    reference: input.reference,
    callback_url: input.callbackUrl,
  });
  const parsed = initializeAnswer.safeParse(json);
  if (status !== 200 || !parsed.success) {
    countProviderRequest("initialize", "refused");
    const providerMessage = (json as { message?: unknown } | null)?.message;
    log.error(
      { status, providerMessage: typeof providerMessage === "string" ? providerMessage.slice(0, 200) : undefined },
      "payment provider refused to initialise a payment",
    );
    throw unreachable();
  }
  countProviderRequest("initialize", "ok");
  return { authorizationUrl: parsed.data.data.authorization_url };
}

/** GET /transaction/verify/{reference}: what the provider says became of a payment (never what a browser or a webhook body says). */
export async function verifyPayment(deps: ProviderDeps, reference: string): Promise<VerifiedPayment> {
  const { status, json } = await call(deps, "verify", "GET", `/transaction/verify/${encodeURIComponent(reference)}`);
  // Paystack answers 400 (or 404) with status false for a reference it never saw.
  if ((status === 400 || status === 404) && (json as { status?: unknown } | null)?.status === false) {
    countProviderRequest("verify", "unknown_reference");
    return { status: "not_found", amount: 0, currency: "", reference, domain: "", requestedAmount: null, fees: null };
  }
  const parsed = verifyAnswer.safeParse(json);
  if (status !== 200 || !parsed.success) {
    countProviderRequest("verify", "refused");
    log.error({ status }, "payment provider gave an unreadable verification");
    throw unreachable();
  }
  countProviderRequest("verify", "ok");
  const { requested_amount: requestedAmount, fees, domain, ...payment } = parsed.data.data;
  return { ...payment, domain: domain ?? "", requestedAmount: requestedAmount ?? null, fees: fees ?? null };
}
