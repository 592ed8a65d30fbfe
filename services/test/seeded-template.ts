import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { buildServers } from "../../scripts/release-build";
import { syncPermissionCatalogue } from "../db/catalogue";
import { openDatabase, type Database } from "../db/client";
import { seedDemo } from "../db/seed";
import { adminSql, newRunTag, sweepRunDatabases } from "./server-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of an embedded database, migrated and seeded, that each test API opens a copy of. */
    seededDataDir: string;
    /** A tarball of a new embedded database, before any migration, for the tests of how one is made (empty-database.ts). */
    emptyDataDir: string;
    /** A database on the PostgreSQL server, migrated and seeded, that each test API's database is created from. */
    seededServerDatabase: string;
  }
}

/** What every test API's database starts as: every migration applied, the permission catalogue and the demo. */
export async function migrateAndSeed(database: Database) {
  await database.migrate();
  await syncPermissionCatalogue(database.db);
  await seedDemo(database.db);
}

const tarballPrefix = "portal-test-seeded-";

/** What runs that were killed before their teardown left in `folder` under `prefix`, a day or more ago. */
function removeStale(folder: string, prefix: string) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(folder).filter((n) => n.startsWith(prefix))) {
    const path = join(folder, name);
    if ((statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < dayAgo) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * The servers and commands bundled as the release build bundles them, for the tests that run them as processes
 * (server-bundle.ts): in node_modules, whose packages the bundles import, under a name of this run's own.
 */
async function bundleServers(project: TestProject): Promise<() => void> {
  const [cache, prefix] = [join("node_modules", ".cache"), "portal-test-servers-"];
  mkdirSync(cache, { recursive: true });
  removeStale(cache, prefix);
  const folder = join(cache, `${prefix}${randomBytes(6).toString("hex")}`);
  await buildServers(folder);
  project.provide("serverBundle", resolve(folder));
  return () => rmSync(folder, { recursive: true, force: true });
}

/**
 * Vitest's global setup, once per run and project: bundles the servers (server-bundle.ts), and migrates and seeds
 * one database, which every test file then copies instead of migrating and seeding its own (services/test/harness.ts).
 * The embedded project's copy is a dumped data directory (PGlite opens it without running initdb); the PostgreSQL
 * project's is a template database.
 */
export default async function setup(project: TestProject) {
  const removeBundle = await bundleServers(project);
  try {
    return await seedTemplate(project, removeBundle);
  } catch (error) {
    removeBundle();
    throw error;
  }
}

/**
 * An embedded copy is only ever opened on its own database: the cluster's template databases, which initdb made
 * and nothing here creates a database from, were 602 of the dump's 1,247 files and 15 of its 43 MB. Without them
 * a test file's copy opened in 370 ms instead of 520 (570 ms of CPU instead of 780).
 */
async function dropTemplateDatabases(database: Database) {
  await database.db.execute(sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await database.db.execute(sql`drop database template0`);
  await database.db.execute(sql`drop database template1`);
  // The dump then starts from a checkpoint taken after the drops.
  await database.db.execute(sql`checkpoint`);
}

/** The seeded database of setup(); its teardown also removes the bundle. */
async function seedTemplate(project: TestProject, removeBundle: () => void) {
  const serverUrl = project.config.env?.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true });
    await dropTemplateDatabases(database);
    // The cluster as initdb left it (less its template databases), before the first migration.
    const empty = await database.dumpDataDir?.();
    await migrateAndSeed(database);
    // The seeded dump, too, starts from a checkpoint.
    await database.db.execute(sql`checkpoint`);
    const seeded = await database.dumpDataDir?.();
    await database.close();
    if (!empty || !seeded) return removeBundle;
    removeStale(tmpdir(), tarballPrefix);
    const files: string[] = [];
    const saved = async (tarball: Blob) => {
      const file = join(tmpdir(), `${tarballPrefix}${randomBytes(6).toString("hex")}.tar`);
      writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
      files.push(file);
      return file;
    };
    project.provide("emptyDataDir", await saved(empty));
    project.provide("seededDataDir", await saved(seeded));
    return () => {
      for (const file of files) rmSync(file, { force: true });
      removeBundle();
    };
  }
  const name = `portal_template_${randomBytes(6).toString("hex")}`;
  const admin = adminSql(serverUrl);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pool: { max: 1 } });
  await migrateAndSeed(database);
  // A template must have no connections while databases are created from it.
  await database.close();
  project.provide("seededServerDatabase", name);
  const tag = newRunTag();
  project.provide("serverRunTag", tag);
  const sweeper = sweepRunDatabases(serverUrl, tag);
  return async () => {
    removeBundle();
    await sweeper.stop();
    const cleanup = adminSql(serverUrl);
    await cleanup.unsafe(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}
