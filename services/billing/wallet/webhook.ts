import * as z from "zod/mini";
import { billingMessages } from "../../../lib/contract/billing-values";
import { authMessages } from "../../../lib/contract/messages";
import { systemScope } from "../../db/scope";
import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";
import type { Deps } from "../../http/context";
import { AppError } from "../../http/errors";
import { describeForLog } from "../../http/error-log";
import { logFor } from "../../observability/log";
import { countWebhookEvent } from "../../observability/payment-metrics";
import { providerSecret } from "../provider/paystack";
import { signatureHeader, verifySignature } from "../provider/signature";
import { findPayment } from "./queries";
import { eventKeyOf, processEvent, recordEvent, takenBackBy, type Handled } from "./webhook-events";

const providerId = z.optional(z.nullable(z.union([z.string(), z.number()])));
/**
 * The parts of Paystack's events we read (issue 33; the shapes of Paystack's documented samples, PaystackOSS/doc-code-snippets
 * dist/doc/payments/webhooks/events.js): charge.success `data.reference` and `data.id`; refund.* `data.transaction_reference`
 * (our payment), `data.refund_reference` and `data.amount` (kobo, a string in the samples); charge.dispute.*
 * `data.id`, `data.refund_amount`, `data.resolution` and `data.transaction.reference`.
 */
const event = z.object({
  event: z.string(),
  data: z.optional(
    z.object({
      reference: z.optional(z.nullable(z.string())),
      id: providerId,
      transaction_reference: z.optional(z.nullable(z.string())),
      refund_reference: providerId,
      amount: z.optional(z.nullable(z.union([z.string(), z.number()]))),
      refund_amount: z.optional(z.nullable(z.union([z.string(), z.number()]))),
      resolution: z.optional(z.nullable(z.string())),
      transaction: z.optional(z.nullable(z.object({ reference: z.optional(z.nullable(z.string())) }))),
    }),
  ),
});
type ProviderEvent = z.infer<typeof event>;

/** Refund and dispute events that change nothing here: logged, kept as done, answered `noted`. */
const noted = new Set(["refund.pending", "refund.processing", "refund.failed", "charge.dispute.create", "charge.dispute.remind"]);
/** Paystack's resolutions of a dispute the merchant lost: accepted by the merchant, or for want of an answer. */
const lostResolutions = new Set(["merchant-accepted", "auto-accepted"]);

/** Kobo from the body, a whole positive number (Paystack's refund samples give it as a string), or null. */
function koboOf(value: string | number | null | undefined): number | null {
  const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
}

const log = logFor("billing");

/**
 * The provider's webhook (reached through the portal's public /api/payments/webhook, which passes the body's bytes on
 * unchanged). Signed with the secret key over the exact bytes (and, with PAYSTACK_WEBHOOK_IPS, taken only from those
 * addresses). A `charge.success` of one of our payments is recorded first (once, however often it is sent), then
 * checked with the provider's verify and credited once (wallet/webhook-events.ts). The answer comes as soon as that is
 * done or after WEBHOOK_ANSWER_WAIT_MS at most, whichever is first: the work goes on after it, and a process that stops
 * meanwhile leaves the recorded event to any instance's sweep. Never refused for load: Paystack expects a prompt 200.
 */
export function walletWebhookRoutes(api: Api) {
  api.route(
    {
      method: "POST",
      path: "/wallet/webhook",
      summary:
        "The payment provider's events (x-paystack-signature: HMAC-SHA512 of the raw body). { received: true, status?, queued?, ignored? } — charge.success of one of our payments is recorded, then verified and credited: 'credited' or 'already-credited' when that was done before the answer, queued: true when it goes on after; refund.processed and a lost charge.dispute.resolve of one of our fundings are recorded and debit the wallet once ('debited', 'already-debited'; below zero the wallet is in arrears); other refund and dispute events 'noted'; other events ignored; 401 for a bad signature, 403 from an address not in PAYSTACK_WEBHOOK_IPS",
      tag: "Wallet",
      access: publicAccess,
      unmetered: true,
    },
    async (c) => {
      try {
        const deps = c.get("deps");
        const allowed = deps.config.PAYSTACK_WEBHOOK_IPS;
        if (allowed && !allowed.includes(c.get("clientIp"))) {
          countWebhookEvent("refused_address");
          throw new AppError("forbidden", billingMessages.webhookAddressRefused);
        }
        const handled = await handle(deps, new Uint8Array(await c.req.arrayBuffer()), c.req.header(signatureHeader));
        return c.json(handled.answer);
      } catch (error) {
        const code = error instanceof AppError ? error.code : undefined;
        if (code !== "forbidden") countWebhookEvent(code === "unauthenticated" ? "rejected_signature" : code === "bad_request" ? "malformed" : "error");
        throw error;
      }
    },
  );
}

/** The payment an event is about: charge.success's own reference, a refund's transaction_reference, a dispute's transaction. */
function fundingReferenceOf(parsed: ProviderEvent): string | null {
  const data = parsed.data;
  if (parsed.event.startsWith("refund.")) return data?.transaction_reference ?? null;
  if (parsed.event.startsWith("charge.dispute.")) return data?.transaction?.reference ?? null;
  return data?.reference ?? null;
}

/**
 * What a processed refund or a lost dispute takes back, with the provider's id of it; null for an event that takes
 * nothing (a refund on its way or failed, a dispute opened or won). A refund or dispute without an id or a whole amount
 * in kobo is refused (400): the provider sends it again, and no guess is debited.
 */
function takeBackOf(parsed: ProviderEvent): { amount: number; providerId: string } | null {
  const data = parsed.data;
  if (parsed.event === "charge.dispute.resolve" && !lostResolutions.has(data?.resolution ?? "")) return null;
  if (!takenBackBy[parsed.event]) return null;
  const id = parsed.event === "refund.processed" ? data?.refund_reference : data?.id;
  const amount = koboOf(parsed.event === "refund.processed" ? data?.amount : data?.refund_amount);
  if (id === null || id === undefined || String(id) === "" || amount === null) throw new AppError("bad_request", authMessages.malformedJson);
  return { amount, providerId: String(id) };
}

/** One call: refused (401 a bad signature, 400 a body that is not the event's JSON), or answered 200 with what became of it. */
async function handle(deps: Deps, raw: Uint8Array, signature: string | undefined): Promise<Handled> {
  if (!verifySignature(raw, signature, await providerSecret(deps))) throw new AppError("unauthenticated", billingMessages.badSignature);
  let parsed: z.infer<typeof event>;
  try {
    parsed = event.parse(JSON.parse(Buffer.from(raw).toString("utf8")));
  } catch {
    throw new AppError("bad_request", authMessages.malformedJson);
  }
  const ignored = (): Handled => {
    countWebhookEvent("ignored");
    return { outcome: "ignored", answer: { received: true, ignored: true } };
  };
  const reference = fundingReferenceOf(parsed);
  if (!reference || !(parsed.event === "charge.success" || takenBackBy[parsed.event] || noted.has(parsed.event))) return ignored();
  const paid = await findPayment(deps.db, systemScope("the provider's webhook names a payment by its reference; no one is signed in"), reference);
  // Another integration's payment on the same provider account: nothing of ours, nothing kept.
  if (!paid) return ignored();
  let recorded: { id: string };
  if (parsed.event === "charge.success") {
    if (paid.status === "credited") {
      countWebhookEvent("already_credited");
      return { outcome: "already_credited", answer: { received: true, status: "already-credited" } };
    }
    recorded = await recordEvent(deps.db, { key: eventKeyOf(parsed.event, reference, parsed.data?.id), event: parsed.event, reference });
  } else {
    const takeBack = takeBackOf(parsed);
    if (!takeBack) {
      log.info({ event: parsed.event, reference, resolution: parsed.data?.resolution ?? undefined }, "provider event noted: nothing to debit");
      countWebhookEvent("noted");
      return { outcome: "noted", answer: { received: true, status: "noted" } };
    }
    recorded = await recordEvent(deps.db, {
      key: eventKeyOf(parsed.event, reference, takeBack.providerId),
      event: parsed.event,
      reference,
      amount: takeBack.amount,
      providerId: takeBack.providerId,
    });
  }
  // The work starts now; the answer waits for it a moment at most (a replay whose event another call is doing waits not).
  const work = processEvent(deps, recorded.id).catch((error: unknown) => {
    log.error({ webhookEventId: recorded.id, error: describeForLog(error) }, "webhook event not done; the sweep will take it up");
    return null;
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<"waited">((resolve) => (timer = setTimeout(() => resolve("waited"), deps.config.WEBHOOK_ANSWER_WAIT_MS)));
  const done = await Promise.race([work, waited]);
  clearTimeout(timer);
  if (done && done !== "waited" && done.outcome !== "error") return done;
  countWebhookEvent("queued");
  return { outcome: "queued", answer: { received: true, queued: true } };
}
