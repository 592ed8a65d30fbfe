import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentLink } from "../../../lib/contract/billing-values";
import { CLIENT_IP_HEADER, INTERNAL_SECRET_HEADER } from "../../auth/client-ip";
import { ledgerEntry, wallet, webhookEvent } from "../../db/schema";
import { expectOk, present } from "../../test/helpers";
import { standInSecretOf } from "../provider/secret";
import { signatureHeader, signBody } from "../provider/signature";
import { billingCall, createFundingTestApi, expectLedgerHolds, type FundingTestApi, type SignedWebhook } from "../test-support";
import { eventKeyOf, startWebhookSweep } from "./webhook-events";

/**
 * Issue 33, item 6: the provider's webhook is recorded first and answered at once; its work (verify, credit) goes on after,
 * and an event left undone by a process that stopped is taken up by any instance's sweep. Replays credit once.
 */
describe("the provider's webhook, recorded first", () => {
  let api: FundingTestApi;
  beforeAll(async () => {
    // The defaults a deployment runs with (the answer waits WEBHOOK_ANSWER_WAIT_MS at most), and a verification allowed 8 s.
    api = await createFundingTestApi({ WEBHOOK_ANSWER_WAIT_MS: 100, PAYSTACK_TIMEOUT_MS: 8_000 });
  });
  afterEach(async () => {
    api.standIn.faults.delayMs = 0;
    await expectLedgerHolds(api.db);
  });
  afterAll(() => api.close());

  const paid = async (amount: number) => {
    const admin = await api.loginAdmin(1);
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: admin.authorizationToken, body: { amount } }),
      201,
    );
    expect((await api.standIn.checkout(link.reference, "pay")).status).toBe(200);
    return { districtId: admin.staff.district.id, reference: link.reference, webhook: await api.standIn.webhookFor(link.reference) };
  };
  const balanceOf = async (districtId: string) => (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
  const entriesOf = (reference: string) => api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, reference));
  const eventsOf = (reference: string) => api.db.select().from(webhookEvent).where(eq(webhookEvent.reference, reference));
  /** Whether `check` holds within `withinMs`, asked every 50 ms. */
  const within = async (withinMs: number, check: () => Promise<boolean>) => {
    for (const began = Date.now(); Date.now() - began < withinMs; await new Promise((r) => setTimeout(r, 50))) if (await check()) return true;
    return false;
  };
  const allDone = async (reference: string) => (await eventsOf(reference)).every((e) => e.processedAt !== null);
  /** The credit is in the ledger and the event's work is recorded as done (two statements: the outcome comes just after the credit). */
  const creditedIn = (reference: string, withinMs: number) =>
    within(withinMs, async () => (await allDone(reference)) && (await entriesOf(reference)).length > 0);
  /** The event's work is recorded as done, whatever its outcome. */
  const processedIn = (reference: string, withinMs: number) =>
    within(withinMs, async () => (await eventsOf(reference)).length > 0 && (await allDone(reference)));
  const send = (webhook: SignedWebhook, headers: Record<string, string> = {}) =>
    billingCall(api, "POST", "/wallet/webhook", {
      body: webhook.body,
      headers: { "content-type": "application/json", [signatureHeader]: webhook.signature, ...headers },
    });

  it("credits once under 50 concurrent replays of the same event", async () => {
    const { districtId, reference, webhook } = await paid(700_000);
    const before = await balanceOf(districtId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(webhook)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await creditedIn(reference, 10_000)).toBe(true);
    // Every replay has had its answer; the one credit is all there is.
    await new Promise((r) => setTimeout(r, 300));
    expect((await entriesOf(reference)).map((e) => e.amount)).toEqual([700_000]);
    expect(await balanceOf(districtId)).toBe(before + 700_000);
    expect(await eventsOf(reference)).toHaveLength(1);
  }, 30_000);

  // After the replays above, so that the process is warm (the first request of a process compiles its code paths).
  it("answers within 200 ms while the provider's verification takes 5 s, and credits once the verification comes", async () => {
    const { reference, webhook } = await paid(1_200_000);
    api.standIn.faults.delayMs = 5_000;
    const began = performance.now();
    const answer = await send(webhook);
    const tookMs = performance.now() - began;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, queued: true });
    expect(tookMs).toBeLessThan(200);
    // Recorded before the answer, done after it.
    expect((await eventsOf(reference)).map((e) => e.processedAt)).toEqual([null]);
    expect(await entriesOf(reference)).toEqual([]);
    expect(await creditedIn(reference, 10_000)).toBe(true);
    expect((await eventsOf(reference)).map((e) => e.outcome)).toEqual(["credited"]);
  }, 20_000);

  it("checks a replay again when the event's work found the payment not paid yet", async () => {
    const admin = await api.loginAdmin(1);
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: admin.authorizationToken, body: { amount: 250_000 } }),
      201,
    );
    const secret = await standInSecretOf(api.db);
    const body = JSON.stringify({ event: "charge.success", data: { reference: link.reference, status: "success", amount: 250_000, currency: "NGN" } });
    const early = { body, signature: signBody(body, secret) };
    // The provider's verify says pending: not credited, the event done with that outcome. Done within the answer's wait
    // (credited: false) or, on a busy machine, after it (queued: true, as a deployment may answer too): never credited.
    const answer = await expectOk<{ received: boolean; credited?: boolean; queued?: boolean }>(await send(early));
    expect(answer.received).toBe(true);
    expect(answer.credited ?? false).toBe(false);
    expect(await processedIn(link.reference, 10_000)).toBe(true);
    expect((await eventsOf(link.reference)).map((e) => e.outcome)).toEqual(["not_credited"]);
    expect((await api.standIn.checkout(link.reference, "pay")).status).toBe(200);
    // The same event sent again once paid: reopened, checked, credited.
    await send(early);
    expect(await creditedIn(link.reference, 10_000)).toBe(true);
    expect((await eventsOf(link.reference)).map((e) => [e.outcome, e.attempts])).toEqual([["credited", 2]]);
  });

  it("leaves an event recorded by a process that stopped to the sweep, which credits it", async () => {
    const { reference } = await paid(400_000);
    // What a process killed after recording the event leaves behind: the row, claimed by a lease that has run out.
    await api.db.insert(webhookEvent).values({
      eventKey: eventKeyOf("charge.success", reference),
      event: "charge.success",
      reference,
      attempts: 1,
      claimedUntil: new Date(Date.now() - 1_000),
    });
    const sweep = startWebhookSweep({ db: api.db, config: api.config }, 50);
    try {
      expect(await creditedIn(reference, 10_000)).toBe(true);
    } finally {
      await sweep.stop();
    }
    expect((await eventsOf(reference)).map((e) => [e.outcome, e.attempts])).toEqual([["credited", 2]]);
  });
});

describe("the webhook with PAYSTACK_WEBHOOK_IPS", () => {
  let api: FundingTestApi;
  beforeAll(async () => {
    api = await createFundingTestApi({ PAYSTACK_WEBHOOK_IPS: ["52.31.139.75", "52.49.173.169"] });
  });
  afterAll(() => api.close());

  it("takes it only from those addresses (as the portal forwards them), and records nothing from another", async () => {
    const admin = await api.loginAdmin(1);
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: admin.authorizationToken, body: { amount: 300_000 } }),
      201,
    );
    expect((await api.standIn.checkout(link.reference, "pay")).status).toBe(200);
    const webhook = await api.standIn.webhookFor(link.reference);
    const from = (address: string) =>
      billingCall(api, "POST", "/wallet/webhook", {
        body: webhook.body,
        headers: {
          "content-type": "application/json",
          [signatureHeader]: webhook.signature,
          [INTERNAL_SECRET_HEADER]: api.config.INTERNAL_SECRET,
          [CLIENT_IP_HEADER]: address,
        },
      });
    expect((await from("203.0.113.9")).status).toBe(403);
    expect(await api.db.select().from(webhookEvent).where(eq(webhookEvent.reference, link.reference))).toEqual([]);
    expect(await expectOk(await from("52.49.173.169"))).toEqual({ received: true, status: "credited" });
    expect(present((await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, link.reference)))[0]).amount).toBe(300_000);
  });
});
