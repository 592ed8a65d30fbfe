import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationTestDatabase, type MigrationTestDatabase } from "./migration-test-support";

/** Migration 0023 gives every existing district's administrator role the new statistics.view operation, once (new districts get it from provisionDistrict). */
describe("migration 0023: statistics.view for existing district administrators", () => {
  let db: MigrationTestDatabase;
  beforeAll(async () => {
    db = await migrationTestDatabase();
    await applyMigrations(db, 0, 22);
    const state = await db.query<{ id: string }>(`insert into state_portal (name) values ('Lagos') returning id`);
    const d = await db.query<{ id: string }>(`insert into district (state_id, name) values ($1, 'Old District') returning id`, [state.rows[0]?.id]);
    for (const [name, operations, key] of [
      ["District Administrator", "{school.view,audit.view}", "district-admin"],
      ["LGEA Administrator", "{school.view}", "lgea-admin"],
      ["Planner", "{student.view}", null],
    ])
      await db.query(`insert into role (district_id, name, operations, system_key) values ($1, $2, $3, $4)`, [d.rows[0]?.id, name, operations, key]);
    await applyMigrations(db, 23, 23);
    // Run twice, as a second start would not: it still adds the operation once.
    await applyMigrations(db, 23, 23);
  });
  afterAll(() => db?.close());

  it("adds statistics.view to the district administrator role only, once, keeping what it had", async () => {
    const roles = await db.query<{ name: string; operations: string[] }>(`select name, operations from role order by name`);
    expect(roles.rows).toEqual([
      { name: "District Administrator", operations: ["school.view", "audit.view", "statistics.view"] },
      { name: "LGEA Administrator", operations: ["school.view"] },
      { name: "Planner", operations: ["student.view"] },
    ]);
  });
});
