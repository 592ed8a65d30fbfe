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
    // Fixed boxes (the notifications) sit on the window, not in the page: they never widen it.
    const fixed = (el) => {
      for (let a = el; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).position === "fixed") return true;
      return false;
    };
    const sticksOut = (el) => Boolean(el) && el !== document.body && el.getBoundingClientRect().right > viewport + 1;
    const out = [...document.querySelectorAll("body *")].map((el) => ({ el, right: el.getBoundingClientRect().right })).filter((x) => x.right > viewport + 1 && !fixed(x.el));
    // Where it starts: an element that sticks out inside one that does not.
    const outermost = out.filter((x) => !sticksOut(x.el.parentElement));
    // An absolutely placed element escapes a clipping box that is not positioned: so a clipped one is named too, last.
    const unclipped = outermost.filter((x) => !clipped(x.el));
    const culprits = (unclipped.length > 0 ? unclipped : outermost.length > 0 ? outermost : out)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map((x) => x.el.tagName.toLowerCase() + (x.el.id ? "#" + x.el.id : "") + "." + String(x.el.className).split(" ").slice(0, 4).join(".") + " → " + Math.round(x.right) + " px");
    return { content: document.documentElement.scrollWidth, viewport, culprits };
  })()`)) as { content: number; viewport: number; culprits: string[] };
  expect(content, `${page.url()} is wider than the screen: ${culprits.join("; ")}`).toBeLessThanOrEqual(viewport);
}
