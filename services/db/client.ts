import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { acquireDataDirLock } from "./data-dir-lock";
import { applyMigrations, readMigrations, schemaStatus, type SchemaStatus, type SqlSession } from "./migrator";
import { countedPglite, countedPostgres, inFlightCounter, type PoolUse } from "./pool-use";
import * as schema from "./schema";

/** One type for both drivers: queries are written once and run on PGlite or a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "embedded" | "server";
  /** Applies the pending migrations under the migration lock (migrator.ts); the tags applied. */
  migrate: () => Promise<string[]>;
  /** Whether the database has every migration this code expects. */
  schemaStatus: () => Promise<SchemaStatus>;
  /** Its connections now: how many at most, and how much work holds or waits for one (pool-use.ts). */
  poolUse: () => PoolUse;
  /** Embedded only: its whole data directory as an uncompressed tarball, to open copies of it (the tests' seeded template). */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
};

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * A PostgreSQL server's connections, per process: at most `max`, each closed after `idleTimeoutSeconds`
 * unused, every statement stopped after `statementTimeoutMs` (0: never), and with `prepare: false` no
 * prepared statements, which PgBouncer in transaction mode cannot keep (README 'Deploying').
 */
export type PoolOptions = { max: number; idleTimeoutSeconds: number; statementTimeoutMs: number; prepare: boolean };
const defaultPool: PoolOptions = { max: 10, idleTimeoutSeconds: 60, statementTimeoutMs: 60_000, prepare: true };

export type DatabaseOptions =
  | { url: string; pool?: Partial<PoolOptions> }
  | { dataDir: string } // embedded, on disk, locked to this process
  | { memory: true }; // embedded, in memory, empty (tests: services/test/embedded-copies.ts opens copies of a dump)

// Trigram matching serves the lists' text search (the migrations create the extension).
const extensions = { pg_trgm };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = { ...defaultPool, ...options.pool };
    const client = postgres(options.url, {
      max: pool.max,
      idle_timeout: pool.idleTimeoutSeconds,
      prepare: pool.prepare,
      connection: { statement_timeout: pool.statementTimeoutMs, application_name: "district-portal" },
      onnotice: () => {},
    });
    const counter = inFlightCounter();
    const db = drizzlePostgres(countedPostgres(client, counter), { schema }) as unknown as Db;
    // The migrator's lock is a session lock: it needs one connection of its own for the whole run.
    const session = async (): Promise<SqlSession> => {
      const held = counter.hold();
      const connection = await client.reserve().catch((error: unknown) => {
        held();
        throw error;
      });
      // An index built CONCURRENTLY on a large table may take longer than any request's statement.
      await connection.unsafe("set statement_timeout = 0");
      return {
        run: (text) => connection.unsafe(text),
        release: async () => {
          try {
            await connection.unsafe("reset statement_timeout");
          } finally {
            connection.release();
            held();
          }
        },
      };
    };
    return {
      db,
      kind: "server",
      migrate: async () => applyMigrations(await session(), readMigrations(migrationsFolder)),
      schemaStatus: async () => schemaStatus(await session(), readMigrations(migrationsFolder)),
      poolUse: () => ({ size: pool.max, inFlight: counter.inFlight }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  let release = () => {};
  let client: PGlite;
  if ("dataDir" in options) {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireDataDirLock(options.dataDir);
    client = new PGlite(options.dataDir, { extensions });
  } else {
    client = memoryPglite();
  }
  await client.waitReady;
  return embeddedDatabase(client, async () => {
    await client.close();
    release();
  });
}

/** An embedded database in memory (tests): empty, or a copy of a dumped data directory. Ready once `waitReady` settles. */
export function memoryPglite(loadDataDir?: Blob): PGlite {
  // A test's database holds a few hundred rows: 16 MB of shared buffers instead of PGlite's 128 MB, which it
  // sets up at every start, made opening a copy of the seeded template a third cheaper (550 -> 380 ms of CPU).
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
  return new PGlite({ extensions, startParams, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** The Database of an open PGlite client; `close` is what closing it does. */
export function embeddedDatabase(client: PGlite, close: () => Promise<void>): Database {
  const counter = inFlightCounter();
  const db = drizzlePglite(countedPglite(client, counter), { schema }) as unknown as Db;
  // One connection, one process: the migrator's session is the database itself.
  const session: SqlSession = { run: async (text) => (await client.exec(text)).at(-1)?.rows ?? [], release: async () => {} };
  return {
    db,
    kind: "embedded",
    migrate: () => applyMigrations(session, readMigrations(migrationsFolder)),
    schemaStatus: () => schemaStatus(session, readMigrations(migrationsFolder)),
    poolUse: () => ({ size: 1, inFlight: counter.inFlight }),
    dumpDataDir: () => client.dumpDataDir("none"),
    close,
  };
}

/** What a read-only query needs: the database, or a transaction. */
export type Reader = Pick<Db, "select">;
/** A transaction's handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
