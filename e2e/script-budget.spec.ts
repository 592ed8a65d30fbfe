import { expect, test } from "@playwright/test";
import { portalUrl } from "./support/ports";
import { deepIds, measuredPages, scriptTransferred, type MeasuredPage } from "./support/script-weight";

/**
 * The script budgets (architecture 'Performance'): every page route of lib/routes.ts, on a cold load of
 * the production build, transfers no more of the portal's own compressed script than its budget (guest
 * pages 165 KB, signed-in pages 210 KB). Byte counts are fixed for a build, so this is a test, not a timing.
 */
test.describe("script budgets", () => {
  test.describe.configure({ mode: "serial" });
  let pages: MeasuredPage[] = [];

  test.beforeAll(async ({ browser }) => {
    pages = measuredPages(await deepIds(browser, portalUrl));
  });

  test("every page stays within its budget of compressed script @stack @writes", async ({ browser }) => {
    test.setTimeout(180_000);
    const over: string[] = [];
    for (const page of pages) {
      const { kb, status } = await scriptTransferred(browser, portalUrl, page);
      // A page that failed to render would weigh too little to mean anything.
      expect(status, `${page.path} answered ${status}`).toBeLessThan(500);
      if (kb > page.budgetKb) over.push(`${page.path}: ${kb.toFixed(1)} KB of script, budget ${page.budgetKb} KB`);
    }
    expect(over, `pages over their script budget:\n${over.join("\n")}`).toEqual([]);
  });
});
