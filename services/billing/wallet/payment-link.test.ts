import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingMessages, type PaymentLink } from "../../../lib/contract/billing";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { standInCheckoutPath, walletReturnPath } from "../../../lib/contract/paths";
import { auditLog, payment, standInTransaction } from "../../db/schema";
import { expectError, expectOk } from "../../test/helpers";
import { fundingTest } from "./funding-test-support";

describe("wallet funding: the payment link", () => {
  const { w, call, paymentLink, paymentOf } = fundingTest();

  describe("POST /wallet/payment-link", () => {
    it("records a pending payment and answers the provider's checkout page, which returns to the wallet's return page", async () => {
      const link = await expectOk<PaymentLink>(await paymentLink(2_500_000), 201);
      expect(link.reference).toMatch(/^WF-[0-9A-F]{20}$/);
      expect(link.checkoutUrl).toBe(standInCheckoutPath(link.reference));
      expect(await paymentOf(link.reference)).toMatchObject({
        districtId: w.d1,
        amount: 2_500_000,
        status: "pending",
        checkoutUrl: link.checkoutUrl,
        createdBy: w.admin1.staff.id,
      });
      const [atProvider] = await w.api.db.select().from(standInTransaction).where(eq(standInTransaction.reference, link.reference));
      expect(atProvider).toMatchObject({ amount: 2_500_000, currency: "NGN", email: w.admin1.staff.email, callbackUrl: walletReturnPath, status: "pending" });
      const audit = await w.api.db.select().from(auditLog).where(eq(auditLog.recordId, link.reference));
      expect(audit.map((a) => [a.operation, a.actorStaffId])).toEqual([["wallet.payment-link", w.admin1.staff.id]]);
      // Each link is a payment of its own.
      const second = await expectOk<PaymentLink>(await paymentLink(2_500_000), 201);
      expect(second.reference).not.toBe(link.reference);
    });

    it("gives the provider the portal's absolute return address when PORTAL_URL is set", async () => {
      const previous = w.api.config.PORTAL_URL;
      w.api.config.PORTAL_URL = "https://portal.example.org/";
      try {
        const link = await expectOk<PaymentLink>(await paymentLink(1_000_000), 201);
        const [atProvider] = await w.api.db.select().from(standInTransaction).where(eq(standInTransaction.reference, link.reference));
        expect(atProvider?.callbackUrl).toBe(`https://portal.example.org${walletReturnPath}`);
      } finally {
        w.api.config.PORTAL_URL = previous;
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
      const payments = (await w.api.db.select().from(payment)).length;
      const body = await expectError(
        await call("POST", "/wallet/payment-link", w.admin1.authorizationToken, amount === undefined ? {} : { amount }),
        400,
        formInvalidMessage,
      );
      expect(body.issues).toEqual([{ path: "amount", message }]);
      expect((await w.api.db.select().from(payment)).length).toBe(payments);
    });

    it("is for the district level only (403 below it), and needs wallet.fund", async () => {
      const payments = (await w.api.db.select().from(payment)).length;
      await expectError(await paymentLink(1_000_000, w.lgeaStaff), 403, authMessages.forbidden);
      await expectError(await paymentLink(1_000_000, w.teacher), 403, authMessages.forbidden);
      expect((await w.api.db.select().from(payment)).length).toBe(payments);
    });

    it("funds the district a super administrator works in", async () => {
      const link = await expectOk<PaymentLink>(await paymentLink(1_000_000, w.superAdmin), 201);
      expect((await paymentOf(link.reference)).districtId).toBe(w.superAdmin.staff.district.id);
    });
  });
});
