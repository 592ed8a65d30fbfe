import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotDatabase, type DatabaseSnapshot } from "../../test/database-snapshot";
import { runCommand } from "../../test/run-command";
import { seededDataDirIn } from "../../test/seeded-database";
import { openDatabase } from "../client";
import { acquireDataDirLock } from "../data-dir-lock";
import { district, requirement, storedImage, student } from "../schema";

/**
 * `npm run db:backup` and `npm run db:restore` on the embedded database, run as the operator runs them:
 * a backup of the demo data and an image, restored into an empty place after the original changed, gives
 * back every row of every table and the image byte for byte; and what is refused is refused in one line,
 * with nothing touched. (On PostgreSQL: backup-server.test.ts.)
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const backup = (dataDir: string, file: string) => runCommand("db-backup", [file], { DATA_DIR: dataDir });
const restore = (dataDir: string, file: string) => runCommand("db-restore", [file], { DATA_DIR: dataDir });

/** A refusal: exit code 1 and one line that says why, never a stack trace. */
function expectRefused(result: { code: number | null; output: string }, reason: RegExp) {
  expect(result.code, result.output).toBe(1);
  expect(result.output.trim().split("\n"), result.output).toHaveLength(1);
  expect(result.output).toMatch(reason);
}

/** A gzip'd tar of some files, as GNU tar makes it. */
function tarOf(files: Record<string, string>): Buffer {
  const folder = mkdtempSync(join(tmpdir(), "portal-not-a-database-"));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    return execFileSync("tar", ["czf", "-", "-C", folder, "."]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function snapshotOf(dataDir: string): Promise<DatabaseSnapshot> {
  const database = await openDatabase({ dataDir });
  try {
    return await snapshotDatabase(database.db);
  } finally {
    await database.close();
  }
}

describe.skipIf(serverUrl)("backup and restore of the embedded database", () => {
  let root = "";
  let dataDir = "";
  let backupFile = "";
  const image = randomBytes(200_000);
  let imageId = "";
  let atBackup: DatabaseSnapshot;
  let backedUp: { code: number | null; output: string };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "portal-backup-"));
    // The demo, migrated and seeded (a copy of the run's template).
    dataDir = seededDataDirIn(root);
    backupFile = join(root, "district.backup");
    const database = await openDatabase({ dataDir });
    try {
      // A district's logo: images are rows, so they are part of the backup.
      const [first] = await database.db.select({ id: district.id }).from(district).orderBy(district.name).limit(1);
      if (!first) throw new Error("the demo has no district");
      const [stored] = await database.db
        .insert(storedImage)
        .values({ districtId: first.id, bytes: image, width: 640, height: 480 })
        .returning({ id: storedImage.id });
      imageId = stored?.id ?? "";
      await database.db.update(district).set({ logoId: imageId }).where(eq(district.id, first.id));
      // Log segments PostgreSQL keeps for reuse (the backup leaves them out): a few switches, then a checkpoint.
      for (let i = 0; i < 4; i++) {
        await database.db.execute(sql`update state_portal set name = name`);
        await database.db.execute(sql`select pg_switch_wal()`);
      }
      await database.db.execute(sql`checkpoint`);
      atBackup = await snapshotDatabase(database.db);
    } finally {
      await database.close();
    }
    backedUp = await backup(dataDir, backupFile);
  }, 180_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("restores into an empty place every row of every table, and the image byte for byte, whatever changed since", async () => {
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toMatch(
      /^Backed up the embedded database in .* to .*district\.backup \(\d+\.\d (KB|MB)\)\.\nIt holds 3 districts, 9 schools, \d+ staff, \d+ pupils, 1 images\.\n$/,
    );

    // The original moves on: records changed and deleted, the image replaced and gone.
    const database = await openDatabase({ dataDir });
    try {
      await database.db.update(student).set({ firstName: "Changed" });
      await database.db.delete(requirement);
      await database.db.update(district).set({ logoId: null });
      await database.db.delete(storedImage).where(eq(storedImage.id, imageId));
      await database.db.execute(sql`select nextval('drizzle.__drizzle_migrations_id_seq')`);
    } finally {
      await database.close();
    }
    const changed = await snapshotOf(dataDir);
    expect(changed.tables["public.stored_image"]).toEqual([]);
    expect(changed).not.toEqual(atBackup);

    const restoredDir = join(root, "restored");
    const restored = await restore(restoredDir, backupFile);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/It holds 3 districts, 9 schools, \d+ staff, \d+ pupils, 1 images\./);
    expect(readdirSync(restoredDir)).not.toContain("portal.lock");
    // It came back from the log's last segment alone.
    const segments = (folder: string) => readdirSync(join(folder, "pg_wal")).filter((name) => /^[0-9A-F]{24}$/.test(name));
    expect(segments(dataDir).length).toBeGreaterThan(1);
    expect(segments(restoredDir)).toHaveLength(1);

    const after = await snapshotOf(restoredDir);
    expect(Object.keys(after.tables).length).toBeGreaterThanOrEqual(30);
    expect(after.tables["public.student"]?.length).toBeGreaterThan(100);
    expect(after).toEqual(atBackup);
    const [logo] = (after.tables["public.stored_image"] ?? []).filter((row) => row.id === imageId);
    expect(Buffer.from(logo?.bytes as Uint8Array).equals(image)).toBe(true);

    // And it takes writes again, as the APIs will make them.
    const reopened = await openDatabase({ dataDir: restoredDir });
    try {
      await reopened.db.update(student).set({ firstName: "After" });
      expect(await reopened.db.select({ id: student.id }).from(student).where(eq(student.firstName, "After"))).toHaveLength(
        after.tables["public.student"]?.length ?? -1,
      );
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it("refuses to back up while the product holds the database, naming its pid", async () => {
    const release = acquireDataDirLock(dataDir); // this process stands for the running product
    try {
      const file = join(root, "while-running.backup");
      expectRefused(await backup(dataDir, file), new RegExp(`The product is running .* \\(pid ${process.pid}\\).* Stop the product first \\(Ctrl\\+C`));
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(root).filter((name) => name.includes("partial"))).toEqual([]);
    } finally {
      release();
    }
  }, 60_000);

  it("refuses to restore into a place that is not empty, and leaves it as it was", async () => {
    const target = join(root, "occupied");
    mkdirSync(target);
    writeFileSync(join(target, "notes.txt"), "keep me");
    expectRefused(await restore(target, backupFile), /is not empty: a restore goes into an empty place\. Move that folder aside/);
    expect(readdirSync(target)).toEqual(["notes.txt"]);
    // Nor over a database: the folder just backed up.
    expectRefused(await restore(dataDir, backupFile), /is not empty/);
  }, 60_000);

  it("refuses a file that is not a backup of the embedded database, before it touches anything", async () => {
    const target = join(root, "never-made");
    const cases: [string, Uint8Array, RegExp][] = [
      ["random.bin", randomBytes(4096), /is not a backup of the embedded database \(it is not a gzip file\)/],
      ["notes.gz", gzipSync("just some text, not a database"), /is not a backup of the embedded database \(it holds no tar archive, or a damaged one\)/],
      ["folder.tar.gz", tarOf({ "notes.txt": "a folder, not a database" }), /holds no database folder \(no PG_VERSION, global\/pg_control\)/],
      ["cut.backup", readFileSync(backupFile).subarray(0, 100_000), /is damaged or cut short/],
      ["server.backup", Buffer.concat([Buffer.from("PGDMP"), randomBytes(100)]), /is a PostgreSQL backup \(pg_dump\): restore it with DATABASE_URL/],
    ];
    for (const [name, bytes, reason] of cases) {
      writeFileSync(join(root, name), bytes);
      expectRefused(await restore(target, join(root, name)), reason);
      expect(existsSync(target), name).toBe(false);
    }
  }, 120_000);
});
