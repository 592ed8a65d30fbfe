import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reconciliationMessages, type ReconciliationDifference, type ReconciliationReport } from "../../../lib/contract/reconciliation";
import { authMessages } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { ledgerEntry, payment, standInTransaction } from "../../db/schema";
import { systemScope } from "../../db/scope";
import { expectError, expectOk } from "../../test/helpers";
import { readWorkbook } from "../../test/workbooks";
import { postEntry, type NewEntry } from "../ledger/post";
import { standInSecretOf } from "../provider/secret";
import { billingCall, createFundingTestApi, expectLedgerHolds, type FundingTestApi } from "../test-support";
import { reconciliationDifferenceColumns } from "./spreadsheet";

/**
 * Issue 33: super administrators compare, per day and district, what the provider lists as paid with what the ledger
 * credited. The provider is the stand-in, reached over HTTP through its List Transactions call, with its rows and the
 * ledger's entries dated on days long before anything else the database holds.
 */
describe("the reconciliation of the provider's payments with the ledger", () => {
  let api: FundingTestApi;
  let superAdmin: AuthResult;
  let admin1: AuthResult;
  let d1: string;
  let d2: string;
  const DAY = "2021-06-10";

  /** A transaction the provider holds as paid (the stand-in's row), started and paid at the instants given. */
  const paidAtProvider = (reference: string, amount: number, createdAt: string, paidAt = createdAt, fees = 0) =>
    api.db.insert(standInTransaction).values({
      reference,
      amount,
      currency: "NGN",
      email: "payer@example.org",
      callbackUrl: "http://portal.invalid/return",
      status: "success",
      fees,
      feesOnCustomer: fees > 0,
      createdAt: new Date(createdAt),
      paidAt: new Date(paidAt),
    });
  const startedHere = (reference: string, districtId: string, amount: number, who: AuthResult) =>
    api.db.insert(payment).values({ reference, districtId, amount, status: "credited", createdBy: who.staff.id, createdAt: new Date(`${DAY}T08:00:00Z`) });
  /** A ledger entry through the one way money moves, backdated. */
  const post = (entry: NewEntry, at: string) =>
    api.db.transaction(async (tx) => {
      const row = await postEntry(tx, systemScope("the reconciliation test's fixture"), entry);
      await tx
        .update(ledgerEntry)
        .set({ createdAt: new Date(at) })
        .where(eq(ledgerEntry.id, row.id));
      return row;
    });
  const credit = (districtId: string, reference: string, amount: number, at: string) =>
    post({ districtId, direction: "credit", action: "FUNDING", amount, reference, description: "Wallet funding by payment link" }, at);

  const get = (path: string, who: AuthResult) => billingCall(api, "GET", path, { token: who.authorizationToken });
  const report = async (from: string, to: string) =>
    expectOk<ReconciliationReport>(await get(`/reconciliation?${new URLSearchParams({ from, to })}`, superAdmin));
  const byReference = (differences: ReconciliationDifference[]) => Object.fromEntries(differences.map((d) => [d.reference, d]));

  beforeAll(async () => {
    api = await createFundingTestApi();
    [superAdmin, admin1] = await Promise.all([api.loginSuperAdmin(), api.loginAdmin(1)]);
    d1 = admin1.staff.district.id;
    d2 = (await api.loginAdmin(2)).staff.district.id;
    // 10 June 2021 (Lagos): a payment paid with the provider's fee on top, credited its requested amount — no difference.
    await paidAtProvider("REC-OK", 500_000, `${DAY}T09:00:00Z`, `${DAY}T09:01:00Z`, 8_500);
    await startedHere("REC-OK", d1, 500_000, admin1);
    const ok = await credit(d1, "REC-OK", 500_000, `${DAY}T09:02:00Z`);
    // Started at 23:30 on the 9th, paid at 00:30 on the 10th (Lagos), credited at 01:10: the 10th's, no difference.
    await paidAtProvider("REC-LATE", 250_000, "2021-06-09T22:30:00Z", "2021-06-09T23:30:00Z");
    await startedHere("REC-LATE", d1, 250_000, admin1);
    await credit(d1, "REC-LATE", 250_000, `${DAY}T00:10:00Z`);
    // Paid, started here, never credited.
    await paidAtProvider("REC-NOT-CREDITED", 300_000, `${DAY}T10:00:00Z`);
    await startedHere("REC-NOT-CREDITED", d1, 300_000, admin1);
    // District 2: paid 4,000, credited 3,500.
    await paidAtProvider("REC-AMOUNT", 400_000, `${DAY}T11:00:00Z`);
    await startedHere("REC-AMOUNT", d2, 400_000, admin1);
    await credit(d2, "REC-AMOUNT", 350_000, `${DAY}T11:01:00Z`);
    // Paid under a reference the portal never started, one that a spreadsheet program would read as a formula.
    await paidAtProvider("=CMD-UNKNOWN", 200_000, `${DAY}T12:00:00Z`);
    // Credited without any payment at the provider.
    await credit(d1, "REC-NO-PROVIDER", 100_000, `${DAY}T13:00:00Z`);
    // A refund of part of REC-OK, taken back from the wallet.
    await post(
      { districtId: d1, direction: "debit", action: "REFUND", amount: 100_000, reference: "refund:RF_REC:REC-OK", description: "Refund", fundingId: ok.id },
      `${DAY}T15:00:00Z`,
    );
    // 12 June 2021: 150 payments of another integration, more than one page of the provider's list.
    await api.db.insert(standInTransaction).values(
      Array.from({ length: 150 }, (_, k) => ({
        reference: `REC-PAGE-${String(k).padStart(3, "0")}`,
        amount: 10_000 + k,
        currency: "NGN",
        email: "payer@example.org",
        callbackUrl: "http://portal.invalid/return",
        status: "success" as const,
        createdAt: new Date(`2021-06-12T10:${String(k % 60).padStart(2, "0")}:00Z`),
        paidAt: new Date(`2021-06-12T11:00:00Z`),
      })),
    );
  });
  afterEach(async () => {
    await expectLedgerHolds(api.db);
  });
  afterAll(() => api.close());

  it("finds every difference of a day, per district, and none where provider and ledger agree", async () => {
    const r = await report(DAY, DAY);
    expect(r).toMatchObject({ from: DAY, to: DAY });
    const found = byReference(r.differences);
    expect(Object.keys(found).sort()).toEqual(["=CMD-UNKNOWN", "REC-AMOUNT", "REC-NO-PROVIDER", "REC-NOT-CREDITED", "REC-OK"]);
    const district1 = { id: d1, name: expect.any(String) };
    expect(found["REC-NOT-CREDITED"]).toEqual({
      kind: "not_credited",
      day: DAY,
      district: district1,
      reference: "REC-NOT-CREDITED",
      providerAmount: 300_000,
      ledgerAmount: null,
      providerStatus: "success",
    });
    expect(found["REC-AMOUNT"]).toMatchObject({ kind: "amount", district: { id: d2 }, providerAmount: 400_000, ledgerAmount: 350_000 });
    expect(found["=CMD-UNKNOWN"]).toMatchObject({ kind: "unknown_payment", district: null, providerAmount: 200_000, ledgerAmount: null });
    expect(found["REC-NO-PROVIDER"]).toMatchObject({
      kind: "not_at_provider",
      district: district1,
      providerAmount: null,
      ledgerAmount: 100_000,
      providerStatus: null,
    });
    expect(found["REC-OK"]).toMatchObject({ kind: "refund", district: district1, ledgerAmount: 100_000, providerStatus: "success" });
    expect(r.days).toHaveLength(3);
    expect(r.days[0]).toEqual({
      day: DAY,
      district: null,
      providerCount: 1,
      providerAmount: 200_000,
      creditedCount: 0,
      creditedAmount: 0,
      takenBackAmount: 0,
      differences: 1,
    });
    expect(r.days).toContainEqual({
      day: DAY,
      district: district1,
      providerCount: 3,
      providerAmount: 1_050_000,
      creditedCount: 3,
      creditedAmount: 850_000,
      takenBackAmount: 100_000,
      differences: 3,
    });
    expect(r.days).toContainEqual({
      day: DAY,
      district: { id: d2, name: expect.any(String) },
      providerCount: 1,
      providerAmount: 400_000,
      creditedCount: 1,
      creditedAmount: 350_000,
      takenBackAmount: 0,
      differences: 1,
    });
  });

  it("reads every page of the provider's list: 150 payments of one day", async () => {
    const r = await report("2021-06-12", "2021-06-12");
    expect(r.differences).toHaveLength(150);
    expect(r.differences.every((d) => d.kind === "unknown_payment")).toBe(true);
    expect(r.days).toEqual([expect.objectContaining({ day: "2021-06-12", district: null, providerCount: 150, differences: 150 })]);
  });

  it("the stand-in lists transactions as Paystack documents: status, from, to, perPage and page, with meta", async () => {
    const query = new URLSearchParams({ status: "success", from: "2021-06-12T00:00:00.000Z", to: "2021-06-12", perPage: "40", page: "4" });
    const response = await fetch(`${api.standIn.url}/transaction?${query}`, { headers: { authorization: `Bearer ${await standInSecretOf(api.db)}` } });
    const body = (await response.json()) as { status: boolean; message: string; data: { reference: string; status: string }[]; meta: Record<string, number> };
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ status: true, message: "Transactions retrieved", meta: { total: 150, skipped: 120, perPage: 40, page: 4, pageCount: 4 } });
    expect(body.data).toHaveLength(30);
    expect(body.data.every((t) => t.status === "success" && t.reference.startsWith("REC-PAGE-"))).toBe(true);
    expect((await fetch(`${api.standIn.url}/transaction`)).status).toBe(401);
  });

  it("downloads the same comparison as a workbook of text cells (a reference like a formula stays text)", async () => {
    const response = await get(`/reconciliation/download?from=${DAY}&to=${DAY}`, superAdmin);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`filename="reconciliation-${DAY}-${DAY}.xlsx"`);
    const [days, differences] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    expect([days?.name, differences?.name]).toEqual(["Days", "Differences"]);
    for (const sheet of [days, differences])
      for (const r of sheet?.rows ?? []) for (const c of r) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
    const rows = (differences?.rows ?? []).map((r) => reconciliationDifferenceColumns.map((_, i) => (r[i]?.value ?? "") as string));
    expect(rows[0]).toEqual([...reconciliationDifferenceColumns]);
    expect(rows).toContainEqual([DAY, "Not started from the portal", "Paid at the provider, not started here", "=CMD-UNKNOWN", "2000.00", "", "success"]);
    expect(rows).toContainEqual([DAY, expect.any(String), "Amounts differ", "REC-AMOUNT", "4000.00", "3500.00", "success"]);
    expect(rows).toHaveLength(6);
    expect(days?.rows).toHaveLength(4);
  });

  it("is for super administrators only: district staff are refused (403) on the page's call and the download", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    for (const who of [admin1, teacher]) {
      await expectError(await get(`/reconciliation?from=${DAY}&to=${DAY}`, who), 403, authMessages.forbidden);
      await expectError(await get(`/reconciliation/download?from=${DAY}&to=${DAY}`, who), 403, authMessages.forbidden);
    }
  });

  it("takes a range of at most 31 days, first day first, and says which field is wrong", async () => {
    const bad = async (q: Record<string, string>, message: string) => {
      const response = await get(`/reconciliation?${new URLSearchParams(q)}`, superAdmin);
      const text = await response.text();
      expect(response.status, text).toBe(400);
      expect(JSON.stringify(JSON.parse(text).issues)).toContain(message);
    };
    await bad({ from: "2021-06-01", to: "2021-07-02" }, reconciliationMessages.rangeTooLong);
    await bad({ from: "2021-06-10", to: "2021-06-09" }, reconciliationMessages.fromAfterTo);
    await bad({ to: "2021-06-09" }, reconciliationMessages.fromRequired);
    await bad({ from: "2021-06-10", to: "yesterday" }, "");
    expect((await get(`/reconciliation?from=2021-06-01&to=2021-07-01`, superAdmin)).status).toBe(200);
  });
});
