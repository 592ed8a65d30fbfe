import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { processCpuSeconds } from "./process-cpu";

/**
 * `npm run bench suite-cpu [-- playwright arguments]`: the browser suite (npm run test:e2e) with the CPU time of
 * every process on the machine read every half second, summed by kind: Chromium's renderers, its browser and
 * GPU processes, Playwright's workers, the APIs, the portal, the database. npm test's timing line counts only the
 * processes it waits for, and the suite's browsers and stack are not among them: this says where its time goes.
 * Linux only (/proc). Build the portal first as npm test does (`npx tsx scripts/test-build.ts`), or the suite's
 * stack builds it and the build is counted too.
 */
function kindOf(command: string): string {
  if (/chrom|headless_shell/.test(command)) {
    const type = /--type=([\w-]+)/.exec(command)?.[1];
    return type ? `Chromium ${type}` : "Chromium browser";
  }
  if (command.startsWith("postgres")) return "PostgreSQL";
  if (command.includes("@playwright/test/cli.js")) return "Playwright runner";
  if (command.includes("playwright")) return "Playwright workers";
  if (command.includes("portal-server")) return "portal";
  if (command.includes("services/main") || command.includes("dist/services")) return "APIs";
  if (command.includes("stack-server")) return "stack server and mail sink";
  if (command.includes("next build") || command.includes("release-build")) return "the build";
  return "other";
}

/** Each process's CPU seconds so far (user and system) and its kind, by pid. */
function readProcesses(into: Map<string, { kind: string; seconds: number }>) {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const seconds = processCpuSeconds(pid);
      const known = into.get(pid);
      // A pid seen with more time than it has now was reused by a new process: read its command again.
      if (known && known.seconds <= seconds) known.seconds = seconds;
      else into.set(pid, { kind: kindOf(readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ")), seconds });
    } catch {
      // ended between the listing and the read
    }
  }
}

export async function benchSuiteCpu(args: string[]) {
  const before = new Map<string, { kind: string; seconds: number }>();
  readProcesses(before);
  const seen = new Map([...before].map(([pid, p]) => [pid, { ...p }]));
  const started = performance.now();
  const suite = spawn("npm", ["run", "test:e2e", "--", ...args], { stdio: "inherit" });
  const sampler = setInterval(() => readProcesses(seen), 500);
  const code = await new Promise<number | null>((done) => suite.once("exit", done));
  clearInterval(sampler);
  readProcesses(seen);
  const totals = new Map<string, number>();
  for (const [pid, { kind, seconds }] of seen) {
    const earlier = before.get(pid);
    const spent = earlier && earlier.kind === kind ? seconds - earlier.seconds : seconds;
    totals.set(kind, (totals.get(kind) ?? 0) + spent);
  }
  const all = [...totals.values()].reduce((sum, s) => sum + s, 0);
  console.log(`[bench] browser suite: ${((performance.now() - started) / 1000).toFixed(0)} s, exit code ${code}, ${all.toFixed(0)} CPU-s on the machine:`);
  for (const [kind, seconds] of [...totals].sort((a, b) => b[1] - a[1]))
    if (seconds >= 0.5) console.log(`  ${seconds.toFixed(0).padStart(5)} CPU-s  ${((100 * seconds) / all).toFixed(0).padStart(3)} %  ${kind}`);
}
