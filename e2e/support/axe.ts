import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
type AxeWindow = { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } };

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, naming the
 * rule and the elements so the failure says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Colours are judged as they end up: let finite animations (a notification fading in) finish first.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      // Long enough for a loaded machine, whose frames come late.
      new Promise((done) => setTimeout(done, 5_000)),
    ]),
  );
  // Next streams a dynamic page's metadata after its first bytes: after a client navigation the title can come a
  // moment after the page is drawn. A page that never gets one is still reported by axe.
  await page.waitForFunction(() => document.title !== "", null, { timeout: 5_000 }).catch(() => undefined);
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as AxeWindow;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
