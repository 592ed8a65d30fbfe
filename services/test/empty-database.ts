import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { embeddedDatabase, memoryPglite, type Database } from "../db/client";

/** The run's dump of a new cluster, read once per worker. */
let dump: { file: string; blob: Blob } | undefined;

/**
 * A new embedded database in memory, before any migration, for the tests of how a database is made (the migrator,
 * the migrations, the pool): a copy of the run's dump of one (seeded-template.ts), which opens in about 0.4 s of
 * CPU where initdb takes 1.6. Without the dump (a file run outside the embedded project), initdb runs.
 */
export function emptyPglite(): PGlite {
  const file = inject("emptyDataDir");
  if (file && dump?.file !== file) dump = { file, blob: new Blob([readFileSync(file)]) };
  return memoryPglite(file ? dump?.blob : undefined);
}

/** The same as a Database, as openDatabase({ memory: true }) gives one; closing it closes the copy. */
export async function emptyEmbeddedDatabase(): Promise<Database> {
  const client = emptyPglite();
  await client.waitReady;
  return embeddedDatabase(client, () => client.close());
}
