import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { AuthResult } from "../../../lib/contract/user";
import type { ServiceConfig } from "../../config";
import { districtConfiguration, ledgerEntry, reportCardCharge, wallet } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectLedgerHolds } from "../test-support";
import { billing } from "./test-fixtures";

export const SESSION = "2026/2027";
export const PRICE = 50_000; // the seeded ₦500 a pupil a term

/** What the report-card charge tests (report-card*.test.ts) share: the seeded districts' administrators. */
export type ReportCardWorld = { api: TestApi; admin1: AuthResult; admin2: AuthResult; d1: string; d2: string };

/**
 * Opens a test API for the file (closed after its tests) and gives the report-card helpers over it; the ledger
 * invariant must hold after every test. `w` is filled in before the first test runs, so its fields are read inside
 * tests, never while the file is being collected.
 */
export function reportCardTest(overrides: Partial<ServiceConfig> = {}) {
  const w = {} as ReportCardWorld;

  beforeAll(async () => {
    const api = await createTestApi(overrides);
    const [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    Object.assign(w, { api, admin1, admin2, d1: admin1.staff.district.id, d2: admin2.staff.district.id } satisfies ReportCardWorld);
    const [config] = await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, w.d1));
    expect(config?.reportCardPrice).toBe(PRICE);
  });
  afterEach(async () => {
    await expectLedgerHolds(w.api.db);
  });
  afterAll(() => w.api.close());

  const balanceOf = async (districtId: string) => (await w.api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
  const entriesOf = (districtId: string) => w.api.db.select().from(ledgerEntry).where(eq(ledgerEntry.districtId, districtId)).orderBy(asc(ledgerEntry.seq));
  const chargedRows = (schoolId: string) => w.api.db.select().from(reportCardCharge).where(eq(reportCardCharge.schoolId, schoolId));
  const quote = (token: string, query: Record<string, string>) => billing(w.api, `/wallet/report-card-quote?${new URLSearchParams(query)}`, { token });

  return { w, balanceOf, entriesOf, chargedRows, quote };
}
