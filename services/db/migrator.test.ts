import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, readMigrations, schemaStatus } from "./migrator";
import { migrationTestDatabase } from "./migration-test-support";

/**
 * The migrator on migrations of its own: each in a transaction, an index built CONCURRENTLY outside one,
 * nothing applied twice, and the status that tells a schema behind its code. On PGlite, and on the
 * PostgreSQL server of TEST_DATABASE_URL when named, each test on a new database (migrationTestDatabase).
 */
const folder = mkdtempSync(join(tmpdir(), "migrations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeMigrations(files: { tag: string; sql: string }[]) {
  mkdirSync(join(folder, "meta"), { recursive: true });
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ entries: files.map((f, i) => ({ tag: f.tag, when: 1_000 + i })) }));
  for (const f of files) writeFileSync(join(folder, `${f.tag}.sql`), f.sql);
  return readMigrations(folder);
}

describe("the migrator", () => {
  it("applies each migration once, builds a CONCURRENTLY index outside a transaction, and tells a schema behind its code", async () => {
    const { session, close } = await migrationTestDatabase();
    try {
      const first = writeMigrations([
        { tag: "0000_table", sql: "CREATE TABLE pupil (id int, name text);\n--> statement-breakpoint\nINSERT INTO pupil VALUES (1, 'Ada');" },
      ]);
      expect(await schemaStatus(session, first)).toEqual({ applied: 0, expected: 1, behind: true });
      expect(await applyMigrations(session, first)).toEqual(["0000_table"]);
      expect(await applyMigrations(session, first)).toEqual([]);

      const second = writeMigrations([
        { tag: "0000_table", sql: "CREATE TABLE pupil (id int, name text);\n--> statement-breakpoint\nINSERT INTO pupil VALUES (1, 'Ada');" },
        { tag: "0001_name_index", sql: "CREATE INDEX CONCURRENTLY IF NOT EXISTS pupil_name_idx ON pupil (name);" },
      ]);
      expect(second.map((m) => m.outsideTransaction)).toEqual([false, true]);
      expect(await schemaStatus(session, second)).toEqual({ applied: 1, expected: 2, behind: true });
      // A CONCURRENTLY build inside a transaction is refused by PostgreSQL: that it applies shows it ran outside one.
      expect(await applyMigrations(session, second)).toEqual(["0001_name_index"]);
      expect(await schemaStatus(session, second)).toEqual({ applied: 2, expected: 2, behind: false });
      expect(await session.run("select indexname from pg_indexes where indexname = 'pupil_name_idx'")).toHaveLength(1);
      // A newer schema than the code (an older instance during an upgrade) is not behind.
      expect((await schemaStatus(session, first)).behind).toBe(false);
    } finally {
      await close();
    }
  });

  it("leaves a failed migration out whole, and what came before it in", async () => {
    const { session, close } = await migrationTestDatabase();
    try {
      const migrations = writeMigrations([
        { tag: "0000_table", sql: "CREATE TABLE class (id int);" },
        { tag: "0001_broken", sql: "CREATE TABLE teacher (id int);\n--> statement-breakpoint\nINSERT INTO nowhere VALUES (1);" },
      ]);
      await expect(applyMigrations(session, migrations)).rejects.toThrow(/0001_broken/);
      expect(await schemaStatus(session, migrations)).toEqual({ applied: 1, expected: 2, behind: true });
      expect(await session.run("select to_regclass('teacher') is null as gone")).toEqual([{ gone: true }]);
    } finally {
      await close();
    }
  });
});
