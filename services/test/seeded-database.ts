import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { freshServerDatabase } from "./server-database";

/*
 * Copies of the run's migrated and seeded database (seeded-template.ts) for tests of a process that opens a
 * database, not of how one is made (boot.test.ts and the migration tests keep theirs empty): on a new embedded
 * directory the APIs' process runs initdb, every migration and the seed, about 8 s of CPU more than it takes to
 * open a copy.
 */

/** An embedded data directory made in `root`, the run's seeded template unpacked. Returns it (DATA_DIR). */
export function seededDataDirIn(root: string): string {
  const tarball = inject("seededDataDir");
  if (!tarball) throw new Error("no seeded template: run under the embedded Vitest project (its global setup makes one)");
  const dir = join(root, "db");
  mkdirSync(dir, { recursive: true });
  // PGlite's dump names its members from the root (/base, /global…): tar makes them relative to -C, saying so on stderr.
  execFileSync("tar", ["-xf", tarball, "-C", dir], { stdio: "ignore" });
  return dir;
}

/**
 * A seeded database for a process under test, as its environment names it: a copy of the template on the server of
 * TEST_DATABASE_URL when there is one (DATABASE_URL), else an embedded one (DATA_DIR). `drop` removes it.
 */
export async function seededDatabaseEnv(prefix: string): Promise<{ env: { DATABASE_URL: string } | { DATA_DIR: string }; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const server = await freshServerDatabase(serverUrl, prefix, inject("seededServerDatabase"));
    return { env: { DATABASE_URL: server.url }, drop: server.drop };
  }
  const root = mkdtempSync(join(tmpdir(), `${prefix.replaceAll("_", "-")}-`));
  return { env: { DATA_DIR: seededDataDirIn(root) }, drop: async () => rmSync(root, { recursive: true, force: true }) };
}
