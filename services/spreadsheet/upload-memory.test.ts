import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportRowsPage } from "../../lib/contract/imports";
import { tooLong } from "../../lib/contract/messages";
import type { AuthResult } from "../../lib/contract/user";
import { demoPasswords } from "../db/demo-data";
import { residentMemory, resetPeak, startApiProcess, type ApiProcess } from "../test/api-process";
import { seededDataDirIn } from "../test/seeded-database";
import { workbooks } from "../test/workbooks";
import { demoCode } from "../test/sign-in";

/**
 * An upload's memory is bounded by the cell cap, whatever the file holds: the APIs' process (as
 * `npm run services` runs it, embedded) takes a 15 MB cell in a CSV, a 15 MB line, a 15 MB shared string
 * and a 15 MB inline cell one after another, each staged with the cell's own error, while its resident
 * memory never rises more than GROWTH_BOUND_MB above where it stood. (Before the readers kept to the cap,
 * one such cell cost about 500 MB.) The process it starts is embedded whatever the test project, so it
 * runs once, in the embedded project.
 */
const GROWTH_BOUND_MB = 150;
const FIFTEEN_MB = 15 * 1024 * 1024;

/**
 * Letters that do not compress much, so a workbook holding them is not taken for a zip bomb: each random byte picks one
 * of the 52 (a fifth of the CPU of a base64 text with its other characters replaced, 0.2 s for 15 MB).
 */
const noise = (length: number) =>
  Buffer.from(
    randomBytes(length).map((byte) => {
      const letter = byte % 52;
      return letter < 26 ? 65 + letter : 71 + letter; // A–Z, then a–z
    }),
  ).toString("latin1");

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("an upload's memory", () => {
  let apis: ApiProcess;
  let dataDir: string;
  let token: string;
  const header = ["Name", "Description", "Address", "Local Government", "Category"];
  let cases: [what: string, bytes: Uint8Array, name: string][];

  beforeAll(async () => {
    // Every file is made before the APIs start. Making one (15 MB of noise, encoded) holds this process's event loop
    // for seconds on a busy machine: made between uploads, it outlasted the 5 s the APIs keep an idle connection,
    // and the next upload went out on the kept-alive socket they had just closed (EPIPE, no answer).
    const bigCell = () => [header, [noise(FIFTEEN_MB), "", "1 Road", "Agege", "Primary"]];
    cases = [
      ["a 15 MB cell (CSV)", workbooks.csv(bigCell()), "cell.csv"],
      ["a 15 MB line (CSV)", Buffer.from(`${header.join(",")}\n${noise(200)},,1 Road,Agege,Primary${",abcdefghijklmn".repeat(FIFTEEN_MB / 15)}\n`), "line.csv"],
      ["a 15 MB shared string (xlsx)", await workbooks.foreign(bigCell()), "shared.xlsx"],
      ["a 15 MB inline cell (xlsx)", await workbooks.ours(bigCell()), "inline.xlsx"],
    ];
    dataDir = mkdtempSync(join(tmpdir(), "portal-upload-memory-"));
    apis = await startApiProcess({ DATA_DIR: seededDataDirIn(dataDir) });
    const login = await fetch(`${apis.districtUrl}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: "admin.ed1@example.org", password: demoPasswords.admin, code: demoCode() }),
    });
    token = ((await login.json()) as AuthResult).authorizationToken;
  }, 180_000);
  afterAll(async () => {
    await apis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${apis.districtUrl}/school/upload-multiple`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    }).catch((error: unknown) => {
      // A connection that breaks with no answer: the error carries the APIs' state and last output.
      const state = apis.child.exitCode ?? apis.child.signalCode ?? "running";
      throw new Error(`upload of ${name} failed (${String(error)}); the APIs: ${state}; their last output:\n${apis.output().slice(-3000)}`, { cause: error });
    });
    return { status: response.status, body: (await response.json()) as ImportRowsPage & { message?: string } };
  };

  it(`stays within ${GROWTH_BOUND_MB} MB above its resident size while it takes a 15 MB cell, line, shared string and inline cell`, async () => {
    const pid = apis.child.pid ?? 0;
    // A small upload first, so what is measured is the files, not the first use of the code.
    expect((await upload(workbooks.csv([header, ["Warm School", "", "1 Road", "Agege", "Primary"]]), "warm.csv")).status).toBe(201);
    const before = residentMemory(pid).rssMb;
    resetPeak(pid);

    const peaks: string[] = [];
    for (const [what, bytes, name] of cases) {
      const { status, body } = await upload(bytes, name);
      expect(status, `${what}: ${JSON.stringify(body).slice(0, 300)}`).toBe(201);
      expect(body.invalidRows, what).toBe(1);
      expect(body.rows[0]?.errors.name, what).toBe(tooLong(150));
      peaks.push(`${what}: peak ${residentMemory(pid).peakMb.toFixed(0)} MB`);
    }
    const peak = residentMemory(pid).peakMb;
    console.log(`[upload memory] resident ${before.toFixed(0)} MB before; ${peaks.join("; ")}`);
    expect(peak - before, `resident ${before.toFixed(0)} MB before; ${peaks.join("; ")}`).toBeLessThan(GROWTH_BOUND_MB);
  }, 180_000);
});
