import { expect, test } from "@playwright/test";
import { portalUrl } from "./support/ports";
import { COLD_LOAD_FLOOR_KB, measuredPages, openScriptMeter, type MeasuredPage, type ScriptMeter, type Weighed } from "./support/script-weight";

/**
 * The script budgets (architecture 'Performance'): every page route of lib/routes.ts, on a cold load of
 * the production build, transfers no more of the portal's own compressed script than its budget (guest
 * pages 165 KB, signed-in pages 210 KB). Byte counts are fixed for a build, so this is a test, not a timing.
 * Each account signs in once; every page is loaded in a new tab with the browser's cache off. The same
 * loads show that every page is styled and carries the portal's stylesheet at most twice (its style
 * element and React's payload; app/layout.tsx says how a third copy came in), and that every script chunk
 * a page loads begins with the compile hint (scripts/compile-hints.ts).
 */
test.describe("script budgets", () => {
  test.describe.configure({ mode: "serial" });
  let meter: ScriptMeter;
  let pages: MeasuredPage[] = [];

  test.beforeAll(async ({ browser }) => {
    meter = openScriptMeter(browser, portalUrl);
    pages = measuredPages(await meter.deepIds());
  });

  test.afterAll(async () => {
    await meter?.close();
  });

  test("every page stays within its budget of compressed script @stack @writes", async () => {
    // About 45 pages and three sign-ins: under a minute on a quiet machine; room for a loaded one.
    test.setTimeout(360_000);
    // One lane per account, side by side: a lane's pages load one after another in its own context.
    const lanes = new Map<string, MeasuredPage[]>();
    for (const page of pages) {
      const account = page.account?.email ?? "guest";
      lanes.set(account, [...(lanes.get(account) ?? []), page]);
    }
    const weighed = new Map<MeasuredPage, Weighed & { ms: number }>();
    const coldAgain: string[] = [];
    await Promise.all(
      [...lanes].map(async ([account, lane]) => {
        for (const page of lane) {
          const began = Date.now();
          weighed.set(page, { ...(await meter.weigh(page)), ms: Date.now() - began });
        }
        // The cache stays off: the lane's first page (its context's first load, with nothing to reuse)
        // weighs the same when loaded again after all the others.
        const [first] = lane;
        const firstKb = first ? (weighed.get(first)?.kb ?? 0) : 0;
        const again = first ? await meter.weigh(first) : undefined;
        if (first && again && again.kb < firstKb - 1)
          coldAgain.push(`${first.path} as ${account}: ${again.kb.toFixed(1)} KB loaded again, ${firstKb.toFixed(1)} KB the first time`);
      }),
    );
    const lines = pages.map((page) => {
      const w = weighed.get(page);
      return `${page.path.padEnd(90)} ${(w?.kb ?? 0).toFixed(1).padStart(6)} KB / ${page.budgetKb} KB  (${w?.ms ?? 0} ms)`;
    });
    await test.info().attach("script per page", { body: lines.join("\n"), contentType: "text/plain" });
    console.log(lines.join("\n"));
    // A page that failed to render would weigh too little to mean anything.
    const failed = pages.filter((page) => (weighed.get(page)?.status ?? 0) >= 500).map((page) => `${page.path} answered ${weighed.get(page)?.status}`);
    expect(failed, "pages that failed to render").toEqual([]);
    // Nor would a load weighed before its chunks came (or one that took them from a cache): React and Next's
    // runtime alone weigh more than this.
    const light = pages
      .filter((page) => (weighed.get(page)?.kb ?? 0) < COLD_LOAD_FLOOR_KB)
      .map((page) => `${page.path}: ${weighed.get(page)?.kb.toFixed(1)} KB (${weighed.get(page)?.scripts.join(", ")})`);
    expect(light, `pages that loaded less script than a cold load does:\n${light.join("\n")}`).toEqual([]);
    const over = pages
      .filter((page) => (weighed.get(page)?.kb ?? 0) > page.budgetKb)
      .map((page) => `${page.path}: ${weighed.get(page)?.kb.toFixed(1)} KB of script, budget ${page.budgetKb} KB`);
    expect(over, `pages over their script budget:\n${over.join("\n")}`).toEqual([]);
    expect(coldAgain, "a page loaded again came partly from the cache").toEqual([]);
    const unstyled = pages.filter((page) => !weighed.get(page)?.styled).map((page) => page.path);
    expect(unstyled, "pages without the portal's stylesheet").toEqual([]);
    const copies = pages.filter((page) => (weighed.get(page)?.stylesheets ?? 0) > 2).map((page) => `${page.path}: ${weighed.get(page)?.stylesheets} copies`);
    expect(copies, "pages carrying the stylesheet more than twice").toEqual([]);
    // Every chunk is compiled while it downloads, off the main thread (scripts/compile-hints.ts).
    const unhinted = pages
      .filter((page) => (weighed.get(page)?.unhinted.length ?? 0) > 0)
      .map((page) => `${page.path}: ${weighed.get(page)?.unhinted.join(", ")}`);
    expect(unhinted, "pages whose script chunks come without the compile hint").toEqual([]);
  });
});
