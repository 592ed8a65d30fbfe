import type { Page } from "@playwright/test";
import { accounts, expect, test } from "./support/fixtures";

// The registers and the statistics do not move once painted (issue 36, 'Paint and shift'): a cold load's
// layout shifts, read by the browser's own PerformanceObserver (what CLS adds up), stay under a bound. The
// registers drew their rows only after hydration, pushing down what stood under the table.

/** Lighthouse's goal is a CLS under 0.05; a page that paints what it will show moves by nothing at all. */
const BOUND = 0.01;

const pages = [
  { name: "the staff register", path: "/administration/user-management/staff-management", ready: "Staff, page 1" },
  { name: "the admission register", path: "/administration/user-management/student-management/admission-register", ready: "Students, page 1" },
  { name: "the statistics", path: "/administration/statistics", ready: null },
];

type Shift = { value: number; at: number; moved: string[] };

/** Records every layout shift of the next load that no input caused, with the elements each moved. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : String(s.node?.nodeName)));
        shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

test.describe("layout shift", () => {
  for (const { name, path, ready } of pages) {
    test(`${name} does not move after its first paint @demo @phone`, async ({ page, signIn }) => {
      await watchShifts(page);
      await signIn(accounts.admin1, { next: path });
      if (ready) await expect(page.getByRole("region", { name: new RegExp(ready) })).toBeVisible();
      else await expect(page.getByTestId("computed-for").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      // A late shift (a count, a notice) lands within a few frames of the last response.
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, `shifts: ${JSON.stringify(shifts, null, 1)}`).toBeLessThan(BOUND);
    });
  }

  // On a slow line the HTML comes in pieces, and Chromium paints between them: the admission register at 360 px was
  // painted with the 'Group moves' button half parsed beside 'Download students'; the rest of the button arrived,
  // wrapped to a line of its own and moved the download link (0.011 to 0.012, a load in three at 20 to 50 KB/s; in a
  // full run, once, on a busy machine). The first paint now waits until the page's content is parsed
  // (components/layout/main-shell.tsx): checked on the registers by when the first paint came, which a slow line decides.
  for (const { name, path, ready } of pages.filter((p) => p.ready)) {
    test(`${name} is first painted whole on a slow line @phone`, async ({ page, signIn }) => {
      await signIn(accounts.admin1);
      await watchShifts(page);
      // The content is parsed once the parser has put an element after <main>, outside it.
      await page.addInitScript(() => {
        const seen = new MutationObserver((records) => {
          const main = document.querySelector("main");
          const after = (node: Node) => main && !main.contains(node) && main.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
          if (!records.some((record) => [...record.addedNodes].some(after))) return;
          (window as unknown as { __parsedAt: number }).__parsedAt = performance.now();
          seen.disconnect();
        });
        seen.observe(document, { childList: true, subtree: true });
      });
      const line = await page.context().newCDPSession(page);
      await line.send("Network.emulateNetworkConditions", { offline: false, latency: 100, downloadThroughput: 30 * 1024, uploadThroughput: 30 * 1024 });
      await page.goto(path, { waitUntil: "commit" });
      const firstPaint = () => page.evaluate(() => performance.getEntriesByType("paint").find((entry) => entry.name === "first-paint")?.startTime ?? null);
      await expect.poll(firstPaint, { timeout: 20_000 }).not.toBeNull();
      const parsedAt = await page.evaluate(() => (window as unknown as { __parsedAt?: number }).__parsedAt ?? null);
      expect(parsedAt, "the page's content was parsed when it was first painted").not.toBeNull();
      expect(await firstPaint()).toBeGreaterThanOrEqual(parsedAt ?? Infinity);
      // The rest of the load at full speed: nothing moves after that paint either.
      await line.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      if (ready) await expect(page.getByRole("region", { name: new RegExp(ready) })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      expect(
        shifts.reduce((sum, s) => sum + s.value, 0),
        `shifts: ${JSON.stringify(shifts, null, 1)}`,
      ).toBeLessThan(BOUND);
    });
  }

  // What the server draws is what hydration draws: the rows of a first window (1,080 px at the 52 px a row is first
  // guessed at), not a screenful more on either side. With those the admission register's hydration on a phone, where
  // its rows are cards and two fit the first screen, was most of its blocking time (Lighthouse, real throttling: TBT
  // 637 ms, 396 ms without them). The rows beyond are drawn once the page is hydrated and the window known.
  test("the admission register's HTML holds the rows of a first window only @demo", async ({ page, signIn }) => {
    const path = "/administration/user-management/student-management/admission-register";
    await signIn(accounts.admin1, { next: path });
    await expect(page.getByText(/^\d+ students$/)).toBeVisible();
    const listed = Number((await page.getByText(/^\d+ students$/).textContent())?.split(" ")[0]);
    expect(listed, "the demo district has more pupils than a first window shows").toBeGreaterThan(21);
    const html = await (await page.request.get(path)).text();
    expect(html.match(/<tr[^>]* data-index="/g)?.length).toBe(21);
  });

  // Why the registers moved on a slow line: the HTML came in pieces, the table was painted before its last rows, and each
  // piece re-sized the columns to the rows so far (a school's name wrapped as its column narrowed, pushing the rows below
  // down). The columns are sized from their heads now, whatever rows are drawn: one search's single row against the whole page.
  const narrowed = [
    { name: "the staff register", path: "/administration/user-management/staff-management", search: "Emeka", rows: "Staff, page 1" },
    {
      name: "the admission register",
      path: "/administration/user-management/student-management/admission-register",
      search: "ED1-00018",
      rows: "Students, page 1",
    },
  ];
  for (const { name, path, search, rows } of narrowed) {
    test(`${name}'s columns keep their widths whatever rows it holds @demo`, async ({ page, signIn }) => {
      test.skip((page.viewportSize()?.width ?? 0) < 640, "on a phone the rows are cards, not columns");
      await signIn(accounts.admin1, { next: path });
      const widths = async () => {
        const table = page.getByRole("region", { name: new RegExp(rows) }).getByRole("table");
        await expect(table).toBeVisible();
        return table.locator("thead th").evaluateAll((heads) => heads.map((th) => Math.round(th.getBoundingClientRect().width)));
      };
      const whole = await widths();
      await page.goto(`${path}?searchTerm=${search}`);
      await expect(page.getByRole("rowheader")).toHaveCount(1);
      expect(await widths()).toEqual(whole);
    });
  }
});
