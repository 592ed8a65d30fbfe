import type { Browser, Page } from "@playwright/test";

/**
 * The portal adds a page's scripts after its first frame (scripts/paint-first.ts), so the `load` event a
 * navigation waits for no longer means the page is live: a button pressed before hydration sends its form
 * without its script ('This page needs its script'). The loader marks `<html data-script="coming">` and the
 * hydrated page turns it to "ready" (lib/script-ready.ts). A page without the mark (scripts off, a file,
 * a deployment serving Next's own tags) is not waited for.
 */
export async function hydrated(page: Page) {
  await page.locator('html[data-script="coming"]').waitFor({ state: "detached", timeout: 15_000 });
}

/** The navigations that wait for `load` unless told otherwise, and where their options are. */
const navigations = { goto: 1, reload: 0, goBack: 0, goForward: 0, waitForURL: 1 } as const;
const patched = Symbol("waits for hydration");

/**
 * Every navigation of the run that waits for `load` (the default) or `networkidle` also waits for the
 * page to hydrate, on every page of every context: Playwright's Page class is not exported, so its
 * prototype is taken from a page of a throwaway context, once per worker. A test that asks for less
 * (`waitUntil: "commit"`, a page held before its script) gets what it asked for.
 */
export async function waitForHydrationOnNavigation(browser: Browser) {
  const context = await browser.newContext();
  const prototype = Object.getPrototypeOf(await context.newPage()) as Record<string | symbol, unknown>;
  await context.close();
  if (prototype[patched]) return;
  prototype[patched] = true;
  for (const [name, optionsAt] of Object.entries(navigations)) {
    const original = prototype[name] as (this: Page, ...args: unknown[]) => Promise<unknown>;
    prototype[name] = async function (this: Page, ...args: unknown[]) {
      const result = await original.apply(this, args);
      const until = (args[optionsAt] as { waitUntil?: string } | undefined)?.waitUntil ?? "load";
      if (until === "load" || until === "networkidle") await hydrated(this);
      return result;
    };
  }
}
