import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { saveUpload, sweepStaleUploadFolders } from "./upload-file";

/** A multipart request with one `file` field. */
function upload(bytes: string, name = "schools.csv") {
  const form = new FormData();
  form.set("file", new Blob([bytes]), name);
  return new Request("http://api.local/upload", { method: "POST", body: form });
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("uploaded temporary files", () => {
  it("are written 0600 into a folder of this process that only its user can open", async () => {
    const saved = await saveUpload(upload("Name\nA School\n"));
    try {
      expect(statSync(saved.path).mode & 0o777).toBe(0o600);
      const folder = dirname(saved.path);
      expect(folder).not.toBe(tmpdir());
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(folder).toContain(`-${process.pid}-`);
    } finally {
      await saved.remove();
    }
  });

  it("are gone after every refusal", async () => {
    const before = (folder: string) => readdirSync(folder).length;
    const saved = await saveUpload(upload("x"));
    const folder = dirname(saved.path);
    await saved.remove();
    const count = before(folder);
    await expect(saveUpload(upload(""))).rejects.toThrow();
    await expect(
      saveUpload(
        new Request("http://api.local/upload", { method: "POST", body: "not multipart", headers: { "content-type": "multipart/form-data; boundary=x" } }),
      ),
    ).rejects.toThrow();
    expect(before(folder)).toBe(count);
  });

  it("are swept at start only for processes that are no longer running", async () => {
    const dead = join(tmpdir(), `portal-uploads-${deadPid()}-stale`);
    const live = join(tmpdir(), `portal-uploads-${process.ppid}-other-worker`);
    mkdirSync(dead, { recursive: true });
    mkdirSync(live, { recursive: true });
    await sweepStaleUploadFolders();
    expect(() => statSync(dead)).toThrow();
    expect(statSync(live).isDirectory()).toBe(true);
    rmSync(live, { recursive: true, force: true });
  });
});
