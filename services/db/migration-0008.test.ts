import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations as apply, migrationTestDatabase, type MigrationTestDatabase } from "./migration-test-support";

/**
 * Migrations 0008–0009 turn the old classes (a name and a free-text class type) into school × class
 * type × arm without losing a row, and give every existing district its LGEA administrator role and
 * configuration. Run here on a database left by migration 0007 with the old demo's kind of classes.
 */
describe("migration 0008: classes get a type and an arm, districts their LGEA role and configuration", () => {
  let db: MigrationTestDatabase;
  let districtId = "";
  beforeAll(async () => {
    db = await migrationTestDatabase();
    await apply(db, 0, 7);
    const state = await db.query<{ id: string }>(`insert into state_portal (name) values ('Lagos') returning id`);
    const d = await db.query<{ id: string }>(`insert into district (state_id, name) values ($1, 'Old District') returning id`, [state.rows[0]?.id]);
    districtId = d.rows[0]?.id ?? "";
    await db.query(`insert into role (district_id, name, operations, system_key) values ($1, 'District Administrator', '{school.view}', 'district-admin')`, [
      districtId,
    ]);
    const s = await db.query<{ id: string }>(
      `insert into school (district_id, name, local_government, category) values ($1, 'Old School', 'Ikeja', 'Senior Secondary') returning id`,
      [districtId],
    );
    const schoolId = s.rows[0]?.id;
    for (const [name, type] of [
      ["SS 1", "Senior Secondary"],
      ["SSS 1", "Senior Secondary"],
      ["Primary 2", "Primary"],
      ["Science Club", "Other"],
    ])
      await db.query(`insert into school_class (district_id, school_id, name, class_type) values ($1, $2, $3, $4)`, [districtId, schoolId, name, type]);
    await apply(db, 8, 9);
  });
  afterAll(() => db?.close());

  it("keeps every class, with the standard type its name names or a type of the district's own at its school's level, and arms that keep names apart", async () => {
    const rows = await db.query<{ name: string; arm: string; type: string; level: string; standard: boolean }>(
      `select c.name, c.arm, t.name as type, t.level, t.standard from school_class c join class_type t on t.id = c.class_type_id order by c.name`,
    );
    expect([...rows.rows].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "Primary 2A", arm: "A", type: "Primary 2", level: "Primary", standard: true },
      // Not a level: the school's category gives it.
      { name: "Science ClubA", arm: "A", type: "Science Club", level: "Senior Secondary", standard: false },
      { name: "SSS 1A", arm: "A", type: "SSS 1", level: "Senior Secondary", standard: true },
      { name: "SSS 1B", arm: "B", type: "SSS 1", level: "Senior Secondary", standard: true },
    ]);
  });

  it("gives the district the fourteen standard class types in order", async () => {
    const types = await db.query<{ name: string }>(`select name from class_type where district_id = $1 and standard order by position`, [districtId]);
    expect(types.rows.map((t) => t.name)).toEqual([
      "Nursery 1",
      "Nursery 2",
      ...[1, 2, 3, 4, 5, 6].map((n) => `Primary ${n}`),
      ...[1, 2, 3].map((n) => `JSS ${n}`),
      ...[1, 2, 3].map((n) => `SSS ${n}`),
    ]);
  });

  it("gives the district its LGEA administrator role and a configuration", async () => {
    const roles = await db.query<{ name: string; system_key: string }>(`select name, system_key from role where district_id = $1 order by name`, [districtId]);
    expect(roles.rows).toEqual([
      { name: "District Administrator", system_key: "district-admin" },
      { name: "LGEA Administrator", system_key: "lgea-admin" },
    ]);
    const config = await db.query<{ admission_number_pattern: string; terms: unknown[] }>(
      `select admission_number_pattern, terms from district_configuration where district_id = $1`,
      [districtId],
    );
    expect(config.rows[0]?.admission_number_pattern).toBe("ADM/{YYYY}/{SEQ:5}");
    expect(config.rows[0]?.terms).toHaveLength(3);
  });
});
