import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FundResult, PaymentLink } from "../../../lib/contract/billing-values";
import { ledgerEntry, payment, standInTransaction } from "../../db/schema";
import { expectOk, present } from "../../test/helpers";
import { createTestApi, type TestApi } from "../../test/harness";
import { standInFee } from "../stand-in/app";
import { listenStandIn, type ListeningStandIn } from "../stand-in/listen";
import { billingCall, expectLedgerHolds } from "../test-support";
import { fundingTest } from "./funding-test-support";

/**
 * Issue 33, item 3: an integration may pass Paystack's fees to its customers. Paystack's verification then says what was
 * initialised (`requested_amount`) and what the customer paid (`amount`, the requested amount plus `fees`); the wallet is
 * credited what the district asked for when the customer paid it — never the fee, never less.
 */
describe("a payment whose fee the customer paid on top, through the stand-in", () => {
  const { w, fund, balanceOf, entriesOf, started } = fundingTest();

  it("is verified as Paystack reports it, and credits the requested amount once, from the return page and the webhook", async () => {
    const before = await balanceOf(w.d1);
    const link = await started(1_000_000, "pay-with-fees");
    const fee = standInFee(1_000_000);
    expect(fee).toBe(25_000);
    const webhook = JSON.parse((await w.api.standIn.webhookFor(link.reference)).body) as { data: Record<string, unknown> };
    expect(webhook.data).toMatchObject({ status: "success", amount: 1_000_000 + fee, requested_amount: 1_000_000, fees: fee, domain: "test" });

    expect(await expectOk<FundResult>(await fund(link.reference))).toMatchObject({ status: "credited", amount: 1_000_000 });
    expect((await w.api.standIn.deliver(await w.api.standIn.webhookFor(link.reference))).status).toBe(200);
    expect((await entriesOf(link.reference)).map((e) => e.amount)).toEqual([1_000_000]);
    expect(await balanceOf(w.d1)).toBe(before + 1_000_000);
  });

  it("credits the requested amount when the webhook comes first", async () => {
    const before = await balanceOf(w.d1);
    const link = await started(300_000, "pay-with-fees");
    const answer = await w.api.standIn.deliver(await w.api.standIn.webhookFor(link.reference));
    expect(await answer.json()).toMatchObject({ received: true, status: "credited" });
    expect((await entriesOf(link.reference)).map((e) => e.amount)).toEqual([300_000]);
    expect(await balanceOf(w.d1)).toBe(before + 300_000);
  });

  it("reports the fee of a payment the district bore, with the amount paid equal to the amount asked", async () => {
    const link = await started(200_000, "pay");
    const webhook = JSON.parse((await w.api.standIn.webhookFor(link.reference)).body) as { data: Record<string, unknown> };
    // Under ₦2,500 the ₦100 is waived: 1.5% of ₦2,000.
    expect(webhook.data).toMatchObject({ amount: 200_000, requested_amount: 200_000, fees: 3_000 });
    expect((await fund(link.reference)).status).toBe(200);
    const [row] = await w.api.db.select().from(standInTransaction).where(eq(standInTransaction.reference, link.reference));
    expect(present(row)).toMatchObject({ fees: 3_000, feesOnCustomer: false });
  });
});

describe("what the provider reports paid against what the district asked for", () => {
  const key = `sk_test_${randomBytes(20).toString("hex")}`;
  let provider: ListeningStandIn;
  let api: TestApi;
  /** What the fake Paystack says of the next verification, from the amount initialised. */
  let report: (asked: number) => { amount: number; requested_amount?: number; fees?: number } = (asked) => ({ amount: asked, requested_amount: asked });
  const initialised = new Map<string, number>();

  beforeAll(async () => {
    provider = await listenStandIn();
    const app = new Hono();
    app.post("/transaction/initialize", async (c) => {
      const body = await c.req.json<{ reference: string; amount: number }>();
      initialised.set(body.reference, body.amount);
      return c.json({
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: "https://checkout.paystack.com/x", reference: body.reference },
      });
    });
    app.get("/transaction/verify/:reference", (c) => {
      const reference = c.req.param("reference");
      const asked = present(initialised.get(reference));
      return c.json({
        status: true,
        message: "Verification successful",
        data: { domain: "test", status: "success", reference, currency: "NGN", ...report(asked) },
      });
    });
    provider.serve(app);
    api = await createTestApi({ PAYSTACK_SECRET_KEY: key, PORTAL_URL: "https://portal.example.org", PAYSTACK_BASE_URL: provider.url });
  });
  afterEach(() => expectLedgerHolds(api.db));
  afterAll(async () => {
    await provider.close();
    await api.close();
  });

  const funded = async () => {
    const admin = await api.loginAdmin(2);
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: admin.authorizationToken, body: { amount: 1_000_000 } }),
      201,
    );
    const answer = await billingCall(api, "POST", "/wallet/fund", { token: admin.authorizationToken, body: { reference: link.reference } });
    const entries = await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, link.reference));
    const [row] = await api.db.select().from(payment).where(eq(payment.reference, link.reference));
    return { status: answer.status, credited: entries.map((e) => e.amount), payment: present(row).status };
  };

  it("credits the requested amount when the customer paid it and the fee on top", async () => {
    report = (asked) => ({ amount: asked + 16_000, requested_amount: asked, fees: 16_000 });
    expect(await funded()).toEqual({ status: 200, credited: [1_000_000], payment: "credited" });
  });

  it("credits an exact payment, with or without requested_amount", async () => {
    report = (asked) => ({ amount: asked, requested_amount: asked, fees: 16_000 });
    expect(await funded()).toEqual({ status: 200, credited: [1_000_000], payment: "credited" });
    report = (asked) => ({ amount: asked });
    expect(await funded()).toEqual({ status: 200, credited: [1_000_000], payment: "credited" });
  });

  it("credits nothing when the customer paid less than asked, whatever requested_amount says", async () => {
    report = (asked) => ({ amount: asked - 1, requested_amount: asked });
    expect(await funded()).toEqual({ status: 409, credited: [], payment: "failed" });
  });

  it("credits nothing when requested_amount is not what we initialised, or a larger amount comes without it", async () => {
    report = (asked) => ({ amount: asked + 16_000, requested_amount: asked + 1 });
    expect(await funded()).toEqual({ status: 409, credited: [], payment: "failed" });
    report = (asked) => ({ amount: asked, requested_amount: asked - 100 });
    expect(await funded()).toEqual({ status: 409, credited: [], payment: "failed" });
    report = (asked) => ({ amount: asked + 16_000 });
    expect(await funded()).toEqual({ status: 409, credited: [], payment: "failed" });
  });
});
