import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { measuredPages, openScriptMeter } from "../e2e/support/script-weight";
import { startStack } from "../scripts/stack";

/**
 * The portal's own script transferred (compressed) on a cold load of every page of the production build,
 * with its budget: the figures behind the budget test (e2e/script-budget.spec.ts), printed for every page.
 */
export async function benchPageWeight() {
  const root = mkdtempSync(join(tmpdir(), "portal-weight-"));
  const ports = { PORT: "3800", DISTRICT_API_PORT: "4800", BILLING_API_PORT: "4900" };
  const stack = await startStack({ env: { DATA_DIR: join(root, "db"), ...ports, LOG_MAIL: "false" }, quiet: true });
  const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  const browser = await chromium.launch({ executablePath });
  const meter = openScriptMeter(browser, `http://localhost:${ports.PORT}`);
  try {
    console.log("Script transferred on a cold load (compressed, the portal's own), and the page's budget:");
    for (const page of measuredPages(await meter.deepIds())) {
      const { kb, status } = await meter.weigh(page);
      const mark = kb > page.budgetKb ? "  OVER" : "";
      console.log(`  ${page.path.padEnd(72)} ${kb.toFixed(1).padStart(6)} KB / ${page.budgetKb} KB${status === 200 ? "" : `  (status ${status})`}${mark}`);
    }
  } finally {
    await meter.close();
    await browser.close();
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
