import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentLink } from "../../../lib/contract/billing-values";
import { ledgerEntry, payment, wallet } from "../../db/schema";
import { expectOk } from "../../test/helpers";
import { billingCall, createFundingTestApi, expectLedgerHolds, type FundingTestApi } from "../test-support";
import { sweepOnce } from "./webhook-events";

/**
 * Issue 33, item 5: a payment left pending — neither the user's return nor the webhook arrived — is verified with the
 * provider once it is older than PENDING_PAYMENT_SWEEP_MINUTES, and credited or closed, once across instances.
 */
describe("the settlement sweep of payments left pending", () => {
  let api: FundingTestApi;
  beforeAll(async () => {
    api = await createFundingTestApi({ PENDING_PAYMENT_SWEEP_MINUTES: 30 });
  });
  afterEach(async () => {
    await expectLedgerHolds(api.db);
  });
  afterAll(() => api.close());

  const started = async (amount: number, action: "pay" | "abandon" | null, minutesAgo: number) => {
    const admin = await api.loginAdmin(1);
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: admin.authorizationToken, body: { amount } }),
      201,
    );
    if (action) expect((await api.standIn.checkout(link.reference, action)).status).toBe(200);
    await api.db
      .update(payment)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
      .where(eq(payment.reference, link.reference));
    return { districtId: admin.staff.district.id, reference: link.reference };
  };
  const statusOf = async (reference: string) => (await api.db.select().from(payment).where(eq(payment.reference, reference)))[0]?.status;
  const entriesOf = (reference: string) => api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, reference));
  const balanceOf = async (districtId: string) => (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
  const deps = () => ({ db: api.db, config: api.config });

  it("credits a payment paid at the provider and pending past the set time, once though two instances sweep at once", async () => {
    const { districtId, reference } = await started(450_000, "pay", 31);
    const before = await balanceOf(districtId);
    await Promise.all([sweepOnce(deps()), sweepOnce(deps())]);
    expect(await statusOf(reference)).toBe("credited");
    expect((await entriesOf(reference)).map((e) => [e.action, e.amount])).toEqual([["FUNDING", 450_000]]);
    expect(await balanceOf(districtId)).toBe(before + 450_000);
    await sweepOnce(deps());
    expect(await entriesOf(reference)).toHaveLength(1);
  });

  it("closes a payment the provider says was abandoned, and leaves one younger than the set time alone", async () => {
    const abandoned = await started(300_000, "abandon", 45);
    const young = await started(200_000, "pay", 5);
    await sweepOnce(deps());
    expect(await statusOf(abandoned.reference)).toBe("failed");
    expect(await entriesOf(abandoned.reference)).toEqual([]);
    expect(await statusOf(young.reference)).toBe("pending");
    expect(await entriesOf(young.reference)).toEqual([]);
  });

  it("keeps a payment still under way at the provider pending, and credits it once paid", async () => {
    const { reference } = await started(250_000, null, 40);
    await sweepOnce(deps());
    expect(await statusOf(reference)).toBe("pending");
    expect((await api.standIn.checkout(reference, "pay")).status).toBe(200);
    // Checked again once the set time has passed since the last check.
    await api.db.execute(sql`update webhook_event set processed_at = now() - interval '31 minutes' where reference = ${reference}`);
    await sweepOnce(deps());
    expect(await statusOf(reference)).toBe("credited");
    expect(await entriesOf(reference)).toHaveLength(1);
  });
});
