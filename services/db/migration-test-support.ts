import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import postgres from "postgres";
import { emptyPglite } from "../test/empty-database";
import type { SqlSession } from "./migrator";
import { freshServerDatabase } from "../test/server-database";

/** The migrations as drizzle-kit wrote them, for tests that stop at one and check what the next does to old data. */
const folder = resolve(import.meta.dirname, "migrations");
const journal = JSON.parse(readFileSync(resolve(folder, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
const statements = (tag: string) =>
  readFileSync(resolve(folder, `${tag}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

/** What a migration test asks of its database: the migrator's session on it, queries with parameters, and an end. */
export type MigrationTestDatabase = {
  /** Statements run one by one as the product's migrator runs them on this kind of database (services/db/client.ts). */
  session: SqlSession;
  query: <T>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }>;
  close: () => Promise<void>;
};

/**
 * An empty database for a migration test: embedded, or with TEST_DATABASE_URL a new one on that PostgreSQL server,
 * so the PostgreSQL project runs each migration on the server production runs, not on the embedded database again.
 */
export async function migrationTestDatabase(): Promise<MigrationTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = emptyPglite();
    await db.waitReady;
    return {
      session: { run: async (text) => (await db.exec(text)).at(-1)?.rows ?? [], release: async () => {} },
      query: (sql, params) => db.query(sql, params),
      close: () => db.close(),
    };
  }
  const server = await freshServerDatabase(serverUrl, "portal_migration");
  const sql = postgres(server.url, { max: 1, onnotice: () => {} }); // one connection: the session's
  return {
    session: { run: (text) => sql.unsafe(text), release: async () => {} },
    query: async <T>(text: string, params: unknown[] = []) => ({ rows: (await sql.unsafe(text, params as never[])) as unknown as T[] }),
    close: async () => {
      await sql.end();
      await server.drop();
    },
  };
}

/** Runs migrations `from` to `to` (by their number), in order. */
export async function applyMigrations(db: Pick<MigrationTestDatabase, "session">, from: number, to: number) {
  for (const entry of journal.entries.filter((e) => e.idx >= from && e.idx <= to)) for (const sql of statements(entry.tag)) await db.session.run(sql);
}
