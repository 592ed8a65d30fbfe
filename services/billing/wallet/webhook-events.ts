import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { payment, webhookEvent } from "../../db/schema";
import { systemScope } from "../../db/scope";
import { describeForLog } from "../../http/error-log";
import { AppError } from "../../http/errors";
import { logFor } from "../../observability/log";
import { countWebhookEvent, type WebhookOutcome } from "../../observability/payment-metrics";
import { verifyPayment, type ProviderDeps } from "../provider/paystack";
import { findPayment, markPaymentFailed } from "./queries";
import { settlePayment } from "./settle";
import { takeBackFunding, type TakeBack } from "./take-back";

const log = logFor("billing");

/** What a webhook call is answered: kept and done (credited, …), kept and still under way (`queued`), or not ours. */
export type WebhookAnswer = { received: true; ignored?: true; queued?: true; status?: string; credited?: false; message?: string };
export type Handled = { outcome: WebhookOutcome; answer: WebhookAnswer };

/** A worker's hold on an event: longer than a verification may take (PAYSTACK_TIMEOUT_MS) and its credit. */
const LEASE_SECONDS = 60;
/** After a failure (the provider unreachable, the database busy) an event is tried again after 30 s, doubling, at most hourly. */
const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * An event's identity (issue 33): its name, the provider's id of what it is about when the body gives one, and the
 * payment's reference. Paystack's charge.success carries the transaction's `id` and `reference`
 * (https://paystack.com/docs/payments/webhooks/): a replay of it has the same key.
 */
export const eventKeyOf = (event: string, reference: string, providerId?: string | number | null) => `${event}:${providerId ?? "-"}:${reference}`;

/**
 * Keeps the event (once, however often it is sent); its row's id, and whether this call added or reopened it. Called
 * only while the payment is not credited: a replay of an event whose work is done (it found the payment not paid yet,
 * or not as asked) reopens it, so the provider's resending is checked again as it always was.
 */
export async function recordEvent(
  db: Db,
  event: { key: string; event: string; reference: string; amount?: number; providerId?: string },
): Promise<{ id: string; fresh: boolean }> {
  const [added] = await db
    .insert(webhookEvent)
    .values({ eventKey: event.key, event: event.event, reference: event.reference, amount: event.amount ?? null, providerId: event.providerId ?? null })
    .onConflictDoUpdate({
      target: webhookEvent.eventKey,
      set: { processedAt: null, outcome: null, nextAttemptAt: sql`now()` },
      setWhere: sql`${webhookEvent.processedAt} is not null`,
    })
    .returning({ id: webhookEvent.id });
  if (added) return { id: added.id, fresh: true };
  const [kept] = await db.select({ id: webhookEvent.id }).from(webhookEvent).where(eq(webhookEvent.eventKey, event.key));
  if (!kept) throw new Error("webhook event neither added nor found");
  return { id: kept.id, fresh: false };
}

type Claimed = { id: string; event: string; reference: string; attempts: number; amount: string | number | null; provider_id: string | null };

/** Takes one event not done and due (that one, or the oldest), with a lease; none when another worker holds it. */
async function claim(db: Db, id?: string): Promise<Claimed | undefined> {
  const result = await db.execute(sql`
    update ${webhookEvent} set claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
    where id = (
      select id from ${webhookEvent}
      where processed_at is null and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
        ${id ? sql`and id = ${id}` : sql``}
      order by next_attempt_at limit 1
      for update skip locked)
    returning id, event, reference, attempts, amount, provider_id`);
  return rawRows<Claimed>(result)[0];
}

/**
 * Does a recorded event's work: `charge.success` is checked with the provider's verify (a body is never trusted alone)
 * and credited once. Done events keep their outcome; a failure leaves the event to be tried again (never lost, never
 * done twice: the credit is once per reference whatever calls it). `id`: the event a webhook call just recorded; left
 * out, the oldest due one (the sweep). Null when there was nothing to take.
 */
export async function processEvent(deps: ProviderDeps, id?: string): Promise<Handled | null> {
  const claimed = await claim(deps.db, id);
  if (!claimed) return null;
  try {
    const handled = takenBackBy[claimed.event]
      ? await takeBackFromEvent(deps, claimed)
      : await creditFromEvent(deps, claimed.reference, claimed.event === settleEvent);
    await deps.db.update(webhookEvent).set({ processedAt: new Date(), outcome: handled.outcome, claimedUntil: null }).where(eq(webhookEvent.id, claimed.id));
    countWebhookEvent(handled.outcome);
    return handled;
  } catch (error) {
    countWebhookEvent("error");
    log.error({ webhookEventId: claimed.id, attempts: claimed.attempts, error: describeForLog(error) }, "webhook event not done; it will be tried again");
    await deps.db
      .update(webhookEvent)
      .set({ claimedUntil: null, nextAttemptAt: new Date(Date.now() + retryDelayMs(claimed.attempts)) })
      .where(eq(webhookEvent.id, claimed.id))
      .catch(() => {});
    return { outcome: "error", answer: { received: true, queued: true } };
  }
}

/** The events whose work is a debit (issue 33): a processed refund, a dispute the district lost. */
export const takenBackBy: Record<string, TakeBack["kind"] | undefined> = { "refund.processed": "REFUND", "charge.dispute.resolve": "CHARGEBACK" };

/**
 * A processed refund or a lost dispute of one of our fundings: the wallet is debited what was taken back, once. The
 * amount comes from the signed body (kept with the event). A funding not credited yet is tried again later (its credit
 * may be on its way); one that failed has nothing to take back.
 */
async function takeBackFromEvent(deps: ProviderDeps, claimed: Claimed): Promise<Handled> {
  const scope = systemScope("the provider's webhook names a payment by its reference; no one is signed in");
  const kind = takenBackBy[claimed.event];
  const paid = await findPayment(deps.db, scope, claimed.reference);
  if (!paid || !kind || claimed.amount === null || claimed.provider_id === null) return { outcome: "ignored", answer: { received: true, ignored: true } };
  const outcome = await takeBackFunding(deps.db, scope, paid, { kind, providerId: claimed.provider_id, amount: Number(claimed.amount) });
  if (outcome === "not_credited") {
    if (paid.status === "pending") throw new Error(`${claimed.event} of ${paid.reference}, whose funding is not credited yet`);
    return { outcome: "not_credited", answer: { received: true, credited: false } };
  }
  return { outcome, answer: { received: true, status: outcome === "debited" ? "debited" : "already-debited" } };
}

/** The sweep's own event for a payment left pending (issue 33, item 5): no webhook came, so the sweep asks the provider. */
const settleEvent = "payment.settle";
/** At most this many stale payments queued per pass; the next pass takes the rest. */
const SETTLE_BATCH = 100;

/**
 * Queues, as the sweep's own events, payments still pending PENDING_PAYMENT_SWEEP_MINUTES after their link was made, so
 * that each is verified and credited or closed under the same lease as a webhook's event (once across instances). A
 * payment the provider still calls under way is queued again once that long has passed since its last check.
 */
export async function queueStalePayments(deps: ProviderDeps): Promise<number> {
  const minutes = deps.config.PENDING_PAYMENT_SWEEP_MINUTES;
  const result = await deps.db.execute(sql`
    insert into ${webhookEvent} (event_key, event, reference)
    select ${settleEvent + ":-:"} || reference, ${settleEvent}, reference from ${payment}
    where status = 'pending' and created_at < now() - make_interval(mins => ${minutes})
    order by created_at limit ${SETTLE_BATCH}
    on conflict (event_key) do update set processed_at = null, outcome = null, next_attempt_at = now()
    where ${webhookEvent}.processed_at < now() - make_interval(mins => ${minutes})
    returning id`);
  return rawRows<{ id: string }>(result).length;
}

async function creditFromEvent(deps: ProviderDeps, reference: string, sweep = false): Promise<Handled> {
  // No one is signed in: the payment is found by its reference, in whichever district started it.
  const scope = systemScope("the provider's webhook names a payment by its reference; no one is signed in");
  const paid = await findPayment(deps.db, scope, reference);
  if (!paid) return { outcome: "ignored", answer: { received: true, ignored: true } };
  if (paid.status === "credited") return { outcome: "already_credited", answer: { received: true, status: "already-credited" } };
  const verified = await verifyPayment(deps, reference);
  if (sweep && verified.status === "not_found") {
    // Left pending and unknown to the provider: never paid there. Closed; a late success would still be credited.
    await markPaymentFailed(deps.db, scope, reference, "not found at the provider");
    return { outcome: "not_credited", answer: { received: true, credited: false } };
  }
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

/**
 * One pass of the sweep: payments left pending past PENDING_PAYMENT_SWEEP_MINUTES are queued, then every event due is
 * done, one at a time, each under its lease (several instances never do one twice).
 */
export async function sweepOnce(deps: ProviderDeps, stopped: () => boolean = () => false): Promise<void> {
  await queueStalePayments(deps);
  for (;;) if (stopped() || (await processEvent(deps)) === null) break;
}

/**
 * Every instance takes up events left undone — by a process stopped after recording one, or after a failure — and
 * payments left pending, soon after it starts and then every 30 s.
 */
export function startWebhookSweep(deps: ProviderDeps, everyMs = 30_000): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        await sweepOnce(deps, () => stopped);
      } catch (error) {
        log.error({ error: describeForLog(error) }, "webhook sweep failed");
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(sweep, Math.min(everyMs, 5_000));
  const timer = setInterval(sweep, everyMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
