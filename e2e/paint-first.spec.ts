import { accounts, expect, test } from "./support/fixtures";

// A page draws its first frame before its scripts run (issue 36; scripts/paint-first.ts): Next's script
// tags ran each chunk as it arrived, before the first frame on a fast line. Read in the browser: the frame
// count when the first chunk's script element enters the document, parser or loader alike.

type Watch = { frames: number; scriptAtFrame: number | null };

test("a page is drawn before its scripts are added, and is live once they have run @phone", async ({ page, signIn }) => {
  await page.addInitScript(() => {
    const watch: Watch = { frames: 0, scriptAtFrame: null };
    (window as unknown as { __watch: Watch }).__watch = watch;
    const count = () => {
      watch.frames++;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    new MutationObserver((records, observer) => {
      const added = records.flatMap((r) => [...r.addedNodes]);
      // Not the polyfill for browsers without modules, which this one never runs.
      const chunk = (node: Node) => node instanceof HTMLScriptElement && !node.noModule && node.src.includes("/_next/static/chunks/");
      if (!added.some(chunk)) return;
      watch.scriptAtFrame = watch.frames;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await signIn(accounts.admin1);
  const watch = await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
  expect(watch.scriptAtFrame, "frames drawn when the first script was added").toBeGreaterThanOrEqual(1);
  await expect(page.locator("html")).toHaveAttribute("data-script", "ready");
  // Live: the profile menu opens.
  await page.getByRole("button", { name: /Profile menu/ }).click();
  await expect(page.getByRole("menu", { name: "Profile" })).toBeVisible();
});
