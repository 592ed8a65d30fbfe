import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingMessages, type FundResult, type TransactionLogItem, type WalletBalance } from "../../../lib/contract/billing";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { auditLog, districtConfiguration, standInTransaction } from "../../db/schema";
import { expectError, expectOk, present, randomId } from "../../test/helpers";
import { fundingDescription } from "./credit";
import { fundingTest } from "./funding-test-support";

type WalletAnswer = { wallet: WalletBalance; recent: TransactionLogItem[] };

describe("wallet funding: the balance, and the return page's confirmation", () => {
  const { w, call, fund, balanceOf, entriesOf, paymentOf, started } = fundingTest();

  describe("GET /wallet/balance/:id", () => {
    it("answers the balance, the configuration's alert level and the newest entries, newest first", async () => {
      const threshold = present((await w.api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, w.d1)))[0]).lowBalanceThreshold;
      const before = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${w.d1}`, w.admin1.authorizationToken));
      expect(before.wallet).toEqual({
        districtId: w.d1,
        balance: await balanceOf(w.d1),
        lowBalanceThreshold: threshold,
        isLow: before.wallet.balance < threshold,
        currency: "NGN",
      });

      const links = [await started(1_000_000), await started(2_000_000)];
      for (const link of links) await expectOk<FundResult>(await fund(link.reference));
      const after = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${w.d1}`, w.admin1.authorizationToken));
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
      expect(after.recent[0]?.by).toBe(`${w.admin1.staff.firstName} ${w.admin1.staff.lastName}`);
    });

    it("says the balance is low below the configured alert level", async () => {
      await w.api.db
        .update(districtConfiguration)
        .set({ lowBalanceThreshold: (await balanceOf(w.d1)) + 1 })
        .where(eq(districtConfiguration.districtId, w.d1));
      const answer = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${w.d1}`, w.admin1.authorizationToken));
      expect(answer.wallet.isLow).toBe(true);
      await w.api.db.update(districtConfiguration).set({ lowBalanceThreshold: 0 }).where(eq(districtConfiguration.districtId, w.d1));
      expect((await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${w.d1}`, w.admin1.authorizationToken))).wallet.isLow).toBe(false);
    });

    it("hides another district's wallet (404) but from super administrators, and answers 403 without wallet.view", async () => {
      await expectError(await call("GET", `/wallet/balance/${w.d2}`, w.admin1.authorizationToken), 404, authMessages.notFound);
      await expectError(await call("GET", `/wallet/balance/${randomId()}`, w.admin1.authorizationToken), 404, authMessages.notFound);
      const theirs = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${w.d2}`, w.superAdmin.authorizationToken));
      expect(theirs.wallet.districtId).toBe(w.d2);
      expect(theirs.wallet.balance).toBe(await balanceOf(w.d2));
      expect((await call("GET", `/wallet/balance/${w.d1}`, w.teacher.authorizationToken)).status).toBe(403);
      expect((await call("GET", `/wallet/balance/not-an-id`, w.admin1.authorizationToken)).status).toBe(400);
    });

    it("shows LGEA staff the district's balance, and of the entries only their schools' charges (no funding)", async () => {
      await expectOk(await fund((await started()).reference));
      const seen = await expectOk<WalletAnswer>(await call("GET", `/wallet/balance/${w.d1}`, w.lgeaStaff.authorizationToken));
      expect(seen.wallet.balance).toBe(await balanceOf(w.d1));
      expect(seen.recent.filter((e) => e.action === "FUNDING")).toEqual([]);
      expect((await call("GET", `/wallet/balance/${w.d2}`, w.lgeaStaff.authorizationToken)).status).toBe(404);
    });
  });

  describe("POST /wallet/fund", () => {
    it("verifies a paid payment with the provider and credits it once, as a FUNDING entry", async () => {
      const before = await balanceOf(w.d1);
      const link = await started(2_500_000);
      const result = await expectOk<FundResult>(await fund(link.reference));
      expect(result).toEqual({ message: billingMessages.funded, status: "credited", amount: 2_500_000, balance: before + 2_500_000 });
      const [entry, ...more] = await entriesOf(link.reference);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        districtId: w.d1,
        direction: "credit",
        action: "FUNDING",
        amount: 2_500_000,
        balanceAfter: before + 2_500_000,
        description: fundingDescription,
        actorStaffId: w.admin1.staff.id,
        schoolId: null,
      });
      expect(await paymentOf(link.reference)).toMatchObject({ status: "credited", providerStatus: "success" });
      expect(await balanceOf(w.d1)).toBe(before + 2_500_000);
      const audit = await w.api.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, link.reference), eq(auditLog.operation, "wallet.fund")));
      expect(audit.map((a) => a.actorStaffId)).toEqual([w.admin1.staff.id]);
    });

    it("answers a second confirmation 'already credited' and credits nothing more", async () => {
      const link = await started(1_500_000);
      await expectOk<FundResult>(await fund(link.reference));
      const balance = await balanceOf(w.d1);
      const again = await expectOk<FundResult>(await fund(link.reference));
      expect(again).toEqual({ message: billingMessages.alreadyCredited, status: "already-credited", amount: 1_500_000, balance });
      expect(await entriesOf(link.reference)).toHaveLength(1);
      // Credited already, it does not even need the provider.
      await w.api.standIn.down();
      expect((await expectOk<FundResult>(await fund(link.reference))).status).toBe("already-credited");
    });

    it("answers 404 for a reference not started from the caller's district, and 400 without one", async () => {
      const link = await started();
      await expectError(await fund(link.reference, w.admin2), 404, billingMessages.unknownPayment);
      await expectError(await fund("WF-NOSUCHPAYMENT"), 404, billingMessages.unknownPayment);
      await expectError(await fund(link.reference, w.lgeaStaff), 404, billingMessages.unknownPayment);
      const missing = await expectError(await call("POST", "/wallet/fund", w.admin1.authorizationToken, {}), 400, formInvalidMessage);
      expect(missing.issues).toEqual([{ path: "reference", message: billingMessages.referenceRequired }]);
      const odd = await expectError(await fund("WF-1/../x"), 400, formInvalidMessage);
      expect(odd.issues?.[0]?.message).toBe(billingMessages.referenceRequired);
      expect(await entriesOf(link.reference)).toEqual([]);
      // The super administrator reaches any district's payment.
      expect((await expectOk<FundResult>(await fund(link.reference, w.superAdmin))).status).toBe("credited");
    });

    it.each(["fail", "abandon"] as const)("credits nothing when the provider says the payment was %sed, and says so", async (outcome) => {
      const status = outcome === "fail" ? "failed" : "abandoned";
      const before = await balanceOf(w.d1);
      const link = await started(1_000_000, outcome);
      await expectError(await fund(link.reference), 409, billingMessages.paymentNotCompleted(status));
      expect(await paymentOf(link.reference)).toMatchObject({ status: "failed", providerStatus: status });
      expect(await entriesOf(link.reference)).toEqual([]);
      expect(await balanceOf(w.d1)).toBe(before);
    });

    it("credits nothing while the payment is still pending at the provider", async () => {
      const link = await started(1_000_000, null);
      await expectError(await fund(link.reference), 409, billingMessages.paymentPending);
      expect(await paymentOf(link.reference)).toMatchObject({ status: "pending" });
      expect(await entriesOf(link.reference)).toEqual([]);
      // Paid afterwards, it is credited.
      await w.api.standIn.checkout(link.reference, "pay");
      expect((await expectOk<FundResult>(await fund(link.reference))).status).toBe("credited");
    });

    it.each([
      ["a different amount", { amount: 1 }],
      ["a different currency", { currency: "USD" }],
    ])("credits nothing when the provider reports %s", async (_what, change) => {
      const before = await balanceOf(w.d1);
      const link = await started(2_000_000);
      await w.api.db.update(standInTransaction).set(change).where(eq(standInTransaction.reference, link.reference));
      await expectError(await fund(link.reference), 409, billingMessages.paymentMismatch);
      expect(await paymentOf(link.reference)).toMatchObject({ status: "failed" });
      // The webhook, sent for it meanwhile, credits nothing either.
      const webhook = await expectOk<{ credited?: boolean; message?: string }>(await w.api.standIn.deliver(await w.api.standIn.webhookFor(link.reference)));
      expect(webhook).toMatchObject({ credited: false, message: billingMessages.paymentMismatch });
      expect(await entriesOf(link.reference)).toEqual([]);
      expect(await balanceOf(w.d1)).toBe(before);
    });
  });
});
