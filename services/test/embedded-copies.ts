import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { embeddedDatabase, memoryPglite, type Database } from "../db/client";

/**
 * The embedded test APIs' databases, each a copy of the run's seeded template (seeded-template.ts), reused within a
 * worker: a closed copy is put back as the template left it and handed to the next test file. Opening a copy
 * starts PGlite and unpacks the template (about 0.4 s of CPU); putting one back is a truncate, a copy of the seeded
 * rows and a reset of the session (about 0.06 s). A copy whose schema a test changed is closed, not reused.
 */
type Copy = {
  client: PGlite;
  /** Each table that held rows in the template, its columns and those rows as COPY's text. */
  rows: { table: string; columns: string; blob: Blob }[];
  tables: string[];
  sequences: { name: string; value: string; called: boolean }[];
  schema: string;
};

const idle: Copy[] = [];
/** How many idle copies a worker keeps: a test file holds one or two at a time. */
const kept = 2;

/** The template's tarball, read once per worker. */
let tarball: { file: string; blob: Blob } | undefined;

/** A database for one test API: an idle copy, or a new one opened from `file`. Closing it puts it back. */
export async function leaseSeededCopy(file: string): Promise<Database> {
  if (tarball?.file !== file) {
    for (const copy of idle.splice(0)) await copy.client.close();
    tarball = { file, blob: new Blob([readFileSync(file)]) };
  }
  const copy = idle.pop() ?? (await openCopy(tarball.blob));
  const lease = { released: false };
  return embeddedDatabase(leased(copy.client, lease), async () => {
    if (lease.released) return;
    lease.released = true;
    await putBack(copy);
  });
}

const userNamespaces =
  "n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'";

async function openCopy(blob: Blob): Promise<Copy> {
  const client = memoryPglite(blob);
  await client.waitReady;
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and ${userNamespaces} order by 1`,
    )
  ).rows.map((r) => r.name);
  const rows: Copy["rows"] = [];
  for (const table of tables) {
    // Generated columns are left to the database, as a fresh copy computes them.
    const { rows: found } = await client.query<{ columns: string; filled: boolean }>(
      `select string_agg(quote_ident(attname), ', ' order by attnum) as columns, exists (select from ${table}) as filled
         from pg_attribute where attrelid = '${table}'::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
    );
    const [{ columns = "", filled = false } = {}] = found;
    if (!filled) continue;
    const copied = await client.query(`copy ${table} (${columns}) to '/dev/blob'`);
    if (copied.blob) rows.push({ table, columns, blob: copied.blob });
  }
  const sequences = (
    await client.query<{ name: string; value: string; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called from pg_sequences`,
    )
  ).rows;
  return { client, rows, tables, sequences, schema: await schemaFingerprint(client) };
}

/**
 * What the tests never change in a database they are given: its tables, columns, constraints, indexes, triggers and
 * functions. A copy whose fingerprint differs when it is closed is not reused.
 */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const parts = [
    `select format('%s.%s:%s', n.nspname, c.relname, c.relkind) from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${userNamespaces}`,
    `select format('%s.%s:%s:%s:%s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where a.attnum > 0 and ${userNamespaces}`,
    `select format('%s:%s:%s', conrelid::regclass, conname, convalidated) from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${userNamespaces}`,
    `select format('%s:%s:%s', tgrelid::regclass, tgname, tgenabled) from pg_trigger`,
    `select format('%s.%s', n.nspname, p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${userNamespaces}`,
    `select format('%s:%s', setdatabase, setconfig) from pg_db_role_setting`,
  ];
  // Each part sorted: a catalog's rows come back in whatever order its pages now hold them.
  const union = parts.map((part, i) => `select ${i} as part, item from (${part}) as found (item)`).join(" union all ");
  const { rows } = await client.query<{ fingerprint: string }>(`select md5(string_agg(item, ',' order by part, item)) as fingerprint from (${union}) as items`);
  return rows[0]?.fingerprint ?? "";
}

/** The template's rows, sequences and session again, and the copy idle for the next test file; else closed. */
async function putBack(copy: Copy) {
  try {
    if (idle.length >= kept) throw new Error("enough idle copies");
    // A session reset first: settings, session locks, prepared statements, temporary tables. It fails, and the copy
    // is closed, where a test left a transaction open.
    await copy.client.exec("discard all");
    if ((await schemaFingerprint(copy.client)) !== copy.schema) throw new Error("a test changed the schema");
    // The template's rows as they were, without firing triggers or checking keys: they were consistent when copied.
    await copy.client.exec(`set session_replication_role = replica; truncate ${copy.tables.join(", ")};`);
    for (const { table, columns, blob } of copy.rows) await copy.client.query(`copy ${table} (${columns}) from '/dev/blob'`, [], { blob });
    for (const { name, value, called } of copy.sequences) await copy.client.query(`select setval($1, $2::bigint, $3)`, [name, value, called]);
    await copy.client.exec("set session_replication_role = default");
    idle.push(copy);
  } catch {
    await copy.client.close().catch(() => {});
  }
}

/**
 * The client as one test API sees it: once that API has closed its database, what it still calls (a timer, a
 * queue's worker left running) fails as it would on a closed PGlite, instead of reaching the next file's database.
 */
function leased(client: PGlite, lease: { released: boolean }): PGlite {
  return new Proxy(client, {
    get: (target, property) => {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (lease.released) throw new Error("PGlite is closed");
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
