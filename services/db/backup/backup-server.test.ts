import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotDatabase, type DatabaseSnapshot } from "../../test/database-snapshot";
import { runCommand } from "../../test/run-command";
import { freshServerDatabase } from "../../test/server-database";
import { syncPermissionCatalogue } from "../catalogue";
import { openDatabase } from "../client";
import { district, requirement, storedImage, student } from "../schema";
import { seedDemo } from "../seed";

/**
 * `npm run db:backup` and `npm run db:restore` on the PostgreSQL server of TEST_DATABASE_URL (pg_dump and
 * pg_restore), each database a fresh one of its own: a backup of the demo data and an image, restored into
 * a second, empty database after the original changed, gives back every row of every table and the image
 * byte for byte; a database that is not empty is refused; the password is never printed.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** The URL with a password in it, so the test can see it is never printed (a trusting server ignores it). */
function withPassword(url: string): { url: string; password: string } {
  const parsed = new URL(url);
  if (!parsed.password) parsed.password = `never-printed-${randomBytes(6).toString("hex")}`;
  return { url: parsed.toString(), password: decodeURIComponent(parsed.password) };
}

const backup = (url: string, file: string) => runCommand("db-backup", [file], { DATABASE_URL: url });
const restore = (url: string, file: string) => runCommand("db-restore", [file], { DATABASE_URL: url });

async function snapshotOf(url: string): Promise<DatabaseSnapshot> {
  const database = await openDatabase({ url, pool: { max: 1 } });
  try {
    return await snapshotDatabase(database.db);
  } finally {
    await database.close();
  }
}

describe.skipIf(!serverUrl)("backup and restore on a PostgreSQL server", () => {
  let folder = "";
  let original: { url: string; drop: () => Promise<void> };
  const image = randomBytes(200_000);
  let imageId = "";

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "portal-backup-"));
    original = await freshServerDatabase(serverUrl ?? "", "portal_backup");
    const database = await openDatabase({ url: original.url });
    try {
      await database.migrate();
      await syncPermissionCatalogue(database.db);
      await seedDemo(database.db);
      const [first] = await database.db.select({ id: district.id }).from(district).orderBy(district.name).limit(1);
      if (!first) throw new Error("the demo has no district");
      const [stored] = await database.db
        .insert(storedImage)
        .values({ districtId: first.id, bytes: image, width: 640, height: 480 })
        .returning({ id: storedImage.id });
      imageId = stored?.id ?? "";
      await database.db.update(district).set({ logoId: imageId }).where(eq(district.id, first.id));
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(async () => {
    await original?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("restores into an empty database every row of every table, and the image byte for byte, whatever changed since", async () => {
    const atBackup = await snapshotOf(original.url);
    const file = join(folder, "district.backup");
    const source = withPassword(original.url);
    const backedUp = await backup(source.url, file);
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toMatch(/^Backed up the database portal_backup_\w+ on [^ ]+ to .*district\.backup \(\d+\.\d (KB|MB)\)\.\n/);
    expect(backedUp.output).toMatch(/held 3 districts, 9 schools, \d+ staff, \d+ pupils, 1 images\./);
    expect(backedUp.output).not.toContain(source.password);

    const database = await openDatabase({ url: original.url, pool: { max: 1 } });
    try {
      await database.db.update(student).set({ firstName: "Changed" });
      await database.db.delete(requirement);
      await database.db.update(district).set({ logoId: null });
      await database.db.delete(storedImage).where(eq(storedImage.id, imageId));
      await database.db.execute(sql`select nextval('drizzle.__drizzle_migrations_id_seq')`);
    } finally {
      await database.close();
    }
    const changed = await snapshotOf(original.url);
    expect(changed.tables["public.stored_image"]).toEqual([]);
    expect(changed).not.toEqual(atBackup);

    const copy = await freshServerDatabase(serverUrl ?? "", "portal_restored");
    try {
      const target = withPassword(copy.url);
      const restored = await restore(target.url, file);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(
        /^Restored .* into the database portal_restored_\w+ on [^ ]+\.\nIt holds 3 districts, 9 schools, \d+ staff, \d+ pupils, 1 images\.\n$/,
      );
      expect(restored.output).not.toContain(target.password);

      const after = await snapshotOf(copy.url);
      expect(Object.keys(after.tables).length).toBeGreaterThanOrEqual(30);
      expect(after.tables["public.student"]?.length).toBeGreaterThan(100);
      expect(after).toEqual(atBackup);
      const [logo] = (after.tables["public.stored_image"] ?? []).filter((row) => row.id === imageId);
      expect(Buffer.from(logo?.bytes as Uint8Array).equals(image)).toBe(true);
    } finally {
      await copy.drop();
    }
  }, 120_000);

  it("refuses to restore into a database that is not empty, and leaves it as it was", async () => {
    const file = join(folder, "refused.backup");
    expect((await backup(original.url, file)).code).toBe(0);
    const before = await snapshotOf(original.url);
    const refused = await restore(original.url, file);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output.trim().split("\n"), refused.output).toHaveLength(1);
    expect(refused.output).toMatch(/^The database portal_backup_\w+ on [^ ]+ is not empty: a restore goes into an empty database\./);
    expect(await snapshotOf(original.url)).toEqual(before);

    // A database holding only the migration schema (a migration begun) is not empty either.
    const partial = await freshServerDatabase(serverUrl ?? "", "portal_partial");
    try {
      const database = await openDatabase({ url: partial.url, pool: { max: 1 } });
      await database.db.execute(sql`create schema drizzle`);
      await database.close();
      const refusedAgain = await restore(partial.url, file);
      expect(refusedAgain.code, refusedAgain.output).toBe(1);
      expect(refusedAgain.output).toMatch(/is not empty/);
    } finally {
      await partial.drop();
    }
    expect(existsSync(file)).toBe(true);
  }, 120_000);
});
