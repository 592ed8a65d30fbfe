import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationTestDatabase, type MigrationTestDatabase } from "./migration-test-support";

/**
 * Migration 0018 (issue 33) marks test money written before it: a funding paid through the provider stand-in (it keeps a
 * row per payment it took) and every later entry of that wallet. Another district's real funding stays real money.
 */
describe("migration 0018: test money already in the ledger", () => {
  let db: MigrationTestDatabase;
  beforeAll(async () => {
    db = await migrationTestDatabase();
    await applyMigrations(db, 0, 17);
    const state = await db.query<{ id: string }>(`insert into state_portal (name) values ('Lagos') returning id`);
    const district = async (name: string) =>
      (await db.query<{ id: string }>(`insert into district (state_id, name) values ($1, $2) returning id`, [state.rows[0]?.id, name])).rows[0]?.id;
    const [demo, real] = [await district("Demo District"), await district("Real District")];
    const entry = (districtId: string | undefined, direction: string, action: string, amount: number, balanceAfter: number, reference: string) =>
      db.query(
        `insert into ledger_entry (district_id, direction, action, amount, balance_after, reference, description) values ($1, $2, $3, $4, $5, $6, 'x')`,
        [districtId, direction, action, amount, balanceAfter, reference],
      );
    // The demo district: a charge before any test money, then a stand-in funding and a charge paid with it.
    await entry(demo, "credit", "REVERSAL", 500, 500, "REV-OLD");
    await entry(demo, "credit", "FUNDING", 10_000, 10_500, "WF-STANDIN");
    await entry(demo, "debit", "REPORT_CARD_CHARGE", 2_000, 8_500, "RC-AFTER");
    await db.query(
      `insert into stand_in_transaction (reference, amount, currency, email, callback_url, status) values ('WF-STANDIN', 10000, 'NGN', 'a@example.org', '/r', 'success')`,
    );
    // A district funded through Paystack itself.
    await entry(real, "credit", "FUNDING", 20_000, 20_000, "WF-PAYSTACK");
    await entry(real, "debit", "REPORT_CARD_CHARGE", 1_000, 19_000, "RC-REAL");
    await applyMigrations(db, 18, 18);
  });
  afterAll(() => db?.close());

  it("marks the stand-in's funding and what followed it in that wallet, and nothing else", async () => {
    const rows = await db.query<{ reference: string; test_money: boolean }>(`select reference, test_money from ledger_entry order by reference`);
    expect(rows.rows).toEqual([
      { reference: "RC-AFTER", test_money: true },
      { reference: "RC-REAL", test_money: false },
      { reference: "REV-OLD", test_money: false },
      { reference: "WF-PAYSTACK", test_money: false },
      { reference: "WF-STANDIN", test_money: true },
    ]);
  });
});
