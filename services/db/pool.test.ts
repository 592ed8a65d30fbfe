import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshServerDatabase } from "../test/server-database";
import { openDatabase } from "./client";
import { permission } from "./schema";

/** The pool's settings reach the server's connections (PostgreSQL only: the embedded database has none). */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the connection pool on a PostgreSQL server", () => {
  it("stops a statement at the timeout, and works without prepared statements (PgBouncer's transaction mode)", async () => {
    const server = await freshServerDatabase(process.env.TEST_DATABASE_URL ?? "", "portal_pool");
    const database = await openDatabase({ url: server.url, pool: { max: 2, statementTimeoutMs: 300, prepare: false } });
    try {
      await database.migrate();
      expect(await database.db.execute(sql`show statement_timeout`)).toEqual([{ statement_timeout: "300ms" }]);
      const timedOut: unknown = await database.db.execute(sql`select pg_sleep(2)`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String((timedOut as { cause?: unknown } | null)?.cause)).toMatch(/statement timeout/); // Drizzle's error, the driver's as its cause
      // Parameters without a prepared statement, many times over on two connections.
      for (let i = 0; i < 20; i++)
        expect(
          await database.db
            .select()
            .from(permission)
            .where(eq(permission.operation, `nothing.${i}`)),
        ).toEqual([]);
      const prepared = await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements`);
      expect(prepared).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
      await server.drop();
    }
  });
});
