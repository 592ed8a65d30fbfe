import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingMessages, type FundResult, type PaymentLink } from "../../../lib/contract/billing";
import { payment, webhookEvent } from "../../db/schema";
import { expectError, expectOk } from "../../test/helpers";
import { fundingTest } from "./funding-test-support";

describe("wallet funding", () => {
  const { w, paymentLink, fund, balanceOf, entriesOf, paymentOf, started } = fundingTest();

  describe("the provider unreachable or slow", () => {
    it("answers 502 when the provider's port is closed, credits nothing, and a later retry succeeds", async () => {
      const before = await balanceOf(w.d1);
      const paid = await started(2_000_000);
      const webhook = await w.api.standIn.webhookFor(paid.reference);
      await w.api.standIn.down();
      const payments = (await w.api.db.select().from(payment)).length;
      await expectError(await paymentLink(1_000_000), 502, billingMessages.providerUnreachable);
      // The payment asked for stays pending without a checkout page: never paid, never credited.
      const unlinked = await w.api.db.select().from(payment).where(eq(payment.status, "pending"));
      expect((await w.api.db.select().from(payment)).length).toBe(payments + 1);
      expect(unlinked.some((p) => p.checkoutUrl === null)).toBe(true);
      await expectError(await fund(paid.reference), 502, billingMessages.providerUnreachable);
      // The webhook cannot be checked either: it is recorded and answered 200 (queued), and tried again later by the sweep.
      expect(await expectOk(await w.api.standIn.deliver(webhook))).toEqual({ received: true, queued: true });
      const [kept] = await w.api.db.select().from(webhookEvent).where(eq(webhookEvent.reference, paid.reference));
      expect(kept).toMatchObject({ processedAt: null, attempts: 1 });
      expect(kept?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(await entriesOf(paid.reference)).toEqual([]);
      expect(await balanceOf(w.d1)).toBe(before);
      expect((await paymentOf(paid.reference)).status).toBe("pending");

      await w.api.standIn.up();
      expect((await expectOk<FundResult>(await fund(paid.reference))).status).toBe("credited");
      expect(await balanceOf(w.d1)).toBe(before + 2_000_000);
      expect((await expectOk<PaymentLink>(await paymentLink(1_000_000), 201)).checkoutUrl).toMatch(/^\/checkout\/stand-in\/WF-/);
    });

    it("answers 502 when the provider answers later than the client waits, credits nothing, and a later retry succeeds", async () => {
      const before = await balanceOf(w.d1);
      const paid = await started(2_000_000);
      w.api.standIn.faults.delayMs = w.api.config.PAYSTACK_TIMEOUT_MS + 500;
      const asked = Date.now();
      await expectError(await fund(paid.reference), 502, billingMessages.providerUnreachable);
      expect(Date.now() - asked).toBeLessThan(w.api.config.PAYSTACK_TIMEOUT_MS + 400);
      await expectError(await paymentLink(1_000_000), 502, billingMessages.providerUnreachable);
      expect(await entriesOf(paid.reference)).toEqual([]);
      expect(await balanceOf(w.d1)).toBe(before);

      w.api.standIn.faults.delayMs = 0;
      expect((await expectOk<FundResult>(await fund(paid.reference))).status).toBe("credited");
      expect(await entriesOf(paid.reference)).toHaveLength(1);
      expect(await balanceOf(w.d1)).toBe(before + 2_000_000);
    });
  });
});
