import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, type ReportCardChargeResult, type ReportCardQuote, type TransactionLogItem } from "../../../lib/contract/billing";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { auditLog, ledgerEntry, reportCardCharge, wallet } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, randomId } from "../../test/helpers";
import { ledgerInvariantBreaches } from "../ledger/invariant";
import { billing, chargeAs, fund, schoolWithPupils } from "../report-cards/test-fixtures";

const SESSION = "2026/2027";
const PRICE = 50_000;

type Reversed = { message: string; entry: TransactionLogItem };

describe("reversals: POST /transaction-logs/reverse/:id", () => {
  let api: TestApi;
  let superAdmin: AuthResult;
  let admin1: AuthResult;
  let d1: string;

  const reverse = (token: string, id: string, reason: unknown = "Charged in error") =>
    billing(api, `/transaction-logs/reverse/${id}`, { method: "POST", token, body: { reason } });
  const balanceOf = async (districtId: string) => (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
  const entriesOf = (districtId: string) => api.db.select().from(ledgerEntry).where(eq(ledgerEntry.districtId, districtId)).orderBy(asc(ledgerEntry.seq));
  const charge = async (schoolId: string, term = "First Term") =>
    present((await expectOk<ReportCardChargeResult>(await chargeAs(api, admin1.authorizationToken, { schoolId, academicSession: SESSION, term }), 201)).entry);

  beforeAll(async () => {
    api = await createTestApi();
    [superAdmin, admin1] = await Promise.all([api.loginSuperAdmin(), api.loginAdmin(1)]);
    d1 = admin1.staff.district.id;
  });
  afterEach(async () => {
    expect(await ledgerInvariantBreaches(api.db)).toEqual([]);
  });
  afterAll(() => api.close());

  it("reverses a report-card charge with a credit and frees its pupils to be charged again", async () => {
    const sch = await schoolWithPupils(api, d1, 5);
    await fund(api, d1, 1_000_000);
    const charged = await charge(sch.id);
    const afterCharge = await balanceOf(d1);

    const reversed = await expectOk<Reversed>(await reverse(superAdmin.authorizationToken, charged.id, "  Wrong school  "), 201);
    expect(reversed.message).toBe(billingMessages.reversed);
    expect(reversed.entry).toMatchObject({
      action: "REVERSAL",
      direction: "credit",
      amount: 5 * PRICE,
      balanceAfter: afterCharge + 5 * PRICE,
      reference: `REV-${charged.reference}`,
      description: `Reversal of ${charged.reference}: Wrong school`,
      reason: "Wrong school",
      reversesId: charged.id,
      school: { id: sch.id, name: sch.name },
      academicSession: SESSION,
      term: "First Term",
      pupils: 5,
      by: `${superAdmin.staff.firstName} ${superAdmin.staff.lastName}`,
    });
    expect(await balanceOf(d1)).toBe(afterCharge + 5 * PRICE);
    // The original is still there, unchanged, and knows what reversed it.
    const [original] = await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.id, charged.id));
    expect(original).toMatchObject({ amount: charged.amount, balanceAfter: charged.balanceAfter, description: charged.description, reversesId: null });
    const rows = await api.db.select().from(reportCardCharge).where(eq(reportCardCharge.entryId, charged.id));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.reversedAt instanceof Date)).toBe(true);
    const audit = (await api.db.select().from(auditLog).where(eq(auditLog.recordId, charged.id))).find((a) => a.operation === "transaction.reverse");
    expect(audit).toMatchObject({ operation: "transaction.reverse", actorStaffId: superAdmin.staff.id, districtId: d1 });
    expect(audit?.after).toMatchObject({ reversal: { id: reversed.entry.id, action: "REVERSAL", reason: "Wrong school" } });

    // The pupils can be charged again for that term.
    const q = await expectOk<ReportCardQuote>(
      await billing(api, `/wallet/report-card-quote?${new URLSearchParams({ schoolId: sch.id, academicSession: SESSION, term: "First Term" })}`, {
        token: admin1.authorizationToken,
      }),
    );
    expect(q).toMatchObject({ pupils: 5, amount: 5 * PRICE });
    const recharged = await charge(sch.id);
    expect(recharged.pupils).toBe(5);
    expect(await api.db.select().from(reportCardCharge).where(eq(reportCardCharge.schoolId, sch.id))).toHaveLength(10);
  });

  it("reverses an entry once: a second reversal is 409, and so is reversing a reversal", async () => {
    const sch = await schoolWithPupils(api, d1, 2);
    await fund(api, d1, 2 * PRICE);
    const charged = await charge(sch.id, "Second Term");
    const reversed = await expectOk<Reversed>(await reverse(superAdmin.authorizationToken, charged.id), 201);
    const entries = await entriesOf(d1);
    await expectError(await reverse(superAdmin.authorizationToken, charged.id), 409, billingMessages.alreadyReversed);
    await expectError(await reverse(superAdmin.authorizationToken, reversed.entry.id), 409, billingMessages.cannotReverseReversal);
    expect(await entriesOf(d1)).toEqual(entries);
  });

  it("lets only one of two reversals of an entry at the same moment through", async () => {
    const sch = await schoolWithPupils(api, d1, 3);
    await fund(api, d1, 3 * PRICE);
    const charged = await charge(sch.id, "Third Term");
    const before = await balanceOf(d1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => reverse(superAdmin.authorizationToken, charged.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await balanceOf(d1)).toBe(before + 3 * PRICE);
    expect(await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reversesId, charged.id))).toHaveLength(1);
  });

  it("takes back a funding with a debit, and refuses one the wallet no longer holds (402) without writing", async () => {
    const funded = await fund(api, d1, 300_000);
    const before = await balanceOf(d1);
    const reversed = await expectOk<Reversed>(await reverse(superAdmin.authorizationToken, funded.id, "Payment charged back"), 201);
    expect(reversed.entry).toMatchObject({
      action: "REVERSAL",
      direction: "debit",
      amount: 300_000,
      balanceAfter: before - 300_000,
      school: null,
      reversesId: funded.id,
    });
    expect(await balanceOf(d1)).toBe(before - 300_000);

    // A funding spent since: taking it back would overdraw.
    const spent = await fund(api, d1, 10 * PRICE);
    const sch = await schoolWithPupils(api, d1, Math.floor((await balanceOf(d1)) / PRICE));
    await charge(sch.id);
    const balance = await balanceOf(d1);
    expect(balance).toBeLessThan(spent.amount);
    const entries = await entriesOf(d1);
    await expectError(await reverse(superAdmin.authorizationToken, spent.id), 402, billingMessages.reversalWouldOverdraw(spent.amount, balance));
    expect(await entriesOf(d1)).toEqual(entries);
    expect(await balanceOf(d1)).toBe(balance);
  });

  it("is for super administrators only (403); an unknown entry is 404; a reason is required", async () => {
    const sch = await schoolWithPupils(api, d1, 1);
    await fund(api, d1, PRICE);
    const charged = await charge(sch.id, "Second Term");
    await expectError(await reverse(admin1.authorizationToken, charged.id), 403, authMessages.forbidden);
    await expectError(await reverse(superAdmin.authorizationToken, randomId()), 404, authMessages.notFound);
    const noReason = await expectError(await reverse(superAdmin.authorizationToken, charged.id, "  "), 400, formInvalidMessage);
    expect(noReason.issues?.map((i) => i.message)).toContain(billingMessages.reasonRequired);
    await expectError(await reverse(superAdmin.authorizationToken, "not-an-id"), 400, formInvalidMessage);
    expect(await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reversesId, charged.id))).toEqual([]);
  });
});
