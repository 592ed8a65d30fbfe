import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fmt, median } from "./stats";

/**
 * Time from `npm start` to the first page served (/login answering 200), on an installed checkout
 * whose portal is already built: once on a new data folder (migrations and demo seed), once on a
 * folder that was started before.
 */
type StartTimes = { page: number; ready: number };

async function answers(url: string) {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

async function timeStart(dataDir: string, port: number): Promise<StartTimes> {
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DISTRICT_API_PORT: String(port + 1000), BILLING_API_PORT: String(port + 1100) },
    stdio: "ignore",
    detached: true,
  });
  try {
    let page = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (!page && (await answers(`http://127.0.0.1:${port}/login`))) page = performance.now() - started;
      // Ready: the sign-in page is served and the API behind it answers.
      if (page && (await answers(`http://127.0.0.1:${port + 1000}/health`))) return { page, ready: performance.now() - started };
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function benchStartup(runs: number) {
  const first: StartTimes[] = [];
  const again: StartTimes[] = [];
  for (let i = 0; i < runs; i++) {
    const root = mkdtempSync(join(tmpdir(), "portal-bench-"));
    const dataDir = join(root, "db");
    first.push(await timeStart(dataDir, 3300));
    again.push(await timeStart(dataDir, 3300));
    rmSync(root, { recursive: true, force: true });
  }
  const line = (times: StartTimes[], key: keyof StartTimes) => `median ${fmt(median(times.map((t) => t[key])))}  [${times.map((t) => fmt(t[key])).join(", ")}]`;
  console.log(`startup, ${runs} runs each (portal already built):`);
  console.log(`  first start (migrations + seed): first page ${line(first, "page")}`);
  console.log(`                                   APIs ready ${line(first, "ready")}`);
  console.log(`  later start (existing data):     first page ${line(again, "page")}`);
  console.log(`                                   APIs ready ${line(again, "ready")}`);
}
