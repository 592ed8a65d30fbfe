import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeAtomically } from "./atomic-file";
import { packEmbeddedArchive } from "./embedded-archive";
import { formatSize, keyCounts } from "./key-counts";
import { openEmbedded } from "./open-embedded";

/**
 * The embedded database of `dataDir` into `file`: PGlite's archive of its data folder (gzip'd tar), taken
 * while nothing else has the folder open (the product must be stopped: one process per folder). Images
 * are rows, so they are in it.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<string[]> {
  if (!existsSync(join(dataDir, "PG_VERSION"))) throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  const database = await openEmbedded(dataDir);
  try {
    // Everything in the data files, so a restore replays next to nothing and needs only the log's last segment.
    await database.client.exec("checkpoint");
    const [end] = (await database.client.query<{ segment: string }>("select pg_walfile_name(pg_current_wal_insert_lsn()) as segment")).rows;
    if (!end) throw new Error("The database did not say where its log ends.");
    const tar = new Uint8Array(await (await database.client.dumpDataDir("none")).arrayBuffer());
    const archive = await packEmbeddedArchive(tar, end.segment);
    const size = await writeAtomically(file, async (temporary) => writeFileSync(temporary, archive));
    return [`Backed up the embedded database in ${dataDir} to ${file} (${formatSize(size)}).`, `It holds ${await keyCounts(database.db)}.`];
  } finally {
    await database.close();
  }
}
