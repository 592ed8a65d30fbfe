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
import { eventKeyOf, processEvent, recordEvent, type Handled } from "./webhook-events";

const event = z.object({
  event: z.string(),
  data: z.optional(z.object({ reference: z.optional(z.string()), id: z.optional(z.union([z.string(), z.number()])) })),
});

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
        "The payment provider's events (x-paystack-signature: HMAC-SHA512 of the raw body). { received: true, status?, queued?, ignored? } — charge.success of one of our payments is recorded, then verified and credited: 'credited' or 'already-credited' when that was done before the answer, queued: true when it goes on after; other events ignored; 401 for a bad signature, 403 from an address not in PAYSTACK_WEBHOOK_IPS",
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
  const reference = parsed.data?.reference;
  if (parsed.event !== "charge.success" || !reference) return ignored();
  const paid = await findPayment(deps.db, systemScope("the provider's webhook names a payment by its reference; no one is signed in"), reference);
  // Another integration's payment on the same provider account: nothing of ours, nothing kept.
  if (!paid) return ignored();
  if (paid.status === "credited") {
    countWebhookEvent("already_credited");
    return { outcome: "already_credited", answer: { received: true, status: "already-credited" } };
  }
  const recorded = await recordEvent(deps.db, { key: eventKeyOf(parsed.event, reference, parsed.data?.id), event: parsed.event, reference });
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
