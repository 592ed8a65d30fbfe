import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { readEmbeddedArchive } from "./embedded-archive";
import { keyCounts } from "./key-counts";
import { FolderInUseError, openEmbedded } from "./open-embedded";

/**
 * A backup of the embedded database into `dataDir`, which must be empty or not exist yet: a restore never
 * replaces a database (the operator moves the old folder aside first). The file is checked whole before
 * the folder is touched; if the restored database then fails to open, the folder is emptied again.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string[]> {
  if (!existsSync(file)) throw new Error(`There is no file ${file}.`);
  const tar = await readEmbeddedArchive(readFileSync(file), file);
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw new Error(`${dataDir} (DATA_DIR) is a file, not a folder.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `${dataDir} (DATA_DIR) is not empty: a restore goes into an empty place. Move that folder aside (or set DATA_DIR to a new one), then run this again.`,
    );
  mkdirSync(dataDir, { recursive: true });
  let counts: string;
  try {
    const database = await openEmbedded(dataDir, new Blob([tar], { type: "application/x-tar" }));
    try {
      counts = await keyCounts(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof FolderInUseError) throw error;
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    throw new Error(`The backup ${file} did not open as a database (${error instanceof Error ? error.message : String(error)}); ${dataDir} is empty again.`);
  }
  return [`Restored ${file} into ${dataDir}.`, `It holds ${counts}.`];
}
