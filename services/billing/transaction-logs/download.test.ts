import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TransactionLogPage } from "../../../lib/contract/billing";
import { authMessages } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { ledgerEntry, school } from "../../db/schema";
import { scopeOf, systemScope } from "../../db/scope";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, randomId, staffRow } from "../../test/helpers";
import { readWorkbook } from "../../test/workbooks";
import { ledgerInvariantBreaches } from "../ledger/invariant";
import { postEntry, type NewEntry } from "../ledger/post";
import { allTransactionLogs } from "./search";
import { transactionLogColumns } from "./spreadsheet";

const header = [...transactionLogColumns];

describe("GET /transaction-logs/download: the filtered logs as transaction-logs.xlsx", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let d1: string;
  let d2: string;
  const schools: Record<string, string> = {};
  const AGEGE = "Agege Senior Grammar School";
  const KOSOFE = "Kosofe Junior Grammar School";
  let adminName: string;

  /** A ledger entry through the one way money moves, on a known instant (backdated: created_at is otherwise the transaction's start). */
  const post = (entry: NewEntry, at: string) =>
    api.db.transaction(async (tx) => {
      const row = await postEntry(tx, systemScope("the test's fixture"), entry);
      await tx
        .update(ledgerEntry)
        .set({ createdAt: new Date(at) })
        .where(eq(ledgerEntry.id, row.id));
      return row;
    });

  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    d1 = admin1.staff.district.id;
    d2 = (await api.loginAdmin(2)).staff.district.id;
    for (const s of await api.db.select().from(school)) schools[s.name] = s.id;
    adminName = `${admin1.staff.firstName} ${admin1.staff.lastName}`;
    // April 2021: nothing else in the database falls in it.
    await post(
      { districtId: d1, direction: "credit", action: "FUNDING", amount: 10_000_050, reference: "PAY-DL-0001", description: "Wallet funding by payment link" },
      "2021-04-01T08:15:30Z",
    );
    await post(
      {
        districtId: d1,
        direction: "debit",
        action: "REPORT_CARD_CHARGE",
        amount: 1_234_505,
        reference: "RC-DL-0002",
        // Text that a spreadsheet program would run as a formula, were it written as one.
        description: '=HYPERLINK("http://x","y")',
        schoolId: present(schools[AGEGE]),
        academicSession: "2020/2021",
        term: "Third Term",
        pupils: 101,
        actorStaffId: admin1.staff.id,
      },
      "2021-04-02T23:45:00Z",
    );
    await post(
      {
        districtId: d1,
        direction: "credit",
        action: "REVERSAL",
        amount: 1_234_505,
        reference: "-REV-DL-0003",
        description: "+Reversal of RC-DL-0002",
        schoolId: present(schools[AGEGE]),
        reason: "@SUM(A1)",
        actorStaffId: admin1.staff.id,
      },
      "2021-04-03T10:00:00Z",
    );
    await post(
      { districtId: d2, direction: "credit", action: "FUNDING", amount: 700_000, reference: "PAY-DL-D2", description: "Wallet funding by payment link" },
      "2021-04-01T09:00:00Z",
    );
  });
  afterAll(() => api.close());
  // Architecture 'Billing': the balance always equals the sum of the ledger.
  afterEach(async () => expect(await ledgerInvariantBreaches(api.db)).toEqual([]));

  const get = (path: string, token?: string) => api.billing.app.request(path, { method: "GET", headers: token ? { authorization: `Bearer ${token}` } : {} });
  const download = (q: Record<string, string>, token = admin1.authorizationToken) => get(`/transaction-logs/download?${new URLSearchParams(q)}`, token);
  const april = { startDate: "2021-04-01", endDate: "2021-04-30" };
  /** The workbook's one sheet as the text of its cells, checking every cell is text (never a formula or a number). */
  const cellsOf = async (response: Response) => {
    expect(response.status).toBe(200);
    const [sheet, ...others] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    expect(others).toEqual([]);
    expect(sheet?.name).toBe("Transaction logs");
    for (const r of sheet?.rows ?? []) for (const c of r) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
    return (sheet?.rows ?? []).map((r) => header.map((_, i) => (r[i]?.value ?? "") as string));
  };

  it("writes the filtered entries newest first, cell by cell, in Lagos time and naira with kobo; formulas stay text", async () => {
    const response = await download(april);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain('filename="transaction-logs.xlsx"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await cellsOf(response)).toEqual([
      header,
      [
        "2021-04-03 11:00:00",
        "-REV-DL-0003",
        "Reversal",
        "Credit",
        "12345.05",
        "100000.50",
        AGEGE,
        "",
        "",
        "",
        "+Reversal of RC-DL-0002",
        adminName,
        "@SUM(A1)",
        "",
        "",
      ],
      [
        // 23:45 UTC on 2 April is 00:45 on 3 April in Lagos.
        "2021-04-03 00:45:00",
        "RC-DL-0002",
        "Report-card charge",
        "Debit",
        "12345.05",
        "87655.45",
        AGEGE,
        "2020/2021",
        "Third Term",
        "101",
        '=HYPERLINK("http://x","y")',
        adminName,
        "",
        "",
        "",
      ],
      ["2021-04-01 09:15:30", "PAY-DL-0001", "Funding", "Credit", "100000.50", "100000.50", "", "", "", "", "Wallet funding by payment link", "", "", "", ""],
    ]);
  });

  it("applies the logs' filters, and holds the same entries as the search", async () => {
    const references = async (q: Record<string, string>) => (await cellsOf(await download({ ...april, ...q }))).slice(1).map((r) => r[1]);
    expect(await references({ transactionAction: "FUNDING" })).toEqual(["PAY-DL-0001"]);
    expect(await references({ school: present(schools[AGEGE]) })).toEqual(["-REV-DL-0003", "RC-DL-0002"]);
    expect(await references({ searchTerm: "hyperlink" })).toEqual(["RC-DL-0002"]);
    expect(await references({ startDate: "2021-04-03", endDate: "2021-04-03" })).toEqual(["-REV-DL-0003", "RC-DL-0002"]);
    expect(await references({ school: present(schools[KOSOFE]) })).toEqual([]);
    // The whole district, as the search lists it.
    const all = await cellsOf(await download({}));
    const search = await expectOk<TransactionLogPage>(await get("/transaction-logs/search?limit=1000", admin1.authorizationToken));
    expect(all.slice(1).map((r) => r[1])).toEqual(search.transactionLogs.map((i) => i.reference));
  });

  it("streams every entry across its pages, in order, even when entries share an instant", async () => {
    // Three entries in one millisecond (two at the very same microsecond) and one a microsecond earlier:
    // a cursor kept at millisecond precision would lose or repeat some of them.
    const same = "2021-05-01T10:00:00.123456Z";
    const rows = [];
    for (const [i, at] of ["2021-05-01T10:00:00.123455Z", same, same, "2021-05-01T10:00:00.123999Z"].entries()) {
      rows.push(
        await api.db.transaction(async (tx) => {
          const row = await postEntry(tx, systemScope("the test's fixture"), {
            districtId: d1,
            direction: "credit",
            action: "FUNDING",
            amount: 100 + i,
            reference: `PAY-DL-MICRO-${i}`,
            description: "Wallet funding by payment link",
          });
          await tx
            .update(ledgerEntry)
            .set({ createdAt: sql`${at}::timestamptz` })
            .where(eq(ledgerEntry.id, row.id));
          return row;
        }),
      );
    }
    const staff = await staffRow(api, "admin.ed1@example.org");
    const scope = scopeOf({ staffId: staff.id, districtId: d1, organizationId: d1, organizationType: "District", isSuperAdmin: false });
    const filters = { searchTerm: "PAY-DL-MICRO", school: "", transactionAction: "", startDate: "", endDate: "" } as const;
    const expected = ["PAY-DL-MICRO-3", "PAY-DL-MICRO-2", "PAY-DL-MICRO-1", "PAY-DL-MICRO-0"];
    for (const pageSize of [1, 2, 3, 1000]) {
      const seen: string[] = [];
      for await (const item of allTransactionLogs(api.db, scope, filters, pageSize)) seen.push(item.reference);
      expect(seen, `pages of ${pageSize}`).toEqual(expected);
    }
    expect(rows).toHaveLength(4);
  });

  it("needs transaction.download; another district is 404; each district downloads its own", async () => {
    await expectError(await get("/transaction-logs/download"), 401, authMessages.notSignedIn);
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await download({}, teacher.authorizationToken), 403, authMessages.forbidden);
    // A role that views the logs but may not download them.
    const { role } = await expectOk<{ role: { id: string } }>(
      await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Log Viewer", operations: ["transaction.view"] } }),
      201,
    );
    await expectOk(
      await api.call("POST", "/role/assign", { token: admin1.authorizationToken, body: { staffId: teacher.staff.id, roleId: role.id, organizationId: d1 } }),
      201,
    );
    const viewer = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    expect(viewer.permissions).toEqual(["transaction.view"]);
    await expectOk(await get("/transaction-logs/search", viewer.authorizationToken));
    await expectError(await download({}, viewer.authorizationToken), 403, authMessages.forbidden);

    await expectError(await download({ "district[0]": d2 }), 404, authMessages.notFound);
    await expectError(await download({ "district[0]": randomId() }), 404, authMessages.notFound);
    const admin2 = await api.loginAdmin(2);
    expect((await cellsOf(await download(april, admin2.authorizationToken))).slice(1).map((r) => r[1])).toEqual(["PAY-DL-D2"]);
    const superAdmin = await api.loginSuperAdmin();
    expect((await cellsOf(await download({ ...april, "district[0]": d2 }, superAdmin.authorizationToken))).slice(1).map((r) => r[1])).toEqual(["PAY-DL-D2"]);
  });
});
