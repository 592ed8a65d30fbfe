import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/**
 * Writes `file` all at once or not at all: `write` fills a temporary file beside it, which is flushed to
 * disk and renamed over `file` only once complete, so a backup cut short never looks like a backup and
 * never replaces a good one. Returns the size written.
 */
export async function writeAtomically(file: string, write: (temporary: string) => Promise<void>): Promise<number> {
  const folder = dirname(resolve(file));
  if (!existsSync(folder)) throw new Error(`The folder ${folder} does not exist: create it, or name a file in another folder.`);
  const temporary = join(folder, `.${basename(file)}.partial-${process.pid}`);
  try {
    await write(temporary);
    const fd = openSync(temporary, "r+");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  return statSync(file).size;
}
