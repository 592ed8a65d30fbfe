import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, type FundResult, type PaymentLink, type TransactionLogItem, type WalletBalance } from "../../../lib/contract/billing";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { standInCheckoutPath, walletReturnPath } from "../../../lib/contract/paths";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, districtConfiguration, ledgerEntry, lgea, payment, role, roleAccess, standInTransaction, wallet } from "../../db/schema";
import { expectError, expectOk, present, randomId, staffRow } from "../../test/helpers";
import { standInSecretOf } from "../provider/secret";
import { signatureHeader, signBody } from "../provider/signature";
import { billingCall, createFundingTestApi, expectLedgerHolds, type FundingTestApi, type SignedWebhook } from "../test-support";
import { fundingDescription } from "./credit";

type WalletAnswer = { wallet: WalletBalance; recent: TransactionLogItem[] };

describe("wallet funding: payment link, return page, webhook", () => {
  let api: FundingTestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let superAdmin: AuthResult;
  let teacher: AuthResult;
  /** Staff working at an LGEA of district 1 whose role holds wallet.view and wallet.fund. */
  let lgeaStaff: AuthResult;
  let d1: string;
  let d2: string;

  beforeAll(async () => {
    api = await createFundingTestApi();
    [admin1, admin2, superAdmin, teacher] = await Promise.all([
      api.loginAdmin(1),
      api.loginAdmin(2),
      api.loginSuperAdmin(),
      api.login("chiamaka.nwosu@example.org", demoPasswords.staff),
    ]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
    lgeaStaff = await lgeaLevelStaff();
  });
  afterEach(async () => {
    api.standIn.faults.delayMs = 0;
    await api.standIn.up().catch(() => {});
    await expectLedgerHolds(api.db);
  });
  afterAll(() => api.close());

  /** Funmilayo Ogunleye, given a role with wallet.view and wallet.fund at the Alimosho LGEA, working there. */
  async function lgeaLevelStaff(): Promise<AuthResult> {
    const [alimosho] = await api.db
      .select()
      .from(lgea)
      .where(and(eq(lgea.districtId, d1), eq(lgea.localGovernment, "Alimosho")));
    const [walletRole] = await api.db
      .insert(role)
      .values({ districtId: d1, name: "Wallet probe (LGEA)", operations: ["wallet.view", "wallet.fund"] })
      .returning();
    const person = await staffRow(api, "funmilayo.ogunleye@example.org");
    const [grant] = await api.db
      .insert(roleAccess)
      .values({ staffId: person.id, districtId: d1, organizationType: "LGEA", organizationId: present(alimosho).id, roleId: present(walletRole).id })
      .returning();
    const signedIn = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
    const switched = await expectOk<AuthResult>(
      await api.call("GET", `/staff/switch-role-access/${present(grant).id}`, { token: signedIn.authorizationToken }),
    );
    expect(switched.currentOrganization).toMatchObject({ type: "LGEA" });
    return switched;
  }

  const call = (method: string, path: string, token: string, body?: unknown) => billingCall(api, method, path, { token, body });
  const paymentLink = (amount: unknown, who = admin1) => call("POST", "/wallet/payment-link", who.authorizationToken, { amount });
  const fund = (reference: string, who = admin1) => call("POST", "/wallet/fund", who.authorizationToken, { reference });
  const balanceOf = async (districtId: string) => present((await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]).balance;
  const entriesOf = (reference: string) => api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, reference));
  const paymentOf = async (reference: string) => present((await api.db.select().from(payment).where(eq(payment.reference, reference)))[0], "payment");

  /** A payment link of district 1's administrator, and the stand-in's checkout: paid unless told otherwise. */
  async function started(amount = 2_500_000, outcome: "pay" | "fail" | "abandon" | null = "pay"): Promise<PaymentLink> {
    const link = await expectOk<PaymentLink>(await paymentLink(amount), 201);
    if (outcome) expect((await api.standIn.checkout(link.reference, outcome)).status).toBe(200);
    return link;
  }

  describe("GET /wallet/balance/:id", () => {
    it("answers the balance, the configuration's alert level and the newest entries, newest first", async () => {
      const threshold = present((await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, d1)))[0]).lowBalanceThreshold;
      const before = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${d1}`, admin1.authorizationToken));
      expect(before.wallet).toEqual({
        districtId: d1,
        balance: await balanceOf(d1),
        lowBalanceThreshold: threshold,
        isLow: before.wallet.balance < threshold,
        currency: "NGN",
      });

      const links = [await started(1_000_000), await started(2_000_000)];
      for (const link of links) await expectOk<FundResult>(await fund(link.reference));
      const after = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${d1}`, admin1.authorizationToken));
      expect(after.wallet.balance).toBe(before.wallet.balance + 3_000_000);
      expect(after.wallet.isLow).toBe(after.wallet.balance < threshold);
      expect(after.recent.length).toBeLessThanOrEqual(5);
      expect(after.recent.slice(0, 2).map((e) => e.reference)).toEqual([links[1]?.reference, links[0]?.reference]);
      expect(after.recent[0]).toMatchObject({
        action: "FUNDING",
        direction: "credit",
        amount: 2_000_000,
        balanceAfter: after.wallet.balance,
        description: fundingDescription,
      });
      expect(after.recent[0]?.by).toBe(`${admin1.staff.firstName} ${admin1.staff.lastName}`);
    });

    it("says the balance is low below the configured alert level", async () => {
      await api.db
        .update(districtConfiguration)
        .set({ lowBalanceThreshold: (await balanceOf(d1)) + 1 })
        .where(eq(districtConfiguration.districtId, d1));
      const answer = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${d1}`, admin1.authorizationToken));
      expect(answer.wallet.isLow).toBe(true);
      await api.db.update(districtConfiguration).set({ lowBalanceThreshold: 0 }).where(eq(districtConfiguration.districtId, d1));
      expect((await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${d1}`, admin1.authorizationToken))).wallet.isLow).toBe(false);
    });

    it("hides another district's wallet (404) but from super administrators, and answers 403 without wallet.view", async () => {
      await expectError(await call("GET", `/wallet/balance/${d2}`, admin1.authorizationToken), 404, authMessages.notFound);
      await expectError(await call("GET", `/wallet/balance/${randomId()}`, admin1.authorizationToken), 404, authMessages.notFound);
      const theirs = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${d2}`, superAdmin.authorizationToken));
      expect(theirs.wallet.districtId).toBe(d2);
      expect(theirs.wallet.balance).toBe(await balanceOf(d2));
      expect((await call("GET", `/wallet/balance/${d1}`, teacher.authorizationToken)).status).toBe(403);
      expect((await call("GET", `/wallet/balance/not-an-id`, admin1.authorizationToken)).status).toBe(400);
    });

    it("shows LGEA staff the district's balance, and of the entries only their schools' charges (no funding)", async () => {
      await expectOk(await fund((await started()).reference));
      const seen = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${d1}`, lgeaStaff.authorizationToken));
      expect(seen.wallet.balance).toBe(await balanceOf(d1));
      expect(seen.recent.filter((e) => e.action === "FUNDING")).toEqual([]);
      expect((await call("GET", `/wallet/balance/${d2}`, lgeaStaff.authorizationToken)).status).toBe(404);
    });
  });

  describe("POST /wallet/payment-link", () => {
    it("records a pending payment and answers the provider's checkout page, which returns to the wallet's return page", async () => {
      const link = await expectOk<PaymentLink>(await paymentLink(2_500_000), 201);
      expect(link.reference).toMatch(/^WF-[0-9A-F]{20}$/);
      expect(link.checkoutUrl).toBe(standInCheckoutPath(link.reference));
      expect(await paymentOf(link.reference)).toMatchObject({
        districtId: d1,
        amount: 2_500_000,
        status: "pending",
        checkoutUrl: link.checkoutUrl,
        createdBy: admin1.staff.id,
      });
      const [atProvider] = await api.db.select().from(standInTransaction).where(eq(standInTransaction.reference, link.reference));
      expect(atProvider).toMatchObject({ amount: 2_500_000, currency: "NGN", email: admin1.staff.email, callbackUrl: walletReturnPath, status: "pending" });
      const audit = await api.db.select().from(auditLog).where(eq(auditLog.recordId, link.reference));
      expect(audit.map((a) => [a.operation, a.actorStaffId])).toEqual([["wallet.payment-link", admin1.staff.id]]);
      // Each link is a payment of its own.
      const second = await expectOk<PaymentLink>(await paymentLink(2_500_000), 201);
      expect(second.reference).not.toBe(link.reference);
    });

    it("gives the provider the portal's absolute return address when PORTAL_URL is set", async () => {
      const previous = api.config.PORTAL_URL;
      api.config.PORTAL_URL = "https://portal.example.org/";
      try {
        const link = await expectOk<PaymentLink>(await paymentLink(1_000_000), 201);
        const [atProvider] = await api.db.select().from(standInTransaction).where(eq(standInTransaction.reference, link.reference));
        expect(atProvider?.callbackUrl).toBe(`https://portal.example.org${walletReturnPath}`);
      } finally {
        api.config.PORTAL_URL = previous;
      }
    });

    it.each([
      ["zero", 0, billingMessages.amountTooSmall],
      ["negative", -5_000_000, billingMessages.amountTooSmall],
      ["a fraction of a kobo", 100.5, billingMessages.amountRequired],
      ["a string", "5000", billingMessages.amountRequired],
      ["absurdly large", 1e15, billingMessages.amountTooLarge],
      ["beyond safe integers", 2 ** 60, billingMessages.amountRequired],
      ["missing", undefined, billingMessages.amountRequired],
      ["null", null, billingMessages.amountRequired],
    ])("refuses an amount that is %s with 400 and the message, and records nothing", async (_what, amount, message) => {
      const payments = (await api.db.select().from(payment)).length;
      const body = await expectError(
        await call("POST", "/wallet/payment-link", admin1.authorizationToken, amount === undefined ? {} : { amount }),
        400,
        formInvalidMessage,
      );
      expect(body.issues).toEqual([{ path: "amount", message }]);
      expect((await api.db.select().from(payment)).length).toBe(payments);
    });

    it("is for the district level only (403 below it), and needs wallet.fund", async () => {
      const payments = (await api.db.select().from(payment)).length;
      await expectError(await paymentLink(1_000_000, lgeaStaff), 403, authMessages.forbidden);
      await expectError(await paymentLink(1_000_000, teacher), 403, authMessages.forbidden);
      expect((await api.db.select().from(payment)).length).toBe(payments);
    });

    it("funds the district a super administrator works in", async () => {
      const link = await expectOk<PaymentLink>(await paymentLink(1_000_000, superAdmin), 201);
      expect((await paymentOf(link.reference)).districtId).toBe(superAdmin.staff.district.id);
    });
  });

  describe("POST /wallet/fund", () => {
    it("verifies a paid payment with the provider and credits it once, as a FUNDING entry", async () => {
      const before = await balanceOf(d1);
      const link = await started(2_500_000);
      const result = await expectOk<FundResult>(await fund(link.reference));
      expect(result).toEqual({ message: billingMessages.funded, status: "credited", amount: 2_500_000, balance: before + 2_500_000 });
      const [entry, ...more] = await entriesOf(link.reference);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        districtId: d1,
        direction: "credit",
        action: "FUNDING",
        amount: 2_500_000,
        balanceAfter: before + 2_500_000,
        description: fundingDescription,
        actorStaffId: admin1.staff.id,
        schoolId: null,
      });
      expect(await paymentOf(link.reference)).toMatchObject({ status: "credited", providerStatus: "success" });
      expect(await balanceOf(d1)).toBe(before + 2_500_000);
      const audit = await api.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, link.reference), eq(auditLog.operation, "wallet.fund")));
      expect(audit.map((a) => a.actorStaffId)).toEqual([admin1.staff.id]);
    });

    it("answers a second confirmation 'already credited' and credits nothing more", async () => {
      const link = await started(1_500_000);
      await expectOk<FundResult>(await fund(link.reference));
      const balance = await balanceOf(d1);
      const again = await expectOk<FundResult>(await fund(link.reference));
      expect(again).toEqual({ message: billingMessages.alreadyCredited, status: "already-credited", amount: 1_500_000, balance });
      expect(await entriesOf(link.reference)).toHaveLength(1);
      // Credited already, it does not even need the provider.
      await api.standIn.down();
      expect((await expectOk<FundResult>(await fund(link.reference))).status).toBe("already-credited");
    });

    it("answers 404 for a reference not started from the caller's district, and 400 without one", async () => {
      const link = await started();
      await expectError(await fund(link.reference, admin2), 404, billingMessages.unknownPayment);
      await expectError(await fund("WF-NOSUCHPAYMENT"), 404, billingMessages.unknownPayment);
      await expectError(await fund(link.reference, lgeaStaff), 404, billingMessages.unknownPayment);
      const missing = await expectError(await call("POST", "/wallet/fund", admin1.authorizationToken, {}), 400, formInvalidMessage);
      expect(missing.issues).toEqual([{ path: "reference", message: billingMessages.referenceRequired }]);
      const odd = await expectError(await fund("WF-1/../x"), 400, formInvalidMessage);
      expect(odd.issues?.[0]?.message).toBe(billingMessages.referenceRequired);
      expect(await entriesOf(link.reference)).toEqual([]);
      // The super administrator reaches any district's payment.
      expect((await expectOk<FundResult>(await fund(link.reference, superAdmin))).status).toBe("credited");
    });

    it.each(["fail", "abandon"] as const)("credits nothing when the provider says the payment was %sed, and says so", async (outcome) => {
      const status = outcome === "fail" ? "failed" : "abandoned";
      const before = await balanceOf(d1);
      const link = await started(1_000_000, outcome);
      await expectError(await fund(link.reference), 409, billingMessages.paymentNotCompleted(status));
      expect(await paymentOf(link.reference)).toMatchObject({ status: "failed", providerStatus: status });
      expect(await entriesOf(link.reference)).toEqual([]);
      expect(await balanceOf(d1)).toBe(before);
    });

    it("credits nothing while the payment is still pending at the provider", async () => {
      const link = await started(1_000_000, null);
      await expectError(await fund(link.reference), 409, billingMessages.paymentPending);
      expect(await paymentOf(link.reference)).toMatchObject({ status: "pending" });
      expect(await entriesOf(link.reference)).toEqual([]);
      // Paid afterwards, it is credited.
      await api.standIn.checkout(link.reference, "pay");
      expect((await expectOk<FundResult>(await fund(link.reference))).status).toBe("credited");
    });

    it.each([
      ["a different amount", { amount: 1 }],
      ["a different currency", { currency: "USD" }],
    ])("credits nothing when the provider reports %s", async (_what, change) => {
      const before = await balanceOf(d1);
      const link = await started(2_000_000);
      await api.db.update(standInTransaction).set(change).where(eq(standInTransaction.reference, link.reference));
      await expectError(await fund(link.reference), 409, billingMessages.paymentMismatch);
      expect(await paymentOf(link.reference)).toMatchObject({ status: "failed" });
      // The webhook, sent for it meanwhile, credits nothing either.
      const webhook = await expectOk<{ credited?: boolean; message?: string }>(await api.standIn.deliver(await api.standIn.webhookFor(link.reference)));
      expect(webhook).toMatchObject({ credited: false, message: billingMessages.paymentMismatch });
      expect(await entriesOf(link.reference)).toEqual([]);
      expect(await balanceOf(d1)).toBe(before);
    });
  });

  describe("POST /wallet/webhook", () => {
    it("credits a paid payment when the user never comes back, once", async () => {
      const before = await balanceOf(d1);
      const link = await started(3_000_000);
      const webhook = await api.standIn.webhookFor(link.reference);
      expect(await expectOk(await api.standIn.deliver(webhook))).toEqual({ received: true, status: "credited" });
      expect(await balanceOf(d1)).toBe(before + 3_000_000);
      const [entry] = await entriesOf(link.reference);
      // The entry names who started the payment; the audit says no staff member acted.
      expect(entry?.actorStaffId).toBe(admin1.staff.id);
      const audit = await api.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, link.reference), eq(auditLog.operation, "wallet.fund")));
      expect(audit.map((a) => a.actorStaffId)).toEqual([null]);
      expect(await expectOk(await api.standIn.deliver(webhook))).toEqual({ received: true, status: "already-credited" });
      expect((await expectOk<FundResult>(await fund(link.reference))).status).toBe("already-credited");
      expect(await entriesOf(link.reference)).toHaveLength(1);
    });

    it("refuses a forged webhook (401) and credits nothing: no signature, a wrong one, or a body changed after signing", async () => {
      const before = await balanceOf(d1);
      const link = await started(4_000_000);
      const real = await api.standIn.webhookFor(link.reference);
      const send = (body: string, headers: Record<string, string>) =>
        billingCall(api, "POST", "/wallet/webhook", { body, headers: { "content-type": "application/json", ...headers } });
      await expectError(await send(real.body, {}), 401, billingMessages.badSignature);
      await expectError(await send(real.body, { [signatureHeader]: "0".repeat(128) }), 401, billingMessages.badSignature);
      await expectError(await send(real.body, { [signatureHeader]: real.signature.slice(0, 64) }), 401, billingMessages.badSignature);
      await expectError(await send(real.body, { [signatureHeader]: "not hex at all" }), 401, billingMessages.badSignature);
      const inflated = real.body.replace('"amount":4000000', '"amount":400000000');
      expect(inflated).not.toBe(real.body);
      await expectError(await send(inflated, { [signatureHeader]: real.signature }), 401, billingMessages.badSignature);
      // A space more in the JSON is another body: the signature covers the exact bytes.
      await expectError(await send(`${real.body} `, { [signatureHeader]: real.signature }), 401, billingMessages.badSignature);
      expect(await entriesOf(link.reference)).toEqual([]);
      expect(await balanceOf(d1)).toBe(before);
      expect((await paymentOf(link.reference)).status).toBe("pending");
    });

    it("credits exactly once when the webhook is replayed five times while the user confirms twice, all at once", async () => {
      const before = await balanceOf(d1);
      const link = await started(5_000_000);
      const webhook = await api.standIn.webhookFor(link.reference);
      const answers = await Promise.all([
        api.standIn.deliver(webhook),
        fund(link.reference),
        api.standIn.deliver(webhook),
        api.standIn.deliver(webhook),
        fund(link.reference),
        api.standIn.deliver(webhook),
        api.standIn.deliver(webhook),
      ]);
      const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { status?: string } })));
      expect(bodies.map((b) => b.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
      expect(bodies.filter((b) => b.body.status === "credited")).toHaveLength(1);
      expect(bodies.filter((b) => b.body.status === "already-credited")).toHaveLength(6);
      expect(await entriesOf(link.reference)).toHaveLength(1);
      expect(await balanceOf(d1)).toBe(before + 5_000_000);
    });

    it("answers other events 200 without acting, and a payment of someone else's 200 as well", async () => {
      const link = await started(1_000_000, null);
      const secret = await standInSecretOf(api.db);
      const signed = (event: object): SignedWebhook => {
        const body = JSON.stringify(event);
        return { body, signature: signBody(body, secret) };
      };
      expect(await expectOk(await api.standIn.deliver(signed({ event: "transfer.success", data: { reference: link.reference } })))).toEqual({
        received: true,
        ignored: true,
      });
      expect(await expectOk(await api.standIn.deliver(signed({ event: "charge.success", data: { reference: "SOMEONE-ELSES" } })))).toEqual({
        received: true,
        ignored: true,
      });
      // A charge.success for a payment the provider says is not paid (the body is never trusted alone).
      const unpaid = await expectOk<{ credited: boolean; message: string }>(
        await api.standIn.deliver(
          signed({ event: "charge.success", data: { reference: link.reference, status: "success", amount: 1_000_000, currency: "NGN" } }),
        ),
      );
      expect(unpaid).toEqual({ received: true, credited: false, message: billingMessages.paymentPending });
      expect(await entriesOf(link.reference)).toEqual([]);
      const malformed = "{not json";
      await expectError(
        await billingCall(api, "POST", "/wallet/webhook", {
          body: malformed,
          headers: { "content-type": "application/json", [signatureHeader]: signBody(malformed, secret) },
        }),
        400,
        authMessages.malformedJson,
      );
    });
  });

  it("keeps the billing API's public routes to its health, its document and the provider's webhook", () => {
    const publicRoutes = api.billing.routes.filter((r) => r.access.kind === "public").map((r) => `${r.method} ${r.path}`);
    expect(publicRoutes.sort()).toEqual(["GET /health", "GET /openapi.json", "POST /wallet/webhook"].sort());
  });

  describe("the provider unreachable or slow", () => {
    it("answers 502 when the provider's port is closed, credits nothing, and a later retry succeeds", async () => {
      const before = await balanceOf(d1);
      const paid = await started(2_000_000);
      const webhook = await api.standIn.webhookFor(paid.reference);
      await api.standIn.down();
      const payments = (await api.db.select().from(payment)).length;
      await expectError(await paymentLink(1_000_000), 502, billingMessages.providerUnreachable);
      // The payment asked for stays pending without a checkout page: never paid, never credited.
      const unlinked = await api.db.select().from(payment).where(eq(payment.status, "pending"));
      expect((await api.db.select().from(payment)).length).toBe(payments + 1);
      expect(unlinked.some((p) => p.checkoutUrl === null)).toBe(true);
      await expectError(await fund(paid.reference), 502, billingMessages.providerUnreachable);
      // The webhook cannot be checked either: 502, so the provider sends it again later.
      await expectError(await api.standIn.deliver(webhook), 502, billingMessages.providerUnreachable);
      expect(await entriesOf(paid.reference)).toEqual([]);
      expect(await balanceOf(d1)).toBe(before);
      expect((await paymentOf(paid.reference)).status).toBe("pending");

      await api.standIn.up();
      expect((await expectOk<FundResult>(await fund(paid.reference))).status).toBe("credited");
      expect(await balanceOf(d1)).toBe(before + 2_000_000);
      expect((await expectOk<PaymentLink>(await paymentLink(1_000_000), 201)).checkoutUrl).toMatch(/^\/checkout\/stand-in\/WF-/);
    });

    it("answers 502 when the provider answers later than the client waits, credits nothing, and a later retry succeeds", async () => {
      const before = await balanceOf(d1);
      const paid = await started(2_000_000);
      api.standIn.faults.delayMs = api.config.PAYSTACK_TIMEOUT_MS + 500;
      const asked = Date.now();
      await expectError(await fund(paid.reference), 502, billingMessages.providerUnreachable);
      expect(Date.now() - asked).toBeLessThan(api.config.PAYSTACK_TIMEOUT_MS + 400);
      await expectError(await paymentLink(1_000_000), 502, billingMessages.providerUnreachable);
      expect(await entriesOf(paid.reference)).toEqual([]);
      expect(await balanceOf(d1)).toBe(before);

      api.standIn.faults.delayMs = 0;
      expect((await expectOk<FundResult>(await fund(paid.reference))).status).toBe("credited");
      expect(await entriesOf(paid.reference)).toHaveLength(1);
      expect(await balanceOf(d1)).toBe(before + 2_000_000);
    });
  });
});
