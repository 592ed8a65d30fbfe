import { openDatabase } from "../../services/db/client";
import { migrateAndSeed } from "../../services/test/seeded-template";
import { freshServerDatabase } from "../../services/test/server-database";

/**
 * A stack's database: with TEST_DATABASE_URL (and not E2E_EMBEDDED=true), a new database named from `prefix` on that
 * PostgreSQL server, migrated and seeded with the demo as the embedded one is at its first start; else none (the
 * stack makes its embedded one). The suite spent about a tenth of its CPU in the embedded database's WebAssembly
 * (measured: 562 CPU-s for the suite embedded, 503 on the server). `stackDatabaseEnv` is what the stack is given.
 */
export async function stackServerDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || process.env.E2E_EMBEDDED === "true") return undefined;
  const server = await freshServerDatabase(serverUrl, prefix);
  const database = await openDatabase({ url: server.url, pool: { max: 1 } });
  await migrateAndSeed(database);
  await database.close();
  return server;
}

/** One API process, as on the embedded database: the suite's tests of several are the deployment test's. */
export const stackDatabaseEnv = (server: { url: string } | undefined) => (server ? { DATABASE_URL: server.url, API_WORKERS: "1" } : {});
