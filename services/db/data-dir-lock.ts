import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { resolve } from "node:path";

export class DataDirLockedError extends Error {}

/** Lock files this process holds now. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite takes no lock of its own, and two processes on one data folder corrupt it.
 * We hold a lock file with our pid; a lock left by a dead process is reclaimed.
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = resolve(dataDir, "portal.lock");
  // A lock file with our own pid is stale (a restarted container reuses pids) unless this process holds it now.
  if (heldHere.has(lockPath)) throw new DataDirLockedError(`The database folder ${dataDir} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        heldHere.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The database folder ${dataDir} is in use by another process (pid ${pid}). ` + "Stop that process first, or set DATA_DIR to another folder.",
        );
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the database folder ${dataDir}.`);
}
