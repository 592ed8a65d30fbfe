import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentLink } from "../../../lib/contract/billing-values";
import { ledgerEntry, wallet } from "../../db/schema";
import { expectOk, present } from "../../test/helpers";
import { standInSecretOf } from "../provider/secret";
import { billingCall, createFundingTestApi, expectLedgerHolds, type FundingTestApi } from "../test-support";

/**
 * Issue 33: the provider stand-in refunds a payment (Paystack's POST /refund) and opens and resolves disputes, sending
 * the refund.* and charge.dispute.* webhooks in the shapes of Paystack's samples; the billing API debits what they take back.
 */
describe("the stand-in's refunds and disputes", () => {
  let api: FundingTestApi;
  beforeAll(async () => {
    api = await createFundingTestApi();
  });
  afterEach(async () => {
    await expectLedgerHolds(api.db);
  });
  afterAll(() => api.close());

  const funded = async (amount: number) => {
    const admin = await api.loginAdmin(1);
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: admin.authorizationToken, body: { amount } }),
      201,
    );
    expect((await api.standIn.checkout(link.reference, "pay")).status).toBe(200);
    expect((await api.standIn.deliver(await api.standIn.webhookFor(link.reference))).status).toBe(200);
    return { districtId: admin.staff.district.id, reference: link.reference };
  };
  const ask = async (path: string, body: unknown) =>
    fetch(`${api.standIn.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await standInSecretOf(api.db)}` },
      body: JSON.stringify(body),
    });
  /** The webhooks the stand-in signed since `from`, delivered in order; their events and the answers. */
  const deliverSince = async (from: number) => {
    const sent = api.standIn.webhooks.slice(from);
    const answers = [];
    for (const w of sent) answers.push((await (await api.standIn.deliver(w)).json()) as { status?: string });
    return { events: sent.map((w) => (JSON.parse(w.body) as { event: string }).event), answers, bodies: sent.map((w) => JSON.parse(w.body) as unknown) };
  };
  const balanceOf = async (districtId: string) => (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
  const entriesLike = async (prefix: string, reference: string) =>
    (await api.db.select().from(ledgerEntry)).filter((e) => e.reference.startsWith(prefix) && e.reference.endsWith(reference));

  it("refunds part of a payment: refund.pending then refund.processed, amount a string, debited once even when sent again", async () => {
    const { districtId, reference } = await funded(900_000);
    const before = await balanceOf(districtId);
    const from = api.standIn.webhooks.length;
    expect((await ask("/refund", { transaction: reference, amount: 400_000 })).status).toBe(200);
    const { events, answers, bodies } = await deliverSince(from);
    expect(events).toEqual(["refund.pending", "refund.processed"]);
    expect(bodies[1]).toMatchObject({ data: { status: "processed", transaction_reference: reference, amount: "400000", currency: "NGN" } });
    expect(answers.map((a) => a.status)).toEqual(["noted", "debited"]);
    await api.standIn.deliver(present(api.standIn.webhooks[from + 1]));
    expect((await entriesLike("refund:", reference)).map((e) => [e.action, e.amount])).toEqual([["REFUND", 400_000]]);
    expect(await balanceOf(districtId)).toBe(before - 400_000);
    // More than was paid is refused, as Paystack does.
    expect((await ask("/refund", { transaction: reference, amount: 900_001 })).status).toBe(400);
  });

  it("opens and resolves disputes: a lost one debits the disputed amount, a won one nothing", async () => {
    const { districtId, reference } = await funded(700_000);
    const before = await balanceOf(districtId);
    let from = api.standIn.webhooks.length;
    expect((await ask("/dispute", { transaction: reference, resolution: "declined" })).status).toBe(200);
    let delivered = await deliverSince(from);
    expect(delivered.events).toEqual(["charge.dispute.create", "charge.dispute.resolve"]);
    expect(delivered.answers.map((a) => a.status)).toEqual(["noted", "noted"]);
    expect(await balanceOf(districtId)).toBe(before);
    from = api.standIn.webhooks.length;
    expect((await ask("/dispute", { transaction: reference, resolution: "merchant-accepted", amount: 700_000 })).status).toBe(200);
    delivered = await deliverSince(from);
    expect(delivered.bodies[1]).toMatchObject({ data: { refund_amount: 700_000, resolution: "merchant-accepted", transaction: { reference } } });
    expect(delivered.answers.map((a) => a.status)).toEqual(["noted", "debited"]);
    expect((await entriesLike("dispute:", reference)).map((e) => [e.action, e.amount])).toEqual([["CHARGEBACK", 700_000]]);
    expect(await balanceOf(districtId)).toBe(before - 700_000);
  });
});
