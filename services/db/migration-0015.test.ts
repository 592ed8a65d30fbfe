import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationTestDatabase, type MigrationTestDatabase } from "./migration-test-support";

/**
 * Migration 0015 gives every existing district's administrator role the new audit.view operation (new
 * districts get it from provisionDistrict), once, and files the entries already written under their kind.
 */
describe("migration 0015: audit.view for existing district administrators", () => {
  let db: MigrationTestDatabase;
  beforeAll(async () => {
    db = await migrationTestDatabase();
    await applyMigrations(db, 0, 14);
    const state = await db.query<{ id: string }>(`insert into state_portal (name) values ('Lagos') returning id`);
    const d = await db.query<{ id: string }>(`insert into district (state_id, name) values ($1, 'Old District') returning id`, [state.rows[0]?.id]);
    const districtId = d.rows[0]?.id;
    for (const [name, operations, key] of [
      ["District Administrator", "{school.view,school.update}", "district-admin"],
      ["LGEA Administrator", "{school.view}", "lgea-admin"],
      ["Exam Officer", "{student.view}", null],
    ])
      await db.query(`insert into role (district_id, name, operations, system_key) values ($1, $2, $3, $4)`, [districtId, name, operations, key]);
    await db.query(`insert into audit_log (district_id, operation, record_id) values ($1, 'school.update', 'x'), ($1, 'class-type.create', 'y')`, [districtId]);
    await applyMigrations(db, 15, 15);
  });
  afterAll(() => db?.close());

  it("adds audit.view to the district administrator role only, keeping what it had", async () => {
    const roles = await db.query<{ name: string; operations: string[] }>(`select name, operations from role order by name`);
    expect(roles.rows).toEqual([
      { name: "District Administrator", operations: ["school.view", "school.update", "audit.view"] },
      { name: "Exam Officer", operations: ["student.view"] },
      { name: "LGEA Administrator", operations: ["school.view"] },
    ]);
  });

  it("files existing entries under their kind", async () => {
    const kinds = await db.query<{ kind: string }>(`select kind from audit_log order by kind`);
    expect(kinds.rows.map((r) => r.kind)).toEqual(["class-type", "school"]);
  });
});
