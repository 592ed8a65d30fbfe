import { randomBytes } from "node:crypto";
import postgres from "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL project's run: each database a test makes on the server carries it in its name (sweepRunDatabases). */
    serverRunTag: string;
  }
}

/** The run's tag under the PostgreSQL project's global setup; elsewhere (the benches) none, and a drop is immediate. */
async function runTag(): Promise<string> {
  if (!process.env.VITEST) return "";
  const { inject } = await import("vitest");
  return inject("serverRunTag") ?? "";
}

/** A connection to the server for making and dropping databases (its notices, such as 'does not exist, skipping', unprinted). */
export const adminSql = (serverUrl: string, max = 1) => postgres(serverUrl, { max, onnotice: () => {} });
/** What a test run's drop marks its database with, for the run's sweeper. */
const released = "released by its test";

/**
 * A new database on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL), empty or a copy of `template`:
 * its URL, and a way to drop it.
 *
 * In a test run, the drop ends the database's connections and marks it released; the run's sweeper drops what is
 * released a batch at a time (sweepRunDatabases). PostgreSQL 15 checkpoints at every DROP DATABASE: dropped one by
 * one as each test file ended, the PostgreSQL project's 146 files kept the machine busy for 275 s (107 of them the
 * kernel's) and took 195 s; swept in batches, 183 s (45) and 127 s.
 */
export async function freshServerDatabase(serverUrl: string, prefix = "portal_test", template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const tag = await runTag();
  const name = `${prefix}_${tag ? `${tag}_` : ""}${randomBytes(6).toString("hex")}`;
  const admin = adminSql(serverUrl);
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = adminSql(serverUrl);
      try {
        if (!tag) return void (await cleanup.unsafe(`drop database if exists ${name} with (force)`));
        await cleanup`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
        await cleanup.unsafe(`comment on database ${name} is '${released}'`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** The tag a run's databases carry in their names (freshServerDatabase). */
export const newRunTag = () => `r${randomBytes(4).toString("hex")}`;

/**
 * The run's sweeper: every few seconds it drops the databases of the run tagged `tag` that their tests have
 * released, sixteen at a time, so that their checkpoints come together; `stop` drops the rest, released or not
 * (a test that failed before its drop). 64 copies of the template, dropped four at a time, took 35 ms each;
 * sixteen at a time, 24.
 */
export function sweepRunDatabases(serverUrl: string, tag: string, everyMs = 5_000) {
  const lanes = 16;
  const admin = adminSql(serverUrl, lanes);
  const pattern = `%\\_${tag}\\_%`;
  const sweep = async (all: boolean) => {
    const rows = await admin<{ datname: string }[]>`
      select datname from pg_database
      where datname like ${pattern} and (${all} or shobj_description(oid, 'pg_database') = ${released})`;
    const queue = rows.map((r) => r.datname);
    const dropNext = async (): Promise<void> => {
      const name = queue.shift();
      if (!name) return;
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      return dropNext();
    };
    await Promise.all(Array.from({ length: lanes }, dropNext));
  };
  let sweeping: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    // One sweep at a time; a failed one is tried again by the next (and the last sweep drops everything).
    sweeping = sweeping.then(() => sweep(false)).catch(() => undefined);
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await sweeping;
      try {
        await sweep(true);
      } finally {
        await admin.end();
      }
    },
  };
}
