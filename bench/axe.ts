import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { axeViolations, belowSeriousRules } from "../e2e/support/axe";
import { systemChromium } from "../e2e/support/chromium";
import { hydrated } from "../e2e/support/hydrated";
import { admin, signIn } from "../e2e/support/script-weight";
import { startStack } from "../scripts/stack";
import { median } from "./stats";

const pages = [
  "/dashboard",
  "/administration/school-management",
  "/administration/user-management/staff-management",
  "/administration/user-management/student-management/admission",
];

/** Milliseconds of one axe run on a freshly loaded page, axe injected first as the suite does. */
async function timedRun(page: Page, leftOut: string[]): Promise<number> {
  await page.reload();
  await hydrated(page);
  const started = performance.now();
  await axeViolations(page, leftOut);
  return performance.now() - started;
}

/**
 * The browser suite's accessibility check (e2e/support/axe.ts) on a fresh load of four pages, with axe's every
 * rule and with the rules that can only report below serious left out: medians of `runs` each, taken in turn.
 */
export async function benchAxe(runs: number) {
  const root = mkdtempSync(join(tmpdir(), "portal-axe-"));
  const ports = { PORT: "3810", DISTRICT_API_PORT: "4810", BILLING_API_PORT: "4910" };
  const stack = await startStack({ env: { DATA_DIR: join(root, "db"), ...ports, LOG_MAIL: "false" }, quiet: true });
  // The suite's own browser, since this weighs the suite's check.
  const browser = await chromium.launch({ executablePath: systemChromium });
  try {
    const portal = `http://localhost:${ports.PORT}`;
    const context = await browser.newContext({ baseURL: portal });
    await signIn(context, portal, admin);
    const page = await context.newPage();
    console.log(`axe on a fresh load, median of ${runs} (ms): every rule / without the ${belowSeriousRules.length} below serious`);
    for (const path of pages) {
      await page.goto(path);
      const every: number[] = [];
      const checked: number[] = [];
      for (let i = 0; i < runs; i++) {
        every.push(await timedRun(page, []));
        checked.push(await timedRun(page, belowSeriousRules));
      }
      const [a, b] = [median(every), median(checked)];
      console.log(`  ${path.padEnd(64)} ${a.toFixed(0).padStart(5)} / ${b.toFixed(0).padStart(5)}  (${((100 * b) / a).toFixed(0)} %)`);
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
