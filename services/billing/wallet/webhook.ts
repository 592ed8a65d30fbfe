import * as z from "zod/mini";
import { billingMessages } from "../../../lib/contract/billing-values";
import { authMessages } from "../../../lib/contract/messages";
import { systemScope } from "../../db/scope";
import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";
import type { Deps } from "../../http/context";
import { AppError } from "../../http/errors";
import { countWebhookEvent, type WebhookOutcome } from "../../observability/payment-metrics";
import { providerSecret, verifyPayment } from "../provider/paystack";
import { signatureHeader, verifySignature } from "../provider/signature";
import { findPayment } from "./queries";
import { settlePayment } from "./settle";

const event = z.object({ event: z.string(), data: z.optional(z.object({ reference: z.optional(z.string()) })) });

/**
 * The provider's webhook (reached through the portal's public /api/payments/webhook, which passes the body's bytes on
 * unchanged). Signed with the secret key over the exact bytes; `charge.success` is checked with the provider's verify
 * (a body's amount is never trusted alone) and credited once, however often it is sent and whether or not the user came
 * back. Answers 200 to whatever needs no retry, so the provider stops resending; 502 when it should try again.
 */
export function walletWebhookRoutes(api: Api) {
  api.route(
    {
      method: "POST",
      path: "/wallet/webhook",
      summary:
        "The payment provider's events (x-paystack-signature: HMAC-SHA512 of the raw body). { received: true, status? } — 'credited' or 'already-credited' for charge.success of one of our payments, else ignored; 401 for a bad signature",
      tag: "Wallet",
      access: publicAccess,
    },
    async (c) => {
      try {
        const { outcome, answer } = await handle(c.get("deps"), new Uint8Array(await c.req.arrayBuffer()), c.req.header(signatureHeader));
        countWebhookEvent(outcome);
        return c.json(answer);
      } catch (error) {
        const code = error instanceof AppError ? error.code : undefined;
        countWebhookEvent(code === "unauthenticated" ? "rejected_signature" : code === "bad_request" ? "malformed" : "error");
        throw error;
      }
    },
  );
}

type Handled = { outcome: WebhookOutcome; answer: { received: true; ignored?: true; status?: string; credited?: false; message?: string } };

/** One call: refused (401 a bad signature, 400 a body that is not the event's JSON), or answered 200 with what became of it. */
async function handle(deps: Deps, raw: Uint8Array, signature: string | undefined): Promise<Handled> {
  if (!verifySignature(raw, signature, await providerSecret(deps))) throw new AppError("unauthenticated", billingMessages.badSignature);
  let parsed: z.infer<typeof event>;
  try {
    parsed = event.parse(JSON.parse(Buffer.from(raw).toString("utf8")));
  } catch {
    throw new AppError("bad_request", authMessages.malformedJson);
  }
  const ignored: Handled = { outcome: "ignored", answer: { received: true, ignored: true } };
  const reference = parsed.data?.reference;
  if (parsed.event !== "charge.success" || !reference) return ignored;
  // No one is signed in: the payment is found by its reference, in whichever district started it.
  const scope = systemScope("the provider's webhook names a payment by its reference; no one is signed in");
  const paid = await findPayment(deps.db, scope, reference);
  // Another integration's payment on the same provider account: nothing of ours.
  if (!paid) return ignored;
  if (paid.status === "credited") return { outcome: "already_credited", answer: { received: true, status: "already-credited" } };
  const verified = await verifyPayment(deps, reference);
  try {
    const settled = await settlePayment(deps, scope, paid, verified, null);
    return { outcome: settled.status === "credited" ? "credited" : "already_credited", answer: { received: true, status: settled.status } };
  } catch (error) {
    // Not paid, not yet, or not as asked: the payment says so; resending would not change it.
    if (error instanceof AppError && error.code === "conflict")
      return { outcome: "not_credited", answer: { received: true, credited: false, message: error.message } };
    throw error;
  }
}
