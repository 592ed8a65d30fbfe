import { openDatabase } from "../client";
import { writeAtomically } from "./atomic-file";
import { formatSize, keyCounts } from "./key-counts";
import { describeServer, runPgTool } from "./pg-tool";

/**
 * The PostgreSQL database of `url` into `file` with pg_dump's custom format (one consistent snapshot, taken
 * while the product runs), without owners or grants so it restores under any role. Images are rows, so
 * they are in it. The counts are read just after the dump.
 */
export async function backupServer(url: string, file: string): Promise<string[]> {
  const size = await writeAtomically(file, async (temporary) => {
    await runPgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${temporary}`], url);
  });
  const database = await openDatabase({ url, pool: { max: 1 } });
  try {
    return [`Backed up the ${describeServer(url)} to ${file} (${formatSize(size)}).`, `Just after, the database held ${await keyCounts(database.db)}.`];
  } finally {
    await database.close();
  }
}
