import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { demoPasswords, demoSecondFactorSecret } from "../services/db/demo-data";
import { axeViolations, belowSeriousRules } from "../e2e/support/axe";
import { finishSignIn } from "../e2e/support/second-factor";
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
  await page.locator('html[data-script="coming"]').waitFor({ state: "detached" });
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
  const executablePath = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  const browser = await chromium.launch({ executablePath });
  try {
    const context = await browser.newContext({ baseURL: `http://localhost:${ports.PORT}` });
    const page = await context.newPage();
    const account = { email: "admin.ed1@example.org", password: demoPasswords.admin, totpSecret: demoSecondFactorSecret };
    const answer = await (await page.request.post("/api/auth/login", { data: { email: account.email, password: account.password } })).json();
    await page.goto(await finishSignIn(page.request, answer, account));
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
