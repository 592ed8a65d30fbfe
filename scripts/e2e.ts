import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { leftOut, leftOutTags } from "../e2e/support/target";

/**
 * Runs the Playwright suite in a system Chromium (playwright.config.ts). A clean CI machine (root, no browser)
 * gets Debian's chromium-headless-shell; elsewhere without one, Playwright's own browser is installed.
 * `--base-url URL` (or E2E_BASE_URL) runs it against a deployment instead of its own stack, saying first which
 * tests it leaves out and why.
 */
function ensureBrowser() {
  const shell = "/usr/bin/chromium-headless-shell";
  if ([shell, "/usr/bin/chromium", "/usr/bin/chromium-browser"].some((p) => existsSync(p))) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("[e2e] installing Debian's chromium-headless-shell…");
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], {
            stdio: "inherit",
            env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
          })
        : update;
    if (install.status === 0 && existsSync(shell)) return;
  }
  console.log("[e2e] no system Chromium: installing Playwright's browser…");
  spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"], { stdio: "inherit" });
}

/** `--base-url URL` or `--base-url=URL` becomes E2E_BASE_URL; the other arguments go to Playwright. */
function takeBaseUrl(args: string[]): string[] {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--base-url") process.env.E2E_BASE_URL = args[++i] ?? "";
    else if (arg.startsWith("--base-url=")) process.env.E2E_BASE_URL = arg.slice("--base-url=".length);
    else rest.push(arg);
  }
  return rest;
}

type ListedSuite = { specs?: { tags?: string[]; tests?: unknown[] }[]; suites?: ListedSuite[] };
type LeftOutTag = keyof typeof leftOut;

/** How many of the selected tests (per browser project) carry each left-out tag: listed, not run, with nothing left out. */
function leftOutCounts(args: string[], tags: LeftOutTag[]): Map<LeftOutTag, number> {
  const env = { ...process.env, E2E_BASE_URL: "" };
  const listed = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", "--list", "--reporter=json", ...args], { env, encoding: "utf8" });
  const counts = new Map<LeftOutTag, number>(tags.map((tag) => [tag, 0]));
  const walk = (suite: ListedSuite) => {
    for (const spec of suite.specs ?? []) {
      // A test tagged both is counted under the first tag only.
      const tag = tags.find((t) => spec.tags?.includes(t.slice(1)) || spec.tags?.includes(t));
      if (tag) counts.set(tag, (counts.get(tag) ?? 0) + (spec.tests?.length ?? 1));
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  try {
    for (const suite of (JSON.parse(listed.stdout) as { suites: ListedSuite[] }).suites) walk(suite);
  } catch {
    console.log("[e2e] could not list the suite to count the tests left out");
  }
  return counts;
}

const args = takeBaseUrl(process.argv.slice(2));
const tags = leftOutTags();
if (process.env.E2E_BASE_URL) {
  console.log(`[e2e] against ${process.env.E2E_BASE_URL}, not a stack of the suite's own`);
  for (const [tag, count] of leftOutCounts(args, tags)) console.log(`[e2e] leaving out ${count} test(s) tagged ${tag}: ${leftOut[tag]}`);
}
ensureBrowser();
const result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...args], { stdio: "inherit" });
process.exit(result.status ?? 1);
