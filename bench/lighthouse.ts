import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { printDetails, raceOf } from "./lighthouse-details";
import { deepIds } from "../e2e/support/script-weight";
import { routes } from "../lib/routes";
import { demoPasswords } from "../services/db/demo-data";
import { startStack } from "../scripts/stack";
import { median } from "./stats";
import { demoCode } from "../services/test/sign-in";

/**
 * Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU: its defaults) on the pages of the
 * page-weight issue, the two registers and the statistics (issue 36), `runs` times each, against the production build on a stack of its own; prints the
 * medians of the performance score, LCP, TBT and CLS, and Lighthouse's benchmark index of this machine
 * (the simulated CPU slowdown is relative to it, so TBT on a busy shared machine reads high). The district
 * administrator signs in once; Lighthouse clears the cache before each run but never the cookies.
 */
const DEBUG_PORT = 9333;

/**
 * BENCH_THROTTLING=devtools has Chrome itself slow the line and the CPU during the run, instead of
 * Lighthouse simulating them from a run at full speed. On loopback the simulation was bimodal: whether the
 * first paint of a run came just before or just after the scripts finished loading (a few milliseconds
 * either way) decided whether its LCP estimate counted every script, about 1.1 s or 2.2 s on these pages.
 * The portal now fetches and runs them after the first paint (scripts/paint-first.ts); BENCH_DETAILS=1
 * prints each run's race.
 */
const throttlingMethod = process.env.BENCH_THROTTLING === "devtools" ? "devtools" : "simulate";
/** BENCH_PAGES=staff-management,admission-register: only the pages whose path ends with one of these. */
const only = process.env.BENCH_PAGES?.split(",").filter(Boolean);
/** BENCH_DETAILS=1: after each page, its last run's LCP element and phases, the shifts and the requests before LCP. */
const details = process.env.BENCH_DETAILS === "1";
/** BENCH_REPORT_DIR=dir: every run's report as JSON, for Lighthouse's viewer. */
const reportDir = process.env.BENCH_REPORT_DIR;

export async function benchLighthouse(runs: number) {
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const root = mkdtempSync(join(tmpdir(), "portal-lighthouse-"));
  const ports = { PORT: "3810", DISTRICT_API_PORT: "4810", BILLING_API_PORT: "4910" };
  const stack = await startStack({ env: { DATA_DIR: join(root, "db"), ...ports, LOG_MAIL: "false" }, quiet: true });
  const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  const browser = await chromium.launch({ executablePath, args: [`--remote-debugging-port=${DEBUG_PORT}`] });
  const portal = `http://localhost:${ports.PORT}`;
  try {
    const ids = await deepIds(browser, portal);
    /**
     * A new session for each run: Lighthouse sends the same Cookie header every time and drops what the
     * portal sets, so once the access token of a shared session had expired, one run's refresh rotated the
     * refresh token and the next run's reuse of the old one revoked the session (on a loaded machine, from
     * the second page on, every run ended at ERRORED_DOCUMENT_REQUEST).
     */
    const freshCookie = async () => {
      const signIn = await fetch(`${portal}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: portal },
        body: JSON.stringify({ email: "admin.ed1@example.org", password: demoPasswords.admin, code: demoCode() }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);
      return cookie;
    };

    const pages: [string, boolean][] = (
      [
        [routes.login, false],
        [routes.dashboard, true],
        [routes.schoolManagement, true],
        [routes.staffManagement, true],
        [routes.admissionRegister, true],
        [routes.statistics, true],
        [routes.permissionManagement, true],
        [routes.profile, true],
        [routes.editSchool(ids.editSchool), true],
      ] as [string, boolean][]
    ).filter(([path]) => !only || only.some((part) => path.endsWith(part)));
    console.log(`Lighthouse ${runs} runs a page, mobile preset (throttling: ${throttlingMethod}), medians:`);
    for (const [path, signedIn] of pages) {
      const results: Record<"score" | "lcp" | "tbt" | "cls" | "index", number>[] = [];
      let lastLhr: Result | undefined;
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${portal}${path}`, {
          port: DEBUG_PORT,
          onlyCategories: ["performance"],
          logLevel: "error",
          throttlingMethod,
          ...(signedIn ? { extraHeaders: { Cookie: await freshCookie() } } : {}),
        });
        if (!result) throw new Error(`no Lighthouse result for ${path}`);
        const { lhr } = result;
        if (reportDir) writeFileSync(join(reportDir, `${path.replace(/\W+/g, "_")}-${i + 1}.json`), JSON.stringify(lhr));
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (lhr.finalDisplayedUrl !== `${portal}${path}`) throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}`);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        if (details)
          console.log(
            `      run ${i + 1}: LCP ${(metric("largest-contentful-paint") / 1000).toFixed(2)} s; ${raceOf(result.artifacts.Trace.traceEvents as Parameters<typeof raceOf>[0])}`,
          );
        lastLhr = lhr;
        results.push({
          score: (lhr.categories.performance?.score ?? NaN) * 100,
          lcp: metric("largest-contentful-paint"),
          tbt: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
          index: lhr.environment.benchmarkIndex,
        });
      }
      if (details) printDetails(lastLhr);
      const m = (key: "score" | "lcp" | "tbt" | "cls" | "index") => median(results.map((r) => r[key]));
      console.log(
        `  ${path.padEnd(72)} score ${m("score").toFixed(0).padStart(3)}  LCP ${(m("lcp") / 1000).toFixed(2)} s  TBT ${m("tbt").toFixed(0)} ms  CLS ${m("cls").toFixed(3)}  (benchmark index ${m("index").toFixed(0)})`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
