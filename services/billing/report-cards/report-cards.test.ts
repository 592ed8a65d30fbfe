import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, formatNaira, type ReportCardChargeResult, type ReportCardQuote } from "../../../lib/contract/billing";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { todayInLagos } from "../../../lib/contract/staff-values";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, districtConfiguration, ledgerEntry, reportCardCharge, role, roleAccess, school, student, wallet } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present } from "../../test/helpers";
import { ledgerInvariantBreaches } from "../ledger/invariant";
import { currentTerm } from "./term";
import { admit, billing, chargeAs, fund, schoolWithPupils } from "./test-fixtures";

const SESSION = "2026/2027";
const PRICE = 50_000; // the seeded ₦500 a pupil a term

describe("report-card charges: GET /wallet/report-card-quote and POST /wallet/report-card-charge", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  let d2: string;

  const balanceOf = async (districtId: string) => (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
  const entriesOf = (districtId: string) => api.db.select().from(ledgerEntry).where(eq(ledgerEntry.districtId, districtId)).orderBy(asc(ledgerEntry.seq));
  const chargedRows = (schoolId: string) => api.db.select().from(reportCardCharge).where(eq(reportCardCharge.schoolId, schoolId));
  const quote = (token: string, query: Record<string, string>) => billing(api, `/wallet/report-card-quote?${new URLSearchParams(query)}`, { token });

  beforeAll(async () => {
    // Every request of the concurrency test in flight at once: the test is of the ledger, not of load shedding.
    api = await createTestApi({ API_MAX_IN_FLIGHT: 200 });
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
    const [config] = await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, d1));
    expect(config?.reportCardPrice).toBe(PRICE);
  });
  afterEach(async () => {
    expect(await ledgerInvariantBreaches(api.db)).toEqual([]);
  });
  afterAll(() => api.close());

  it("quotes and charges the school's Enrolled pupils × the price, exactly, and only once a term", async () => {
    const sch = await schoolWithPupils(api, d1, 7, ["Graduated", "Withdrawn", "Transferred out"]);
    await fund(api, d1, 1_000_000);
    const before = await balanceOf(d1);

    const q = await expectOk<ReportCardQuote>(await quote(admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }));
    expect(q).toEqual({
      school: { id: sch.id, name: sch.name },
      academicSession: SESSION,
      term: "First Term",
      pupils: 7,
      price: PRICE,
      amount: 350_000,
      balance: before,
    });

    const charged = await expectOk<ReportCardChargeResult>(
      await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
      201,
    );
    expect(charged.message).toBe(billingMessages.reportCardsCharged);
    expect(charged.pupils).toBe(7);
    expect(charged.amount).toBe(350_000);
    expect(charged.balance).toBe(before - 350_000);
    const entry = present(charged.entry, "entry");
    expect(entry).toMatchObject({
      action: "REPORT_CARD_CHARGE",
      direction: "debit",
      amount: 350_000,
      balanceAfter: before - 350_000,
      school: { id: sch.id, name: sch.name },
      academicSession: SESSION,
      term: "First Term",
      pupils: 7,
      reversesId: null,
      reversedById: null,
      by: `${admin1.staff.firstName} ${admin1.staff.lastName}`,
    });
    expect(entry.description).toBe(`Report cards, First Term ${SESSION}: 7 pupils × ${formatNaira(PRICE)}`);
    expect(entry.description).toBe(`Report cards, First Term ${SESSION}: 7 pupils × ₦500.00`);
    expect(entry.reference).toMatch(/^RC-[0-9A-F]{20}$/);
    expect(await balanceOf(d1)).toBe(before - 350_000);

    // One row per Enrolled pupil, none for the Graduated, Withdrawn or Transferred out.
    const rows = await chargedRows(sch.id);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.entryId === entry.id && r.academicSession === SESSION && r.term === "First Term" && r.reversedAt === null)).toBe(true);
    const enrolled = await api.db
      .select({ id: student.id })
      .from(student)
      .where(and(eq(student.schoolId, sch.id), eq(student.enrolmentStatus, "Enrolled")));
    expect(rows.map((r) => r.studentId).sort()).toEqual(enrolled.map((s) => s.id).sort());

    const [audit] = await api.db.select().from(auditLog).where(eq(auditLog.recordId, entry.id));
    expect(audit).toMatchObject({ operation: "wallet.charge", actorStaffId: admin1.staff.id, districtId: d1 });
    expect(audit?.after).toMatchObject({ pupils: 7, amount: 350_000, price: PRICE, schoolId: sch.id, term: "First Term" });

    // The same term again: nothing left to charge, nothing written.
    const entries = (await entriesOf(d1)).length;
    const again = await expectOk<ReportCardChargeResult>(
      await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
    );
    expect(again).toEqual({ message: billingMessages.nothingToCharge, entry: null, pupils: 0, amount: 0, balance: before - 350_000 });
    expect(await entriesOf(d1)).toHaveLength(entries);
    expect(await chargedRows(sch.id)).toHaveLength(7);
    const q2 = await expectOk<ReportCardQuote>(await quote(admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }));
    expect(q2).toMatchObject({ pupils: 0, amount: 0, balance: before - 350_000 });
  });

  it("charges pupils admitted later on the next purchase only, and each term apart", async () => {
    const sch = await schoolWithPupils(api, d1, 4);
    await fund(api, d1, 2_000_000);
    const first = await expectOk<ReportCardChargeResult>(
      await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Second Term" }),
      201,
    );
    expect(first.pupils).toBe(4);
    const late = await admit(api, d1, sch.id, 3);
    const q = await expectOk<ReportCardQuote>(await quote(admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Second Term" }));
    expect(q).toMatchObject({ pupils: 3, amount: 3 * PRICE });
    const before = await balanceOf(d1);
    const second = await expectOk<ReportCardChargeResult>(
      await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Second Term" }),
      201,
    );
    expect(second).toMatchObject({ pupils: 3, amount: 150_000, balance: before - 150_000 });
    expect(second.entry?.description).toBe(`Report cards, Second Term ${SESSION}: 3 pupils × ₦500.00`);
    const secondRows = await api.db
      .select()
      .from(reportCardCharge)
      .where(eq(reportCardCharge.entryId, present(second.entry).id));
    expect(secondRows.map((r) => r.studentId).sort()).toEqual(late.map((s) => s.id).sort());
    // Another term, and another session: every pupil again.
    const third = await expectOk<ReportCardChargeResult>(
      await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Third Term" }),
      201,
    );
    expect(third).toMatchObject({ pupils: 7, amount: 350_000 });
    const nextSession = await expectOk<ReportCardChargeResult>(
      await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: "2027/2028", term: "Second Term" }),
      201,
    );
    expect(nextSession).toMatchObject({ pupils: 7, amount: 350_000 });
    // A single pupil is a pupil.
    await admit(api, d1, sch.id, 1);
    const one = await expectOk<ReportCardChargeResult>(
      await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Third Term" }),
      201,
    );
    expect(one.entry?.description).toBe(`Report cards, Third Term ${SESSION}: 1 pupil × ₦500.00`);
  });

  it("takes the district's current session and term when none is named", async () => {
    const sch = await schoolWithPupils(api, d1, 2);
    await fund(api, d1, 100_000);
    const [config] = await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, d1));
    const expected = { academicSession: present(config).academicSession, term: currentTerm(present(config).terms, todayInLagos()) };
    const q = await expectOk<ReportCardQuote>(await quote(admin1.authorizationToken, { schoolId: sch.id }));
    expect(q).toMatchObject({ ...expected, pupils: 2, amount: 100_000 });
    const charged = await expectOk<ReportCardChargeResult>(await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id }), 201);
    expect(charged.entry).toMatchObject(expected);
  });

  it("hides another district's school (404) and writes nothing", async () => {
    const other = await schoolWithPupils(api, d2, 3);
    const before = await entriesOf(d2);
    await expectError(await quote(admin1.authorizationToken, { schoolId: other.id }), 404, authMessages.notFound);
    await expectError(
      await chargeAs(api, admin1.authorizationToken, { schoolId: other.id, academicSession: SESSION, term: "First Term" }),
      404,
      authMessages.notFound,
    );
    await expectError(await chargeAs(api, admin1.authorizationToken, { schoolId: crypto.randomUUID() }), 404, authMessages.notFound);
    expect(await entriesOf(d2)).toEqual(before);
    expect(await chargedRows(other.id)).toEqual([]);
  });

  it("refuses a charge the balance does not cover (402, the exact amounts) and writes nothing", async () => {
    const balance = await balanceOf(d1);
    const pupils = Math.floor(balance / PRICE) + 1;
    const sch = await schoolWithPupils(api, d1, pupils);
    const entries = await entriesOf(d1);
    const audits = await api.db.select().from(auditLog).where(eq(auditLog.districtId, d1));
    const refused = await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" });
    const body = await expectError(refused, 402, billingMessages.insufficientBalance(pupils * PRICE, balance));
    expect(body.code).toBe("insufficient_funds");
    expect(body.message).toBe(`Insufficient wallet balance: the charge is ${formatNaira(pupils * PRICE)} and the wallet holds ${formatNaira(balance)}.`);
    expect(await balanceOf(d1)).toBe(balance);
    expect(await entriesOf(d1)).toEqual(entries);
    expect(await chargedRows(sch.id)).toEqual([]);
    expect(await api.db.select().from(auditLog).where(eq(auditLog.districtId, d1))).toHaveLength(audits.length);
    // Funded enough, the same charge goes through.
    await fund(api, d1, PRICE);
    expect((await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" })).status).toBe(201);
    expect(await balanceOf(d1)).toBe(balance + PRICE - pupils * PRICE);
  });

  it("charges nothing, and writes nothing, when the district's price is ₦0", async () => {
    const sch = await schoolWithPupils(api, d1, 3);
    await api.db.update(districtConfiguration).set({ reportCardPrice: 0 }).where(eq(districtConfiguration.districtId, d1));
    try {
      const entries = await entriesOf(d1);
      const answer = await expectOk<ReportCardChargeResult>(
        await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
      );
      expect(answer).toMatchObject({ message: billingMessages.freeReportCards, entry: null, pupils: 0, amount: 0 });
      expect(await entriesOf(d1)).toEqual(entries);
      expect(await chargedRows(sch.id)).toEqual([]);
    } finally {
      await api.db.update(districtConfiguration).set({ reportCardPrice: PRICE }).where(eq(districtConfiguration.districtId, d1));
    }
  });

  it("needs wallet.charge: 403 without it, admitted with exactly it", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const sch = await schoolWithPupils(api, d1, 1);
    await expectError(await quote(teacher.authorizationToken, { schoolId: sch.id }), 403, authMessages.forbidden);
    await expectError(
      await chargeAs(api, teacher.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
      403,
      authMessages.forbidden,
    );
    const [granted] = await api.db
      .insert(role)
      .values({ districtId: d1, name: "Report-card buyer", operations: ["wallet.charge"] })
      .returning();
    await api.db
      .insert(roleAccess)
      .values({ staffId: teacher.staff.id, districtId: d1, organizationType: "District", organizationId: d1, roleId: present(granted).id });
    await fund(api, d1, PRICE);
    expect((await quote(teacher.authorizationToken, { schoolId: sch.id })).status).toBe(200);
    const charged = await expectOk<ReportCardChargeResult>(
      await chargeAs(api, teacher.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
      201,
    );
    expect(charged.entry?.by).toBe(`${teacher.staff.firstName} ${teacher.staff.lastName}`);
    // Others' operations do not stand in for it.
    await api.db
      .update(role)
      .set({ operations: ["wallet.view", "wallet.fund", "transaction.view"] })
      .where(eq(role.id, present(granted).id));
    await expectError(await chargeAs(api, teacher.authorizationToken, { schoolId: sch.id }), 403, authMessages.forbidden);
  });

  it("refuses bad input with the contract's messages", async () => {
    const sch = await schoolWithPupils(api, d1, 1);
    const bad = async (body: unknown, message: string) => {
      const response = await billing(api, "/wallet/report-card-charge", { method: "POST", token: admin1.authorizationToken, body });
      const answer = await expectError(response, 400, formInvalidMessage);
      expect(answer.issues?.map((i) => i.message)).toContain(message);
    };
    await bad({}, "Not a valid id.");
    await bad({ schoolId: sch.id, academicSession: "2026-2027" }, billingMessages.sessionFormat);
    await bad({ schoolId: sch.id, academicSession: "2026/2027", term: "Fourth Term" }, billingMessages.termRequired);
    expect(await chargedRows(sch.id)).toEqual([]);
  });

  it("charges a school's pupils once when ten charges of it run at once", async () => {
    const sch = await schoolWithPupils(api, d1, 6);
    await fund(api, d1, 6 * PRICE);
    const before = await balanceOf(d1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" })),
    );
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as ReportCardChargeResult })));
    expect(bodies.filter((b) => b.status === 201)).toHaveLength(1);
    expect(bodies.filter((b) => b.status === 200 && b.body.message === billingMessages.nothingToCharge)).toHaveLength(9);
    expect(await balanceOf(d1)).toBe(before - 6 * PRICE);
    expect(await chargedRows(sch.id)).toHaveLength(6);
  });

  it("lets 100 concurrent charges against a balance that covers 50 succeed exactly 50 times, never below zero", async () => {
    // District 2, which no other test here funds: its wallet holds exactly 50 charges' worth, every charge one pupil of its own school.
    expect(await balanceOf(d2)).toBe(0);
    const schools = await api.db
      .insert(school)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          districtId: d2,
          name: `Concurrent School ${i}`,
          address: `${i} Race Road`,
          localGovernment: "Agege",
          category: "Primary",
        })),
      )
      .returning({ id: school.id });
    for (const s of schools) await admit(api, d2, s.id, 1);
    await fund(api, d2, 50 * PRICE);

    const answers = await Promise.all(
      schools.map((s) => chargeAs(api, admin2.authorizationToken, { schoolId: s.id, academicSession: SESSION, term: "First Term" })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 402)).toHaveLength(50);
    for (const r of answers.filter((a) => a.status === 402))
      expect(((await r.json()) as { message: string }).message).toBe(billingMessages.insufficientBalance(PRICE, 0));

    expect(await balanceOf(d2)).toBe(0);
    const charges = (await entriesOf(d2)).filter((e) => e.action === "REPORT_CARD_CHARGE");
    expect(charges).toHaveLength(50);
    // One after another: each balance after is the one before less one charge, down to exactly zero.
    expect(charges.map((e) => e.balanceAfter)).toEqual(Array.from({ length: 50 }, (_, i) => (49 - i) * PRICE));
    const rows = await api.db
      .select()
      .from(reportCardCharge)
      .where(and(eq(reportCardCharge.districtId, d2), isNull(reportCardCharge.reversedAt)));
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.schoolId)).size).toBe(50);
  });
});
