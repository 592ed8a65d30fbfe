import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import type { Db } from "../client";
import { acquireDataDirLock, DataDirLockedError } from "../data-dir-lock";
import * as schema from "../schema";

/** The pid in the folder's lock file, as data-dir-lock.ts writes it. */
function lockHolder(dataDir: string): string {
  try {
    return readFileSync(resolve(dataDir, "portal.lock"), "utf8").trim();
  } catch {
    return "unknown"; // released just now
  }
}

/** The folder is held by a running product: nothing was opened, nothing touched. */
export class FolderInUseError extends Error {}

export type EmbeddedDatabase = { client: PGlite; db: Db; close: () => Promise<void> };

/**
 * The embedded database of `dataDir` as the APIs open it (client.ts): under the folder's lock, with the
 * same extensions, and, given `archive`, loaded from a backup into the empty folder. A folder held by a
 * running product is refused in one line: PGlite allows one process per folder.
 */
export async function openEmbedded(dataDir: string, archive?: Blob): Promise<EmbeddedDatabase> {
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new FolderInUseError(
      `The product is running on the embedded database in ${dataDir} (pid ${lockHolder(dataDir)}); it can be opened by one process only. ` +
        "Stop the product first (Ctrl+C where `npm start` runs), then run this again.",
    );
  }
  try {
    const client = new PGlite(dataDir, { extensions: { pg_trgm }, ...(archive ? { loadDataDir: archive } : {}) });
    await client.waitReady;
    return {
      client,
      db: drizzle(client, { schema }) as unknown as Db,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
