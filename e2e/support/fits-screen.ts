import { expect, type Page } from "@playwright/test";

/**
 * The page scrolls only up and down: nothing is wider than the window (a 360 px phone). On failure it
 * names the widest elements that stick out, so the cause is in the report.
 */
export async function expectFitsScreen(page: Page) {
  const { content, viewport, culprits } = (await page.evaluate(`(() => {
    const viewport = window.innerWidth;
    // Inside a box that fits the screen and scrolls or clips sideways, wide content is that box's business, not the page's.
    const clipped = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== "visible" && a.getBoundingClientRect().right <= viewport + 1) return true;
      return false;
    };
    const out = [...document.querySelectorAll("body *")].map((el) => ({ el, right: el.getBoundingClientRect().right })).filter((x) => x.right > viewport + 1);
    // An absolutely placed element escapes a clipping box that is not positioned: then name whatever sticks out.
    const unclipped = out.filter((x) => !clipped(x.el));
    const culprits = (unclipped.length > 0 ? unclipped : out)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map((x) => x.el.tagName.toLowerCase() + (x.el.id ? "#" + x.el.id : "") + "." + String(x.el.className).split(" ").slice(0, 4).join(".") + " → " + Math.round(x.right) + " px");
    return { content: document.documentElement.scrollWidth, viewport, culprits };
  })()`)) as { content: number; viewport: number; culprits: string[] };
  expect(content, `${page.url()} is wider than the screen: ${culprits.join("; ")}`).toBeLessThanOrEqual(viewport);
}
