import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs the portal's server with these variables until it exits (or 30 s pass); its exit code and output. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/portal-server.ts"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("the portal's server", () => {
  it("refuses to listen beyond this machine without PORTAL_URL, and says why", async () => {
    const { code, output } = await runServer({ PORTAL_HOST: "0.0.0.0", PORT: "3999", PORTAL_URL: "" });
    expect(code).toBe(1);
    expect(output).toContain("PORTAL_URL");
  }, 45_000);
});
