import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentLink, TransactionLogItem, TransactionLogPage } from "../../../lib/contract/billing-values";
import { ledgerEntry, payment } from "../../db/schema";
import { expectOk, present } from "../../test/helpers";
import { createTestApi, type TestApi } from "../../test/harness";
import { signatureHeader, signBody } from "../provider/signature";
import { listenStandIn, type ListeningStandIn } from "../stand-in/listen";
import { billingCall, createFundingTestApi, expectLedgerHolds, type FundingTestApi } from "../test-support";

/**
 * Issue 33, item 2: a production deployment with a live key is told by Paystack's verification whether a payment was made
 * on the live or the test domain (`data.domain`, https://paystack.com/docs/api/transaction/#verify). Test-card money is
 * never credited to a real wallet, whether the user's return page or the webhook asks.
 */
describe("a production deployment with a live key", () => {
  const liveKey = `sk_live_${randomBytes(20).toString("hex")}`;
  let provider: ListeningStandIn;
  let api: TestApi;
  /** The fake Paystack's transactions: reference → amount initialised, and the domain it reports them on. */
  const initialised = new Map<string, number>();
  let domain = "test";

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
      const amount = initialised.get(reference);
      if (amount === undefined) return c.json({ status: false, message: "Transaction reference not found" }, 400);
      return c.json({
        status: true,
        message: "Verification successful",
        data: {
          id: 2009945086,
          domain,
          status: "success",
          reference,
          amount,
          requested_amount: amount,
          currency: "NGN",
          gateway_response: "Successful",
          fees: 100,
        },
      });
    });
    provider.serve(app);
    api = await createTestApi({
      NODE_ENV: "production",
      PAYSTACK_SECRET_KEY: liveKey,
      PORTAL_URL: "https://portal.example.org",
      PAYSTACK_BASE_URL: provider.url,
    });
  });
  afterEach(async () => {
    domain = "test";
    await expectLedgerHolds(api.db);
  });
  afterAll(async () => {
    await provider.close();
    await api.close();
  });

  const started = async () => {
    const admin = await api.loginAdmin(1);
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: admin.authorizationToken, body: { amount: 1_000_000 } }),
      201,
    );
    return { admin, reference: link.reference };
  };
  const entriesOf = (reference: string) => api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, reference));

  it("does not credit a payment the provider reports on its test domain, from the return page", async () => {
    const { admin, reference } = await started();
    const answer = await billingCall(api, "POST", "/wallet/fund", { token: admin.authorizationToken, body: { reference } });
    expect(answer.status).toBe(409);
    expect(await entriesOf(reference)).toEqual([]);
    expect(present((await api.db.select().from(payment).where(eq(payment.reference, reference)))[0]).status).toBe("failed");
  });

  it("does not credit it from the webhook either", async () => {
    const { reference } = await started();
    const body = JSON.stringify({ event: "charge.success", data: { id: 1, domain: "test", status: "success", reference, amount: 1_000_000, currency: "NGN" } });
    const answer = await billingCall(api, "POST", "/wallet/webhook", {
      body,
      headers: { "content-type": "application/json", [signatureHeader]: signBody(body, liveKey) },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ received: true, credited: false });
    expect(await entriesOf(reference)).toEqual([]);
  });

  it("credits a payment on the live domain, as real money", async () => {
    domain = "live";
    const { admin, reference } = await started();
    expect((await billingCall(api, "POST", "/wallet/fund", { token: admin.authorizationToken, body: { reference } })).status).toBe(200);
    expect((await entriesOf(reference)).map((e) => e.testMoney)).toEqual([false]);
  });

  it("tells the portal there is no stand-in and no test money", async () => {
    expect(await expectOk(await billingCall(api, "GET", "/wallet/provider"))).toEqual({ standIn: false, testMoney: false });
  });
});

/**
 * Issue 33, item 1: a staging deployment (NODE_ENV=production, PAYMENT_STAND_IN=allow) runs the stand-in; every entry of
 * its money says it is test money, in the database and in every answer that shows the logs.
 */
describe("a staging deployment on the stand-in (PAYMENT_STAND_IN=allow)", () => {
  let api: FundingTestApi;
  beforeAll(async () => {
    api = await createFundingTestApi({ NODE_ENV: "production", PAYMENT_STAND_IN: "allow" });
  });
  afterEach(async () => expectLedgerHolds(api.db));
  afterAll(() => api.close());

  it("credits the stand-in's payment as test money, and so is every later entry of that wallet", async () => {
    const [admin, superAdmin] = [await api.loginAdmin(2), await api.loginSuperAdmin()];
    const token = admin.authorizationToken;
    const link = await expectOk<PaymentLink>(await billingCall(api, "POST", "/wallet/payment-link", { token, body: { amount: 1_500_000 } }), 201);
    expect((await api.standIn.checkout(link.reference, "pay")).status).toBe(200);
    expect((await billingCall(api, "POST", "/wallet/fund", { token, body: { reference: link.reference } })).status).toBe(200);

    const [funding] = await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, link.reference));
    expect(present(funding).testMoney).toBe(true);
    // Taking it back is an entry of the same (test) money.
    const reversed = await billingCall(api, "POST", `/transaction-logs/reverse/${present(funding).id}`, {
      token: superAdmin.authorizationToken,
      body: { reason: "Staging tidy-up" },
    });
    expect(reversed.status).toBe(201);
    const entries = await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.districtId, admin.staff.district.id));
    expect(entries.map((e) => [e.action, e.testMoney])).toEqual(
      expect.arrayContaining([
        ["FUNDING", true],
        ["REVERSAL", true],
      ]),
    );
    expect(entries.every((e) => e.testMoney)).toBe(true);

    const logs = await expectOk<TransactionLogPage>(await billingCall(api, "GET", "/transaction-logs/search?limit=1000", { token }));
    expect(logs.transactionLogs.map((e) => [e.reference, e.testMoney])).toEqual(
      expect.arrayContaining([
        [link.reference, true],
        [`REV-${link.reference}`, true],
      ]),
    );
    const wallet = await expectOk<{ recent: TransactionLogItem[] }>(await billingCall(api, "GET", `/wallet/balance/${admin.staff.district.id}`, { token }));
    expect(wallet.recent.every((e) => e.testMoney)).toBe(true);
  });

  it("tells the portal the stand-in is on", async () => {
    expect(await expectOk(await billingCall(api, "GET", "/wallet/provider"))).toEqual({ standIn: true, testMoney: true });
  });
});
