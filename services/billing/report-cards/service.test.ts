import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, type IssuedApiKey, type ReportCardChargeResult } from "../../../lib/contract/billing";
import { authMessages, districtStatusRefusal, formInvalidMessage } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { apiClient, auditLog, district, ledgerEntry, reportCardCharge, wallet } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, rowsOf } from "../../test/helpers";
import { ledgerInvariantBreaches } from "../ledger/invariant";
import { admit, billing, fund, schoolWithPupils } from "./test-fixtures";

const SESSION = "2026/2027";
const PRICE = 50_000;

describe("the service endpoint: POST /service/report-card-charge by API key, with an idempotency key", () => {
  let api: TestApi;
  let superAdmin: AuthResult;
  let admin1: AuthResult;
  let d1: string;
  let d2: string;
  let issued: IssuedApiKey;
  let n = 0;

  const issue = async (districtId: string, name = "Results System") =>
    expectOk<IssuedApiKey>(await billing(api, "/api-clients", { method: "POST", token: superAdmin.authorizationToken, body: { districtId, name } }), 201);
  const serviceCharge = (key: string | undefined, body: unknown) => billing(api, "/service/report-card-charge", { method: "POST", key, body });
  const order = (schoolId: string, overrides: Record<string, string> = {}) => ({
    schoolId,
    academicSession: SESSION,
    term: "First Term",
    idempotencyKey: `result-run-${++n}`,
    ...overrides,
  });
  const balanceOf = async (districtId: string) => (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
  const entriesWithKey = (key: string) => api.db.select().from(ledgerEntry).where(eq(ledgerEntry.idempotencyKey, key));

  beforeAll(async () => {
    api = await createTestApi({ API_MAX_IN_FLIGHT: 100 });
    [superAdmin, admin1] = await Promise.all([api.loginSuperAdmin(), api.loginAdmin(1)]);
    d1 = admin1.staff.district.id;
    d2 = (await api.loginAdmin(2)).staff.district.id;
    issued = await issue(d1);
  });
  afterEach(async () => {
    expect(await ledgerInvariantBreaches(api.db)).toEqual([]);
  });
  afterAll(() => api.close());

  it("charges the key's district, names the client as who, and records when the key was last used", async () => {
    const sch = await schoolWithPupils(api, d1, 5, ["Graduated"]);
    await fund(api, d1, 1_000_000);
    const before = await balanceOf(d1);
    const body = order(sch.id);
    const charged = await expectOk<ReportCardChargeResult>(await serviceCharge(issued.key, body), 201);
    expect(charged).toMatchObject({ message: billingMessages.reportCardsCharged, pupils: 5, amount: 5 * PRICE, balance: before - 5 * PRICE });
    expect(charged.entry).toMatchObject({
      action: "REPORT_CARD_CHARGE",
      direction: "debit",
      amount: 250_000,
      pupils: 5,
      term: "First Term",
      academicSession: SESSION,
      by: "Results System",
      school: { id: sch.id, name: sch.name },
    });
    const [row] = await entriesWithKey(body.idempotencyKey);
    expect(row).toMatchObject({ apiClientId: issued.client.id, actorStaffId: null, districtId: d1 });
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, present(row).id));
    expect(audit).toMatchObject({ operation: "wallet.charge", actorStaffId: null, districtId: d1 });
    expect(audit?.after).toMatchObject({ idempotencyKey: body.idempotencyKey, apiClient: { id: issued.client.id, name: "Results System" } });
    const [client] = await api.db.select().from(apiClient).where(eq(apiClient.id, issued.client.id));
    expect(client?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("answers a retry with the same key with the original entry and charges nothing", async () => {
    const sch = await schoolWithPupils(api, d1, 3);
    await fund(api, d1, 3 * PRICE);
    const body = order(sch.id);
    const first = await expectOk<ReportCardChargeResult>(await serviceCharge(issued.key, body), 201);
    const balance = await balanceOf(d1);
    // Pupils admitted since do not change what the retry answers: it is the same charge.
    await admit(api, d1, sch.id, 2);
    for (let retry = 0; retry < 3; retry++) {
      const again = await expectOk<ReportCardChargeResult>(await serviceCharge(issued.key, body), 200);
      expect(again).toEqual({ ...first, balance });
    }
    expect(await entriesWithKey(body.idempotencyKey)).toHaveLength(1);
    expect(await balanceOf(d1)).toBe(balance);
    // A new key is a new charge: the two admitted since.
    const next = await expectOk<ReportCardChargeResult>(await serviceCharge(issued.key, order(sch.id)), 201);
    expect(next.pupils).toBe(2);
  });

  it("refuses the same key for a different school, session or term (409) and charges nothing", async () => {
    const [a, b] = [await schoolWithPupils(api, d1, 2), await schoolWithPupils(api, d1, 2)];
    await fund(api, d1, 2 * PRICE);
    const body = order(a.id);
    await expectOk<ReportCardChargeResult>(await serviceCharge(issued.key, body), 201);
    const balance = await balanceOf(d1);
    for (const changed of [{ schoolId: b.id }, { academicSession: "2027/2028" }, { term: "Second Term" }]) {
      await expectError(await serviceCharge(issued.key, { ...body, ...changed }), 409, billingMessages.idempotencyKeyReused);
    }
    expect(await balanceOf(d1)).toBe(balance);
    expect(await api.db.select().from(reportCardCharge).where(eq(reportCardCharge.schoolId, b.id))).toEqual([]);
  });

  it("charges once when twenty retries with one key arrive at once", async () => {
    const sch = await schoolWithPupils(api, d1, 4);
    await fund(api, d1, 4 * PRICE);
    const before = await balanceOf(d1);
    const body = order(sch.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => serviceCharge(issued.key, body)));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as ReportCardChargeResult })));
    expect(bodies.filter((b) => b.status === 201)).toHaveLength(1);
    expect(bodies.filter((b) => b.status === 200)).toHaveLength(19);
    const [entry] = await entriesWithKey(body.idempotencyKey);
    expect(bodies.every((b) => b.body.entry?.id === entry?.id && b.body.amount === 4 * PRICE && b.body.pupils === 4)).toBe(true);
    expect(await entriesWithKey(body.idempotencyKey)).toHaveLength(1);
    expect(await balanceOf(d1)).toBe(before - 4 * PRICE);
    expect(await api.db.select().from(reportCardCharge).where(eq(reportCardCharge.schoolId, sch.id))).toHaveLength(4);
  });

  it("reaches only the key's district: another district's school is 404", async () => {
    const other = await schoolWithPupils(api, d2, 2);
    await expectError(await serviceCharge(issued.key, order(other.id)), 404, authMessages.notFound);
    expect(await api.db.select().from(reportCardCharge).where(eq(reportCardCharge.schoolId, other.id))).toEqual([]);
  });

  it("refuses a short balance (402) and writes nothing, so a retry after funding charges", async () => {
    const balance = await balanceOf(d1);
    const pupils = Math.floor(balance / PRICE) + 1;
    const sch = await schoolWithPupils(api, d1, pupils);
    const body = order(sch.id);
    await expectError(await serviceCharge(issued.key, body), 402, billingMessages.insufficientBalance(pupils * PRICE, balance));
    expect(await entriesWithKey(body.idempotencyKey)).toEqual([]);
    await fund(api, d1, PRICE);
    expect((await serviceCharge(issued.key, body)).status).toBe(201);
  });

  it("answers nothing to charge with 200 and no entry", async () => {
    const sch = await schoolWithPupils(api, d1, 0, ["Withdrawn"]);
    const answer = await expectOk<ReportCardChargeResult>(await serviceCharge(issued.key, order(sch.id)), 200);
    expect(answer).toMatchObject({ message: billingMessages.nothingToCharge, entry: null, pupils: 0, amount: 0 });
  });

  it("takes a key only: none, a staff token, an unknown or a revoked key is 401; a district not Active is 403", async () => {
    const sch = await schoolWithPupils(api, d1, 1);
    await fund(api, d1, PRICE);
    await expectError(await serviceCharge(undefined, order(sch.id)), 401, billingMessages.invalidApiKey);
    const withToken = await billing(api, "/service/report-card-charge", { method: "POST", token: admin1.authorizationToken, body: order(sch.id) });
    await expectError(withToken, 401, billingMessages.invalidApiKey);
    await expectError(await serviceCharge(`${issued.key}x`, order(sch.id)), 401, billingMessages.invalidApiKey);
    await expectError(await serviceCharge(issued.key.slice(0, -1), order(sch.id)), 401, billingMessages.invalidApiKey);

    const doomed = await issue(d1, "Old Results System");
    expect((await serviceCharge(doomed.key, order(sch.id))).status).toBe(201);
    await expectOk(await billing(api, `/api-clients/${doomed.client.id}/revoke`, { method: "POST", token: superAdmin.authorizationToken }));
    await expectError(await serviceCharge(doomed.key, order(sch.id)), 401, billingMessages.invalidApiKey);

    const [unverified] = await api.db.select().from(district).where(eq(district.accountStatus, "Unverified"));
    const pending = await issue(present(unverified).id);
    await expectError(await serviceCharge(pending.key, order(sch.id)), 403, districtStatusRefusal("Unverified"));
  });

  it("keeps keys only as their SHA-256 hash: the key itself is nowhere in the database", async () => {
    const fresh = await issue(d1, "Hash Check System");
    expect(fresh.key).toMatch(/^rpk_[A-Za-z0-9_-]{43}$/);
    const [row] = await api.db.select().from(apiClient).where(eq(apiClient.id, fresh.client.id));
    expect(row?.keyHash).toBe(createHash("sha256").update(fresh.key).digest("hex"));
    expect(row?.keyPrefix).toBe(fresh.key.slice(0, 8));
    const sch = await schoolWithPupils(api, d1, 1);
    await fund(api, d1, PRICE);
    expect((await serviceCharge(fresh.key, order(sch.id))).status).toBe(201);
    // Every row of every table, as text.
    const names = rowsOf<{ table_name: string }>(
      await api.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
    );
    expect(names.length).toBeGreaterThan(20);
    const secret = fresh.key.slice(8);
    const count = async (table: string, text: string) => {
      const found = await api.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text like ${`%${text}%`}`);
      return rowsOf<{ n: number }>(found)[0]?.n;
    };
    // The search finds what is there: the hash.
    expect(await count("api_client", present(row).keyHash)).toBe(1);
    for (const { table_name } of names) expect(await count(table_name, secret), table_name).toBe(0);
  });

  it("refuses a body without what it needs with the contract's messages", async () => {
    const sch = await schoolWithPupils(api, d1, 1);
    const missing = await expectError(
      await serviceCharge(issued.key, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
      400,
      formInvalidMessage,
    );
    expect(missing.issues?.map((i) => i.message)).toContain(billingMessages.idempotencyKeyRequired);
    const noTerm = await expectError(
      await serviceCharge(issued.key, { schoolId: sch.id, academicSession: SESSION, idempotencyKey: "k" }),
      400,
      formInvalidMessage,
    );
    expect(noTerm.issues?.map((i) => i.message)).toContain(billingMessages.termRequired);
    const tooLong = await expectError(await serviceCharge(issued.key, order(sch.id, { idempotencyKey: "k".repeat(101) })), 400, formInvalidMessage);
    expect(tooLong.issues?.map((i) => i.message)).toContain(billingMessages.idempotencyKeyRequired);
  });
});
