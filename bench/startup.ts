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
async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DISTRICT_API_PORT: String(port + 1000), BILLING_API_PORT: String(port + 1100) },
    stdio: "ignore",
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://localhost:${port}/login`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function benchStartup(runs: number) {
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < runs; i++) {
    const root = mkdtempSync(join(tmpdir(), "portal-bench-"));
    const dataDir = join(root, "db");
    first.push(await timeStart(dataDir, 3300));
    again.push(await timeStart(dataDir, 3300));
    rmSync(root, { recursive: true, force: true });
  }
  console.log(`startup, ${runs} runs each (portal already built):`);
  console.log(`  first start (migrations + seed): median ${fmt(median(first))}  [${first.map(fmt).join(", ")}]`);
  console.log(`  later start (existing data):     median ${fmt(median(again))}  [${again.map(fmt).join(", ")}]`);
}
