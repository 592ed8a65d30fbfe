import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The committed migrations, applied as a release step (architecture 'Production'). It keeps Drizzle's
 * bookkeeping (`drizzle.__drizzle_migrations`: each file's SHA-256 and its journal time), so databases
 * migrated before it need nothing, and adds what a fleet needs:
 * - a PostgreSQL advisory lock held on one connection while it works: instances that start together
 *   wait their turn, and the later ones find nothing left to do;
 * - each migration in a transaction of its own, so a failure leaves the schema at the last whole one;
 * - a migration whose file builds an index CONCURRENTLY runs outside a transaction, statement by
 *   statement, since PostgreSQL allows nothing else: on a table of hundreds of thousands of rows a plain
 *   CREATE INDEX would block every write for the length of the build. Such a file holds only what may
 *   run that way (write the index as `CREATE INDEX CONCURRENTLY IF NOT EXISTS`, so a build cut off
 *   half-way is taken up again after `DROP INDEX IF EXISTS` of the invalid one).
 */
export type Migration = { tag: string; when: number; hash: string; statements: string[]; outsideTransaction: boolean };

/** What a driver offers the migrator: one connection, statements without parameters. */
export type SqlSession = {
  run: (text: string) => Promise<Record<string, unknown>[]>;
  release: () => Promise<void>;
};

export type SchemaStatus = { applied: number; expected: number; behind: boolean };

/** Any constant of this product's own: the key of its migration lock. */
const LOCK_KEY = 7_264_020_1;

export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(join(folder, `${tag}.sql`), "utf8");
    return {
      tag,
      when,
      hash: createHash("sha256").update(text).digest("hex"),
      statements: text.split("--> statement-breakpoint").filter((s) => s.trim() !== ""),
      outsideTransaction: /\bCONCURRENTLY\b/i.test(text),
    };
  });
}

const BOOKKEEPING = [
  `CREATE SCHEMA IF NOT EXISTS "drizzle"`,
  `CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
];

async function lastApplied(session: SqlSession): Promise<{ count: number; latest: number }> {
  const [exists] = await session.run(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return { count: 0, latest: 0 };
  const [row] = await session.run(`select count(*)::int as count, coalesce(max(created_at), 0)::bigint as latest from "drizzle"."__drizzle_migrations"`);
  return { count: Number(row?.count ?? 0), latest: Number(row?.latest ?? 0) };
}

/**
 * Takes the migration lock, trying again every quarter second rather than waiting inside one statement: a waiting
 * instance then sits idle between tries, holding no snapshot, so another instance's CREATE INDEX CONCURRENTLY (which
 * waits for every running statement's snapshot) does not wait for it while it waits for the lock: a deadlock.
 */
async function takeLock(session: SqlSession) {
  for (;;) {
    const [row] = await session.run(`select pg_try_advisory_lock(${LOCK_KEY}) as got`);
    if (row?.got === true) return;
    await new Promise((retry) => setTimeout(retry, 250));
  }
}

/** Applies what is pending under the lock; the tags it applied (none when another instance got there first). */
export async function applyMigrations(session: SqlSession, migrations: Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await takeLock(session);
  try {
    for (const statement of BOOKKEEPING) await session.run(statement);
    const { latest } = await lastApplied(session);
    for (const migration of migrations.filter((m) => m.when > latest)) {
      const record = `insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ('${migration.hash}', ${migration.when})`;
      if (migration.outsideTransaction) {
        for (const statement of migration.statements) await session.run(statement);
        await session.run(record);
      } else {
        await session.run("begin");
        try {
          for (const statement of migration.statements) await session.run(statement);
          await session.run(record);
          await session.run("commit");
        } catch (error) {
          await session.run("rollback");
          throw new Error(`migration ${migration.tag} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      applied.push(migration.tag);
    }
  } finally {
    await session.run(`select pg_advisory_unlock(${LOCK_KEY})`).catch(() => undefined);
    await session.release();
  }
  return applied;
}

/**
 * Whether the database has every migration this code was written for. A newer schema than the code
 * (an older instance during a rolling upgrade) is not behind: migrations only add what old code ignores.
 */
export async function schemaStatus(session: SqlSession, migrations: Migration[]): Promise<SchemaStatus> {
  try {
    const { count, latest } = await lastApplied(session);
    const newest = migrations.at(-1)?.when ?? 0;
    return { applied: count, expected: migrations.length, behind: latest < newest };
  } finally {
    await session.release();
  }
}
