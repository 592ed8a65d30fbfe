import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "../client";
import { rawRows } from "../raw-rows";
import { keyCounts } from "./key-counts";
import { describeServer, PgToolFailed, runPgTool } from "./pg-tool";

/** The first bytes of a file. */
function head(file: string, length: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const bytes = Buffer.alloc(length);
    return bytes.subarray(0, readSync(fd, bytes, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * A pg_dump backup into the database of `url`, which must be empty (no table in its public schema and no
 * migration schema): a restore never merges into or replaces a database. The file is checked first
 * (pg_dump's custom format, its table of contents readable); pg_restore then runs in one transaction and
 * stops at the first error, so a failed restore leaves the database as empty as it was.
 */
export async function restoreServer(url: string, file: string): Promise<string[]> {
  if (!existsSync(file)) throw new Error(`There is no file ${file}.`);
  const magic = head(file, 5);
  if (magic[0] === 0x1f && magic[1] === 0x8b)
    throw new Error(`${file} is a backup of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR.`);
  if (magic.toString("latin1") !== "PGDMP") throw new Error(`${file} is not a backup of a PostgreSQL database (pg_dump's custom format).`);
  await runPgTool("pg_restore", ["--list", file]).catch((error: unknown) => {
    if (!(error instanceof PgToolFailed)) throw error;
    throw new Error(`${file} is damaged or cut short: pg_restore cannot read its table of contents. Nothing was restored.`);
  });

  const target = describeServer(url);
  const database = await openDatabase({ url, pool: { max: 1 } });
  try {
    const [held] = rawRows<{ tables: number; migrations: boolean }>(
      await database.db.execute(sql`
        select (select count(*)::int from information_schema.tables where table_schema = 'public') as tables,
               exists (select 1 from pg_namespace where nspname = 'drizzle') as migrations`),
    );
    if (!held || held.tables > 0 || held.migrations)
      throw new Error(
        `The ${target} is not empty: a restore goes into an empty database. Create a new one (createdb), point DATABASE_URL at it, then run this again.`,
      );
    await runPgTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", file], url);
    return [`Restored ${file} into the ${target}.`, `It holds ${await keyCounts(database.db)}.`];
  } finally {
    await database.close();
  }
}
