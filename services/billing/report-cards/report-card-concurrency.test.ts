import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingMessages, type ReportCardChargeResult } from "../../../lib/contract/billing";
import { reportCardCharge, school } from "../../db/schema";
import { PRICE, reportCardTest, SESSION } from "./report-card-test-support";
import { admit, chargeAs, fund, schoolWithPupils } from "./test-fixtures";

describe("report-card charges at once", () => {
  // Every request of the concurrency tests in flight at once: the tests are of the ledger, not of load shedding.
  const { w, balanceOf, entriesOf, chargedRows } = reportCardTest({ API_MAX_IN_FLIGHT: 200 });

  it("charges a school's pupils once when ten charges of it run at once", async () => {
    const sch = await schoolWithPupils(w.api, w.d1, 6);
    await fund(w.api, w.d1, 6 * PRICE);
    const before = await balanceOf(w.d1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" })),
    );
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as ReportCardChargeResult })));
    expect(bodies.filter((b) => b.status === 201)).toHaveLength(1);
    expect(bodies.filter((b) => b.status === 200 && b.body.message === billingMessages.nothingToCharge)).toHaveLength(9);
    expect(await balanceOf(w.d1)).toBe(before - 6 * PRICE);
    expect(await chargedRows(sch.id)).toHaveLength(6);
  });

  it("lets 100 concurrent charges against a balance that covers 50 succeed exactly 50 times, never below zero", async () => {
    // District 2, which no other test here funds: its wallet holds exactly 50 charges' worth, every charge one pupil of its own school.
    expect(await balanceOf(w.d2)).toBe(0);
    const schools = await w.api.db
      .insert(school)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          districtId: w.d2,
          name: `Concurrent School ${i}`,
          address: `${i} Race Road`,
          localGovernment: "Agege",
          category: "Primary",
        })),
      )
      .returning({ id: school.id });
    for (const s of schools) await admit(w.api, w.d2, s.id, 1);
    await fund(w.api, w.d2, 50 * PRICE);

    const answers = await Promise.all(
      schools.map((s) => chargeAs(w.api, w.admin2.authorizationToken, { schoolId: s.id, academicSession: SESSION, term: "First Term" })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 402)).toHaveLength(50);
    for (const r of answers.filter((a) => a.status === 402))
      expect(((await r.json()) as { message: string }).message).toBe(billingMessages.insufficientBalance(PRICE, 0));

    expect(await balanceOf(w.d2)).toBe(0);
    const charges = (await entriesOf(w.d2)).filter((e) => e.action === "REPORT_CARD_CHARGE");
    expect(charges).toHaveLength(50);
    // One after another: each balance after is the one before less one charge, down to exactly zero.
    expect(charges.map((e) => e.balanceAfter)).toEqual(Array.from({ length: 50 }, (_, i) => (49 - i) * PRICE));
    const rows = await w.api.db
      .select()
      .from(reportCardCharge)
      .where(and(eq(reportCardCharge.districtId, w.d2), isNull(reportCardCharge.reversedAt)));
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.schoolId)).size).toBe(50);
  });
});
