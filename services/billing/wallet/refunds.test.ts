import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, type PaymentLink, type TransactionLogItem, type TransactionLogPage } from "../../../lib/contract/billing-values";
import { ledgerEntry, notification, role, roleAccess, staff, wallet, webhookEvent } from "../../db/schema";
import { expectError, expectOk } from "../../test/helpers";
import { readWorkbook } from "../../test/workbooks";
import { standInSecretOf } from "../provider/secret";
import { signatureHeader, signBody } from "../provider/signature";
import { PRICE } from "../report-cards/report-card-test-support";
import { chargeAs, fund, schoolWithPupils } from "../report-cards/test-fixtures";
import { billingCall, createFundingTestApi, expectLedgerHolds, type FundingTestApi } from "../test-support";

/**
 * Issue 33, item 4: a processed refund or a lost dispute of a credited funding debits the wallet what was taken back,
 * once, as its own entry pointing at the funding; below zero the wallet is in arrears, charges are refused until it is
 * funded back, and its keepers and the super administrators are told. Bodies in the shapes of Paystack's samples
 * (PaystackOSS/doc-code-snippets, dist/doc/payments/webhooks/events.js), signed as the provider signs them.
 */
describe("refunds and disputes of a funding", () => {
  let api: FundingTestApi;
  beforeAll(async () => {
    api = await createFundingTestApi();
  });
  afterEach(async () => {
    await expectLedgerHolds(api.db);
  });
  afterAll(() => api.close());

  const funded = async (admin: 1 | 2, amount: number) => {
    const signedIn = await api.loginAdmin(admin);
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: signedIn.authorizationToken, body: { amount } }),
      201,
    );
    expect((await api.standIn.checkout(link.reference, "pay")).status).toBe(200);
    expect((await api.standIn.deliver(await api.standIn.webhookFor(link.reference))).status).toBe(200);
    const [funding] = await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, link.reference));
    expect(funding?.action).toBe("FUNDING");
    return { token: signedIn.authorizationToken, districtId: signedIn.staff.district.id, reference: link.reference, fundingId: funding?.id };
  };
  const send = async (payload: unknown) => {
    const body = JSON.stringify(payload);
    return billingCall(api, "POST", "/wallet/webhook", {
      body,
      headers: { "content-type": "application/json", [signatureHeader]: signBody(body, await standInSecretOf(api.db)) },
    });
  };
  const refund = (event: string, reference: string, refundReference: string | null, amount: string) => ({
    event,
    data: {
      status: event.slice("refund.".length),
      transaction_reference: reference,
      refund_reference: refundReference,
      amount,
      currency: "NGN",
      processor: "mpgs_zen",
      customer: { first_name: "Damilola", last_name: "Kwabena", email: "damilola@email.com" },
      integration: 412829,
      domain: "test",
    },
  });
  const dispute = (event: string, id: number, reference: string, amount: number, resolution: string | null) => ({
    event,
    data: {
      id,
      refund_amount: amount,
      currency: "NGN",
      status: resolution ? "resolved" : "awaiting-merchant-feedback",
      resolution,
      domain: "test",
      transaction: { id: 896467592, domain: "test", status: resolution ? "reversed" : "success", reference, amount, currency: "NGN" },
      transaction_reference: null,
      category: "chargeback",
    },
  });
  const balanceOf = async (districtId: string) => (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
  const takenBack = (fundingId: string | undefined) =>
    api.db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.fundingId, fundingId ?? ""));

  it("debits a processed refund once under 50 concurrent replays, as its own entry pointing at the funding", async () => {
    const { districtId, reference, fundingId } = await funded(1, 800_000);
    const before = await balanceOf(districtId);
    // refund.pending and refund.failed tell of a refund on its way or not made: nothing moves.
    expect(await (await send(refund("refund.pending", reference, null, "300000"))).json()).toEqual({ received: true, status: "noted" });
    expect(await (await send(refund("refund.failed", reference, "TRF_9vgfawjnoz58uxy", "300000"))).json()).toEqual({ received: true, status: "noted" });
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(refund("refund.processed", reference, "132013318360", "300000"))));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const entries = await takenBack(fundingId);
    expect(entries.map((e) => [e.action, e.direction, e.amount, e.reference])).toEqual([["REFUND", "debit", 300_000, `refund:132013318360:${reference}`]]);
    expect(await balanceOf(districtId)).toBe(before - 300_000);
    expect(await api.db.select().from(webhookEvent).where(eq(webhookEvent.event, "refund.processed"))).toHaveLength(1);
    // A second refund of the rest is its own entry; nothing beyond the funding is ever taken back.
    await send(refund("refund.processed", reference, "132013318361", "900000"));
    expect((await takenBack(fundingId)).map((e) => e.amount).sort()).toEqual([300_000, 500_000]);
    expect(await balanceOf(districtId)).toBe(before - 800_000);
  }, 30_000);

  it("debits a lost dispute once under 50 concurrent replays; an opened or won one debits nothing", async () => {
    const { districtId, reference, fundingId } = await funded(1, 600_000);
    const before = await balanceOf(districtId);
    expect(await (await send(dispute("charge.dispute.create", 358950, reference, 600_000, null))).json()).toEqual({ received: true, status: "noted" });
    expect(await (await send(dispute("charge.dispute.resolve", 358950, reference, 600_000, "declined"))).json()).toEqual({ received: true, status: "noted" });
    expect(await takenBack(fundingId)).toEqual([]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(dispute("charge.dispute.resolve", 358949, reference, 600_000, "auto-accepted"))));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect((await takenBack(fundingId)).map((e) => [e.action, e.amount, e.reference])).toEqual([["CHARGEBACK", 600_000, `dispute:358949:${reference}`]]);
    expect(await balanceOf(districtId)).toBe(before - 600_000);
  }, 30_000);

  it("marks a funding refunded or charged back in the logs and on the wallet page; other entries carry no mark", async () => {
    const refunded = await funded(1, 400_000);
    const disputed = await funded(1, 300_000);
    const untouched = await funded(1, 200_000);
    await send(refund("refund.processed", refunded.reference, "132013318370", "100000"));
    await send(dispute("charge.dispute.resolve", 358960, disputed.reference, 300_000, "merchant-accepted"));
    const page = await expectOk<TransactionLogPage>(
      await billingCall(api, "GET", "/transaction-logs/search?transactionAction=FUNDING&limit=1000", { token: refunded.token }),
    );
    const marks = Object.fromEntries(page.transactionLogs.map((e) => [e.reference, e.takenBack]));
    expect(marks[refunded.reference]).toEqual(["REFUND"]);
    expect(marks[disputed.reference]).toEqual(["CHARGEBACK"]);
    expect(marks[untouched.reference]).toEqual([]);
    // The download says the same in its Taken Back column.
    const sheet = await readWorkbook(
      Buffer.from(await (await billingCall(api, "GET", "/transaction-logs/download?transactionAction=FUNDING", { token: refunded.token })).arrayBuffer()),
    );
    const rows = sheet[0]?.rows.map((r) => r.map((c) => String(c.value ?? ""))) ?? [];
    const column = (name: string) => rows[0]?.indexOf(name) ?? -1;
    const takenBackOf = (reference: string) => rows.find((r) => r[column("Reference")] === reference)?.[column("Taken Back")] ?? "";
    expect([takenBackOf(refunded.reference), takenBackOf(disputed.reference), takenBackOf(untouched.reference)]).toEqual(["Refunded", "Charged back", ""]);
    const wallet = await expectOk<{ recent: TransactionLogItem[] }>(
      await billingCall(api, "GET", `/wallet/balance/${refunded.districtId}`, { token: refunded.token }),
    );
    expect(wallet.recent.filter((e) => e.action !== "FUNDING").every((e) => e.takenBack.length === 0)).toBe(true);
    expect(wallet.recent.find((e) => e.reference === disputed.reference)?.takenBack).toEqual(["CHARGEBACK"]);
  }, 30_000);

  it("refuses a refund whose amount is not whole kobo, and ignores one of a payment not ours", async () => {
    const { reference } = await funded(1, 500_000);
    expect((await send(refund("refund.processed", reference, "R-1", "12.5"))).status).toBe(400);
    expect(await (await send(refund("refund.processed", "not-ours", "R-2", "500"))).json()).toEqual({ received: true, ignored: true });
  });

  it("leaves a wallet that cannot cover a refund in arrears: charges refused, its keepers and the super administrators told, cleared by funding", async () => {
    const { token, districtId, reference, fundingId } = await funded(2, 1_000_000);
    // Spend all but less than a report card's price.
    const spend = await schoolWithPupils(api, districtId, Math.floor((await balanceOf(districtId)) / PRICE));
    expect((await chargeAs(api, token, { schoolId: spend.id })).status).toBe(201);
    const left = await balanceOf(districtId);
    expect(left).toBeLessThan(PRICE);
    const notifiedBefore = await api.db.select({ id: notification.id }).from(notification).where(eq(notification.kind, "wallet.arrears"));

    await send(refund("refund.processed", reference, "RF-ARREARS", "1000000"));
    const arrears = left - 1_000_000;
    expect(await balanceOf(districtId)).toBe(arrears);
    expect((await takenBack(fundingId)).map((e) => e.balanceAfter)).toEqual([arrears]);

    // The notification went to the holders of wallet.fund at the district and the super administrators, no one else.
    const told = await api.db.select().from(notification).where(eq(notification.kind, "wallet.arrears"));
    const fresh = told.filter((n) => !notifiedBefore.some((b) => b.id === n.id));
    const keepers = await api.db
      .select({ staffId: roleAccess.staffId })
      .from(roleAccess)
      .innerJoin(role, eq(role.id, roleAccess.roleId))
      .where(and(eq(roleAccess.districtId, districtId), eq(roleAccess.organizationId, districtId)));
    const supers = await api.db.select({ id: staff.id }).from(staff).where(eq(staff.isSuperAdmin, true));
    const keeperIds = new Set(
      (
        await api.db
          .select({ staffId: roleAccess.staffId, operations: role.operations })
          .from(roleAccess)
          .innerJoin(role, eq(role.id, roleAccess.roleId))
          .where(
            inArray(
              roleAccess.staffId,
              keepers.map((k) => k.staffId),
            ),
          )
      )
        .filter((r) => r.operations.includes("wallet.fund"))
        .map((r) => r.staffId),
    );
    const expected = [...new Set([...keeperIds, ...supers.map((s) => s.id)])].sort();
    expect(supers.length).toBeGreaterThan(0);
    expect(keeperIds.size).toBeGreaterThan(0);
    expect(fresh.map((n) => n.staffId).sort()).toEqual(expected);
    const admin1 = await api.loginAdmin(1);
    expect(fresh.map((n) => n.staffId)).not.toContain(admin1.staff.id);
    expect(fresh[0]?.data).toMatchObject({ kind: "wallet.arrears", balance: arrears, taken: 1_000_000 });

    // Charges are refused with the arrears message, and nothing is written.
    const next = await schoolWithPupils(api, districtId, 1);
    await expectError(await chargeAs(api, token, { schoolId: next.id }), 402, billingMessages.walletInArrears(arrears));
    expect(await balanceOf(districtId)).toBe(arrears);

    // Funded back to zero or more, charges go through again.
    await fund(api, districtId, -arrears + PRICE);
    expect(await balanceOf(districtId)).toBe(PRICE);
    expect((await chargeAs(api, token, { schoolId: next.id })).status).toBe(201);
    expect(await balanceOf(districtId)).toBe(0);
  }, 30_000);
});
