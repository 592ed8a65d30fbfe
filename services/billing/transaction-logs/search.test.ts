import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, type TransactionLogItem, type TransactionLogPage, type TransactionLogTotals } from "../../../lib/contract/billing";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { ledgerEntry, school } from "../../db/schema";
import { systemScope } from "../../db/scope";
import { workingAtAlimoshoLgea } from "../../district/lgeas/test-fixtures";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, randomId } from "../../test/helpers";
import { ledgerInvariantBreaches } from "../ledger/invariant";
import { postEntry, type LedgerEntryRow, type NewEntry } from "../ledger/post";

type Query = Record<string, string>;
type Row = LedgerEntryRow;

describe("the transaction logs: GET /transaction-logs/search and /transaction-logs/search-total", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  let d2: string;
  const schools: Record<string, string> = {};
  const AGEGE = "Agege Senior Grammar School";
  const ALIMOSHO = "Alimosho Junior High School";
  const IFAKO = "Ifako Community Primary School";
  const KOSOFE = "Kosofe Junior Grammar School";
  /** The entries of the fixture, by name. */
  const e: Record<"F1" | "C1" | "C2" | "R1" | "C3" | "F2" | "C4", Row> = {} as never;
  let adminName: string;

  /** A ledger entry through the one way money moves, on a known instant (backdated: created_at is otherwise the transaction's start). */
  const post = (entry: NewEntry, at: string) =>
    api.db.transaction(async (tx) => {
      const row = await postEntry(tx, systemScope("the test's fixture"), entry);
      const [dated] = await tx
        .update(ledgerEntry)
        .set({ createdAt: new Date(at) })
        .where(eq(ledgerEntry.id, row.id))
        .returning();
      return present(dated);
    });

  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
    for (const s of await api.db.select().from(school)) schools[s.name] = s.id;
    adminName = `${admin1.staff.firstName} ${admin1.staff.lastName}`;
    const charge = (districtId: string, name: string, amount: number, reference: string, pupils: number, term = "First Term"): NewEntry => ({
      districtId,
      direction: "debit",
      action: "REPORT_CARD_CHARGE",
      amount,
      reference,
      description: `Report cards, ${term} 2020/2021: ${pupils} pupils`,
      schoolId: present(schools[name]),
      academicSession: "2020/2021",
      term,
      pupils,
    });
    // March 2021, long before anything else the database holds; the Lagos day of each noted (WAT is UTC+1).
    e.F1 = await post(
      { districtId: d1, direction: "credit", action: "FUNDING", amount: 20_000_000, reference: "PAY-TL-0001", description: "Wallet funding by payment link" },
      "2021-03-01T10:00:00Z", // 1 March
    );
    e.C1 = await post(charge(d1, AGEGE, 1_500_000, "RC-TL-0002", 30), "2021-03-01T23:30:00Z"); // 2 March, 00:30
    e.C2 = await post(charge(d1, ALIMOSHO, 2_000_000, "RC-TL-0003", 40), "2021-03-02T22:59:59Z"); // 2 March, 23:59:59
    e.R1 = await post(
      {
        districtId: d1,
        direction: "credit",
        action: "REVERSAL",
        amount: 2_000_000,
        reference: "REV-TL-0004",
        description: "Reversal of RC-TL-0003",
        schoolId: present(schools[ALIMOSHO]),
        reversesId: e.C2.id,
        reason: "Charged twice",
      },
      "2021-03-02T23:00:00Z", // 3 March, 00:00
    );
    e.C3 = await post({ ...charge(d1, IFAKO, 500_000, "RC-TL-0005", 10, "Second Term"), actorStaffId: admin1.staff.id }, "2021-03-05T09:00:00Z");
    e.F2 = await post(
      { districtId: d2, direction: "credit", action: "FUNDING", amount: 5_000_000, reference: "PAY-TL-D2-01", description: "Wallet funding by payment link" },
      "2021-03-01T12:00:00Z",
    );
    e.C4 = await post(charge(d2, KOSOFE, 1_000_000, "RC-TL-D2-02", 20), "2021-03-02T12:00:00Z");
  });
  afterAll(() => api.close());
  // Architecture 'Billing': the balance always equals the sum of the ledger.
  afterEach(async () => expect(await ledgerInvariantBreaches(api.db)).toEqual([]));

  const get = (path: string, token?: string) => api.billing.app.request(path, { method: "GET", headers: token ? { authorization: `Bearer ${token}` } : {} });
  const search = (q: Query, token = admin1.authorizationToken) => get(`/transaction-logs/search?${new URLSearchParams(q)}`, token);
  const page = async (q: Query, token?: string) => (await expectOk<TransactionLogPage>(await search(q, token))).transactionLogs;
  const totals = async (q: Query, token = admin1.authorizationToken) =>
    expectOk<TransactionLogTotals>(await get(`/transaction-logs/search-total?${new URLSearchParams(q)}`, token));
  /** The fixture's month only: nothing else in the database falls in it. */
  const march = { startDate: "2021-03-01", endDate: "2021-03-31" };
  const ids = (items: TransactionLogItem[]) => items.map((i) => i.id);
  const refs = async (q: Query, token?: string) => (await page({ ...march, ...q }, token)).map((i) => i.reference);

  it("lists the district's entries newest first, each as the logs show it", async () => {
    const found = await page(march);
    expect(ids(found)).toEqual([e.C3.id, e.R1.id, e.C2.id, e.C1.id, e.F1.id]);
    expect(found[0]).toEqual({
      id: e.C3.id,
      reference: "RC-TL-0005",
      action: "REPORT_CARD_CHARGE",
      direction: "debit",
      amount: 500_000,
      balanceAfter: 20_000_000 - 1_500_000 - 500_000,
      description: "Report cards, Second Term 2020/2021: 10 pupils",
      school: { id: present(schools[IFAKO]), name: IFAKO },
      academicSession: "2020/2021",
      term: "Second Term",
      pupils: 10,
      reversesId: null,
      reversedById: null,
      reason: null,
      by: adminName,
      testMoney: false,
      takenBack: [],
      createdAt: "2021-03-05T09:00:00.000Z",
    } satisfies TransactionLogItem);
    // The reversal and what it reversed point at each other; the funding has no school and no one named.
    const byId = new Map(found.map((i) => [i.id, i]));
    expect(byId.get(e.R1.id)).toMatchObject({ action: "REVERSAL", direction: "credit", reversesId: e.C2.id, reason: "Charged twice" });
    expect(byId.get(e.C2.id)).toMatchObject({ reversedById: e.R1.id, school: { id: schools[ALIMOSHO], name: ALIMOSHO } });
    expect(byId.get(e.F1.id)).toMatchObject({ school: null, by: null, pupils: null, balanceAfter: 20_000_000 });

    // Without filters, the district's whole ledger, newest first (created_at, then the order of writing).
    const all = await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.districtId, d1));
    const newest = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq);
    expect(ids(await page({ limit: "1000" }))).toEqual(newest.map((r) => r.id));
    expect(await page({ limit: "1000" })).not.toContainEqual(expect.objectContaining({ id: e.F2.id }));
  });

  it("filters by school, action, search term and the days of Lagos, alone and together", async () => {
    expect(await refs({ school: present(schools[AGEGE]) })).toEqual(["RC-TL-0002"]);
    expect(await refs({ school: present(schools[ALIMOSHO]) })).toEqual(["REV-TL-0004", "RC-TL-0003"]);
    expect(await refs({ transactionAction: "FUNDING" })).toEqual(["PAY-TL-0001"]);
    expect(await refs({ transactionAction: "REPORT_CARD_CHARGE" })).toEqual(["RC-TL-0005", "RC-TL-0003", "RC-TL-0002"]);
    expect(await refs({ transactionAction: "REVERSAL" })).toEqual(["REV-TL-0004"]);
    expect(await refs({ school: present(schools[ALIMOSHO]), transactionAction: "REVERSAL" })).toEqual(["REV-TL-0004"]);
    // Empty filters are no filters.
    expect(await refs({ school: "", transactionAction: "", searchTerm: "" })).toHaveLength(5);

    // The search: the reference (any case), the description, the school's name; runs of spaces count as one.
    expect(await refs({ searchTerm: "rc-tl-0003" })).toEqual(["REV-TL-0004", "RC-TL-0003"]);
    expect(await refs({ searchTerm: "  SECOND   term " })).toEqual(["RC-TL-0005"]);
    expect(await refs({ searchTerm: "alimosho junior" })).toEqual(["REV-TL-0004", "RC-TL-0003"]);
    expect(await refs({ searchTerm: "grammar" })).toEqual(["RC-TL-0002"]);
    expect(await refs({ searchTerm: "payment link" })).toEqual(["PAY-TL-0001"]);
    expect(await refs({ searchTerm: "pupils", school: present(schools[IFAKO]) })).toEqual(["RC-TL-0005"]);
    // LIKE's wildcards are plain characters; another district's reference or school finds nothing here.
    expect(await refs({ searchTerm: "%" })).toEqual([]);
    expect(await refs({ searchTerm: "RC_TL" })).toEqual([]);
    expect(await refs({ searchTerm: "RC-TL-D2" })).toEqual([]);
    expect(await refs({ searchTerm: "Kosofe" })).toEqual([]);

    // Days are Lagos days: 23:30 UTC on 1 March is 2 March in Lagos, 23:00 UTC on 2 March is 3 March.
    const days = async (startDate: string, endDate: string) => (await page({ startDate, endDate })).map((i) => i.reference);
    expect(await days("2021-03-01", "2021-03-01")).toEqual(["PAY-TL-0001"]);
    expect(await days("2021-03-02", "2021-03-02")).toEqual(["RC-TL-0003", "RC-TL-0002"]);
    expect(await days("2021-03-03", "2021-03-04")).toEqual(["REV-TL-0004"]);
    expect(await days("2021-03-05", "2021-03-05")).toEqual(["RC-TL-0005"]);
    expect((await page({ startDate: "2021-03-03", endDate: "2021-12-31" })).map((i) => i.reference)).toEqual(["RC-TL-0005", "REV-TL-0004"]);
    expect((await page({ startDate: "", endDate: "2021-03-01" })).map((i) => i.reference)).toEqual(["PAY-TL-0001"]);
    expect(await days("2021-03-06", "2021-03-31")).toEqual([]);
  });

  it("pages newest first, up to 1000 a page", async () => {
    const pageOf = async (n: number, limit = "2") => (await page({ ...march, limit, page: String(n) })).map((i) => i.reference);
    expect(await pageOf(1)).toEqual(["RC-TL-0005", "REV-TL-0004"]);
    expect(await pageOf(2)).toEqual(["RC-TL-0003", "RC-TL-0002"]);
    expect(await pageOf(3)).toEqual(["PAY-TL-0001"]);
    expect(await pageOf(4)).toEqual([]);
    expect(await expectOk<TransactionLogPage>(await search({ ...march, limit: "1000" }))).toMatchObject({ page: 1, limit: 1000 });
    expect(await expectOk<TransactionLogPage>(await search(march))).toMatchObject({ page: 1, limit: 50 });
  });

  it("answers 400 to a bad limit, page, date, action or school", async () => {
    for (const limit of ["0", "1001", "abc", "2.5"]) {
      const error = await expectError(await search({ limit }), 400, formInvalidMessage);
      expect(error.issues, limit).toEqual([{ path: "limit", message: billingMessages.limitRange }]);
    }
    const pageError = await expectError(await search({ page: "0" }), 400, formInvalidMessage);
    expect(pageError.issues).toEqual([{ path: "page", message: billingMessages.pageRange }]);
    for (const path of ["/transaction-logs/search", "/transaction-logs/search-total"]) {
      const dates = await expectError(await get(`${path}?startDate=2021-03-05&endDate=2021-03-01`, admin1.authorizationToken), 400, formInvalidMessage);
      expect(dates.issues).toEqual([{ path: "endDate", message: billingMessages.startAfterEnd }]);
    }
    await expectError(await search({ transactionAction: "DEPOSIT" }), 400, formInvalidMessage);
    await expectError(await search({ school: "not-an-id" }), 400, formInvalidMessage);
    // Day/month/year is read as the forms read it (issue 34); an eight-digit run could be either order.
    await expectError(await search({ startDate: "20210301" }), 400, formInvalidMessage);
    await expectError(await search({ startDate: "2021-02-30" }), 400, formInvalidMessage);
  });

  it("answers the filtered set's count, credits and debits in kobo", async () => {
    expect(await totals(march)).toEqual({ total: 5, credits: 20_000_000 + 2_000_000, debits: 1_500_000 + 2_000_000 + 500_000 });
    expect(await totals({ ...march, school: present(schools[ALIMOSHO]) })).toEqual({ total: 2, credits: 2_000_000, debits: 2_000_000 });
    expect(await totals({ ...march, transactionAction: "FUNDING" })).toEqual({ total: 1, credits: 20_000_000, debits: 0 });
    expect(await totals({ ...march, searchTerm: "rc-tl-0003" })).toEqual({ total: 2, credits: 2_000_000, debits: 2_000_000 });
    expect(await totals({ startDate: "2021-03-02", endDate: "2021-03-02" })).toEqual({ total: 2, credits: 0, debits: 3_500_000 });
    expect(await totals({ ...march, searchTerm: "nothing like this" })).toEqual({ total: 0, credits: 0, debits: 0 });
    // Without filters: the whole ledger of the district, as the table holds it.
    const all = await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.districtId, d1));
    const sum = (direction: string) => all.filter((r) => r.direction === direction).reduce((s, r) => s + r.amount, 0);
    expect(await totals({})).toEqual({ total: all.length, credits: sum("credit"), debits: sum("debit") });
  });

  it("keeps districts apart: another district's school finds nothing, another district named is 404, a super administrator reads any", async () => {
    expect(await refs({ school: present(schools[KOSOFE]) })).toEqual([]);
    expect(await totals({ ...march, school: present(schools[KOSOFE]) })).toEqual({ total: 0, credits: 0, debits: 0 });
    expect(await refs({}, admin2.authorizationToken)).toEqual(["RC-TL-D2-02", "PAY-TL-D2-01"]);
    expect(await refs({ school: present(schools[AGEGE]) }, admin2.authorizationToken)).toEqual([]);
    for (const path of ["/transaction-logs/search", "/transaction-logs/search-total"]) {
      await expectError(await get(`${path}?district[0]=${d2}`, admin1.authorizationToken), 404, authMessages.notFound);
      await expectError(await get(`${path}?district[0]=${randomId()}`, admin1.authorizationToken), 404, authMessages.notFound);
    }
    expect(await refs({ "district[0]": d1 })).toHaveLength(5);

    const superAdmin = await api.loginSuperAdmin();
    expect(await refs({ "district[0]": d2 }, superAdmin.authorizationToken)).toEqual(["RC-TL-D2-02", "PAY-TL-D2-01"]);
    expect(await refs({ "district[0]": d1, school: present(schools[KOSOFE]) }, superAdmin.authorizationToken)).toEqual([]);
    expect(await totals({ ...march, "district[0]": d2 }, superAdmin.authorizationToken)).toEqual({ total: 2, credits: 5_000_000, debits: 1_000_000 });
    await expectError(await get(`/transaction-logs/search?district[0]=${randomId()}`, superAdmin.authorizationToken), 404, authMessages.notFound);
    // Without district[0], the district the super administrator works in, and only that one.
    const worked = superAdmin.staff.district.id;
    const theirs = await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.districtId, worked));
    expect((await page({ limit: "1000" }, superAdmin.authorizationToken)).map((i) => i.id).sort()).toEqual(theirs.map((r) => r.id).sort());
  });

  it("answers 401 without a token and 403 without transaction.view", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    for (const path of ["/transaction-logs/search", "/transaction-logs/search-total"]) {
      await expectError(await get(path), 401, authMessages.notSignedIn);
      await expectError(await get(path, teacher.authorizationToken), 403, authMessages.forbidden);
    }
  });

  it("below the district level, shows only the charges of the caller's schools (an LGEA officer with transaction.view)", async () => {
    // A role holding the logs' operations, given to Funmilayo Ogunleye at the Alimosho LGEA, where she then works.
    const { role } = await expectOk<{ role: { id: string } }>(
      await api.call("POST", "/role/add", {
        token: admin1.authorizationToken,
        body: { name: "LGEA Accounts Officer", operations: ["transaction.view", "transaction.download"] },
      }),
      201,
    );
    const switched = await workingAtAlimoshoLgea(api, admin1, role.id);
    const alimoshoLgea = switched.currentOrganization;
    const token = switched.authorizationToken;

    // The Alimosho school's charge and its reversal; no funding, no other LGEA's school.
    expect(await refs({}, token)).toEqual(["REV-TL-0004", "RC-TL-0003"]);
    expect(await totals(march, token)).toEqual({ total: 2, credits: 2_000_000, debits: 2_000_000 });
    expect(await refs({ school: present(schools[AGEGE]) }, token)).toEqual([]);
    expect(await refs({ searchTerm: "PAY-TL" }, token)).toEqual([]);
    expect(await refs({ searchTerm: "grammar" }, token)).toEqual([]);
    expect(await refs({ transactionAction: "FUNDING" }, token)).toEqual([]);
    // Without dates too: every entry she sees is of a school of her LGEA.
    const lgeaSchools = new Set((await api.db.select().from(school).where(eq(school.lgeaId, alimoshoLgea.id))).map((s) => s.id));
    const seen = await page({ limit: "1000" }, token);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((i) => i.school !== null && lgeaSchools.has(i.school.id))).toBe(true);
    await expectError(await get(`/transaction-logs/search?district[0]=${d2}`, token), 404, authMessages.notFound);
  });
});
