import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingMessages, formatNaira, type ReportCardChargeResult, type ReportCardQuote } from "../../../lib/contract/billing";
import { todayInLagos } from "../../../lib/contract/staff-values";
import { auditLog, districtConfiguration, reportCardCharge, student } from "../../db/schema";
import { expectOk, present } from "../../test/helpers";
import { PRICE, reportCardTest, SESSION } from "./report-card-test-support";
import { currentTerm } from "./term";
import { admit, chargeAs, fund, schoolWithPupils } from "./test-fixtures";

describe("report-card charges: GET /wallet/report-card-quote and POST /wallet/report-card-charge", () => {
  const { w, balanceOf, entriesOf, chargedRows, quote } = reportCardTest();

  it("quotes and charges the school's Enrolled pupils × the price, exactly, and only once a term", async () => {
    const sch = await schoolWithPupils(w.api, w.d1, 7, ["Graduated", "Withdrawn", "Transferred out"]);
    await fund(w.api, w.d1, 1_000_000);
    const before = await balanceOf(w.d1);

    const q = await expectOk<ReportCardQuote>(await quote(w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }));
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
      await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
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
      by: `${w.admin1.staff.firstName} ${w.admin1.staff.lastName}`,
    });
    expect(entry.description).toBe(`Report cards, First Term ${SESSION}: 7 pupils × ${formatNaira(PRICE)}`);
    expect(entry.description).toBe(`Report cards, First Term ${SESSION}: 7 pupils × ₦500.00`);
    expect(entry.reference).toMatch(/^RC-[0-9A-F]{20}$/);
    expect(await balanceOf(w.d1)).toBe(before - 350_000);

    // One row per Enrolled pupil, none for the Graduated, Withdrawn or Transferred out.
    const rows = await chargedRows(sch.id);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.entryId === entry.id && r.academicSession === SESSION && r.term === "First Term" && r.reversedAt === null)).toBe(true);
    const enrolled = await w.api.db
      .select({ id: student.id })
      .from(student)
      .where(and(eq(student.schoolId, sch.id), eq(student.enrolmentStatus, "Enrolled")));
    expect(rows.map((r) => r.studentId).sort()).toEqual(enrolled.map((s) => s.id).sort());

    const [audit] = await w.api.db.select().from(auditLog).where(eq(auditLog.recordId, entry.id));
    expect(audit).toMatchObject({ operation: "wallet.charge", actorStaffId: w.admin1.staff.id, districtId: w.d1 });
    expect(audit?.after).toMatchObject({ pupils: 7, amount: 350_000, price: PRICE, schoolId: sch.id, term: "First Term" });

    // The same term again: nothing left to charge, nothing written.
    const entries = (await entriesOf(w.d1)).length;
    const again = await expectOk<ReportCardChargeResult>(
      await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
    );
    expect(again).toEqual({ message: billingMessages.nothingToCharge, entry: null, pupils: 0, amount: 0, balance: before - 350_000 });
    expect(await entriesOf(w.d1)).toHaveLength(entries);
    expect(await chargedRows(sch.id)).toHaveLength(7);
    const q2 = await expectOk<ReportCardQuote>(await quote(w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }));
    expect(q2).toMatchObject({ pupils: 0, amount: 0, balance: before - 350_000 });
  });

  it("charges pupils admitted later on the next purchase only, and each term apart", async () => {
    const sch = await schoolWithPupils(w.api, w.d1, 4);
    await fund(w.api, w.d1, 2_000_000);
    const first = await expectOk<ReportCardChargeResult>(
      await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Second Term" }),
      201,
    );
    expect(first.pupils).toBe(4);
    const late = await admit(w.api, w.d1, sch.id, 3);
    const q = await expectOk<ReportCardQuote>(await quote(w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Second Term" }));
    expect(q).toMatchObject({ pupils: 3, amount: 3 * PRICE });
    const before = await balanceOf(w.d1);
    const second = await expectOk<ReportCardChargeResult>(
      await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Second Term" }),
      201,
    );
    expect(second).toMatchObject({ pupils: 3, amount: 150_000, balance: before - 150_000 });
    expect(second.entry?.description).toBe(`Report cards, Second Term ${SESSION}: 3 pupils × ₦500.00`);
    const secondRows = await w.api.db
      .select()
      .from(reportCardCharge)
      .where(eq(reportCardCharge.entryId, present(second.entry).id));
    expect(secondRows.map((r) => r.studentId).sort()).toEqual(late.map((s) => s.id).sort());
    // Another term: every pupil again (another session, too: see charge-session.test.ts).
    const third = await expectOk<ReportCardChargeResult>(
      await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Third Term" }),
      201,
    );
    expect(third).toMatchObject({ pupils: 7, amount: 350_000 });
    // A single pupil is a pupil.
    await admit(w.api, w.d1, sch.id, 1);
    const one = await expectOk<ReportCardChargeResult>(
      await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "Third Term" }),
      201,
    );
    expect(one.entry?.description).toBe(`Report cards, Third Term ${SESSION}: 1 pupil × ₦500.00`);
  });

  it("takes the district's current session and term when none is named", async () => {
    const sch = await schoolWithPupils(w.api, w.d1, 2);
    await fund(w.api, w.d1, 100_000);
    const [config] = await w.api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, w.d1));
    const expected = { academicSession: present(config).academicSession, term: currentTerm(present(config).terms, todayInLagos()) };
    const q = await expectOk<ReportCardQuote>(await quote(w.admin1.authorizationToken, { schoolId: sch.id }));
    expect(q).toMatchObject({ ...expected, pupils: 2, amount: 100_000 });
    const charged = await expectOk<ReportCardChargeResult>(await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id }), 201);
    expect(charged.entry).toMatchObject(expected);
  });

  it("charges nothing, and writes nothing, when the district's price is ₦0", async () => {
    const sch = await schoolWithPupils(w.api, w.d1, 3);
    await w.api.db.update(districtConfiguration).set({ reportCardPrice: 0 }).where(eq(districtConfiguration.districtId, w.d1));
    try {
      const entries = await entriesOf(w.d1);
      const answer = await expectOk<ReportCardChargeResult>(
        await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
      );
      expect(answer).toMatchObject({ message: billingMessages.freeReportCards, entry: null, pupils: 0, amount: 0 });
      expect(await entriesOf(w.d1)).toEqual(entries);
      expect(await chargedRows(sch.id)).toEqual([]);
    } finally {
      await w.api.db.update(districtConfiguration).set({ reportCardPrice: PRICE }).where(eq(districtConfiguration.districtId, w.d1));
    }
  });
});
