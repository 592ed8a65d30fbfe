import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock";

describe("data folder lock", () => {
  let dir: string;
  let lockFile: string;
  const releases: (() => void)[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "portal-lock-"));
    lockFile = join(dir, "portal.lock");
  });
  afterEach(() => {
    for (const release of releases.splice(0)) release();
    rmSync(dir, { recursive: true, force: true });
  });
  const acquire = () => {
    const release = acquireDataDirLock(dir);
    releases.push(release);
    return release;
  };

  it("writes this process's pid into the lock file, and release removes it", () => {
    const release = acquire();
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
    // The folder can be locked again once released, and a second call of an old release leaves the new lock alone.
    acquire();
    release();
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it("refuses a folder held by another live process", () => {
    writeFileSync(lockFile, String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`pid ${process.ppid}`);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.ppid));
  });

  it("refuses a second lock of a folder this process already holds", () => {
    acquire();
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
  });

  it("reclaims a lock left by a process that is gone", () => {
    writeFileSync(lockFile, "2147483646");
    acquire();
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
  });

  it("reclaims a lock file with garbage in it", () => {
    writeFileSync(lockFile, "not a pid");
    acquire();
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
  });
});
