import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { watchPool } from "../observability/pool-metrics";
import { seriesValue } from "../test/metrics";
import { emptyEmbeddedDatabase } from "../test/empty-database";
import { freshServerDatabase } from "../test/server-database";
import { openDatabase } from "./client";

/** The pool's gauges, on PGlite (one connection) and, with TEST_DATABASE_URL, on a server pool of one connection. */
describe("the database pool's metrics", () => {
  it("show a connection held by a transaction and a statement waiting behind it, and both gone once done", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const server = serverUrl ? await freshServerDatabase(serverUrl, "portal_pool_metrics") : null;
    const database = server ? await openDatabase({ url: server.url, pool: { max: 1 } }) : await emptyEmbeddedDatabase();
    const unwatch = watchPool(database);
    const gauges = async () => ({
      max: await seriesValue("db_pool_connections_max", { database: database.kind }),
      inUse: await seriesValue("db_pool_connections_in_use", { database: database.kind }),
      waiting: await seriesValue("db_pool_waiting", { database: database.kind }),
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    try {
      expect(await gauges()).toEqual({ max: 1, inUse: 0, waiting: 0 });
      let entered = () => {};
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        entered();
        await gate;
      });
      await inside;
      // Drizzle's queries start when awaited: this one starts now, and is on its way to the driver by the next turn.
      const queued = database.db.execute(sql`select 2`).then(() => {});
      await new Promise((resolve) => setImmediate(resolve));
      expect(await gauges()).toEqual({ max: 1, inUse: 1, waiting: 1 });
      release();
      await Promise.all([transaction, queued]);
      expect(await gauges()).toEqual({ max: 1, inUse: 0, waiting: 0 });
    } finally {
      release();
      unwatch();
      await database.close();
      await server?.drop();
    }
  });
});
