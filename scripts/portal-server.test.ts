import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, startApiProcess } from "../services/test/api-process";
import { seededDataDirIn } from "../services/test/seeded-database";
import { serverArgs } from "../services/test/server-bundle";

const secret = () => randomBytes(32).toString("base64url");

/** Runs the portal's server with these variables (and no others) until it exits (or 60 s pass); its exit code and output. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const variables: Record<string, string> = { PATH: process.env.PATH ?? "", ...env };
    const child = spawn(process.execPath, serverArgs("portal-server"), {
      env: variables as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("the portal's server refuses to start misconfigured, before it takes traffic", () => {
  it("refuses to listen beyond this machine without PORTAL_URL, and says why", async () => {
    const { code, output } = await runServer({ PORTAL_HOST: "0.0.0.0", PORT: "3999", SESSION_SECRET: secret(), INTERNAL_SECRET: secret() });
    expect(code).toBe(1);
    expect(output).toContain("PORTAL_URL");
  }, 45_000);

  it("names each missing or wrong variable on a line of its own", async () => {
    const { code, output } = await runServer({ PORT: "3999", INTERNAL_SECRET: secret(), UPSTREAM_TIMEOUT_MS: "soon" });
    expect(code).toBe(1);
    expect(output).toMatch(/configuration: SESSION_SECRET: .*\n/);
    expect(output).toMatch(/configuration: UPSTREAM_TIMEOUT_MS: .*\n/);
    expect(output).toContain("not starting");
  }, 45_000);

  it("refuses to start when the APIs do not share its INTERNAL_SECRET, naming it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "portal-handshake-"));
    const apis = await startApiProcess({ DATA_DIR: seededDataDirIn(dataDir) });
    try {
      const { code, output } = await runServer({
        PORT: String(await freePort()),
        SESSION_SECRET: secret(),
        INTERNAL_SECRET: secret(), // not the APIs'
        DISTRICT_API_URL: apis.districtUrl,
        BILLING_API_URL: apis.billingUrl,
      });
      expect(code).toBe(1);
      expect(output).toMatch(/INTERNAL_SECRET: the district API at .* does not share this portal's INTERNAL_SECRET/);
    } finally {
      await apis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
