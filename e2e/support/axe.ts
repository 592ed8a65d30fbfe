import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");

type AxeRule = { id: string; impact?: string | null };

/**
 * The rules that can only report a minor or moderate violation, left out of the run: axe gives each of its rules
 * an impact and reports every violation of a rule at exactly that impact (its results take the rule's impact over
 * their checks'), and only serious and critical ones fail a test. A rule without an impact of its own is kept.
 * Read from the installed axe-core, so an upgrade that changes a rule's impact changes this with it. The `region`
 * rule among them walks the whole page: `npm run bench axe` weighs the check with and without them.
 */
export const ruleImpacts = new Map((require("axe-core") as { _audit: { rules: AxeRule[] } })._audit.rules.map((rule) => [rule.id, rule.impact ?? null]));
export const belowSeriousRules = [...ruleImpacts].filter(([, impact]) => impact === "minor" || impact === "moderate").map(([id]) => id);

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
type AxeWindow = { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } };

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, naming the
 * rule and the elements so the failure says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Colours are judged as they end up: let finite animations and transitions (a notification fading in or out)
  // finish first, until two frames in a row start none: a notification mounted a moment ago begins its fade-in a
  // frame later, so one look at the running animations could find none and axe judge the toast half transparent.
  await page.evaluate(async () => {
    const giveUpAt = performance.now() + 5_000; // long enough for a loaded machine, whose frames come late
    const running = () => document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
    // A frame, or 100 ms where none comes (a page the browser does not draw).
    const frame = () => new Promise((done) => (requestAnimationFrame(() => done(undefined)), setTimeout(done, 100)));
    let quietFrames = 0;
    while (quietFrames < 2 && performance.now() < giveUpAt) {
      const now = running();
      if (now.length === 0) quietFrames += 1;
      else {
        quietFrames = 0;
        await Promise.race([
          Promise.all(now.map((a) => a.finished.catch(() => undefined))),
          new Promise((done) => setTimeout(done, giveUpAt - performance.now())),
        ]);
      }
      await frame();
    }
  });
  // Next streams a dynamic page's metadata after its first bytes: after a client navigation the title can come a
  // moment after the page is drawn. A page that never gets one is still reported by axe.
  await page.waitForFunction(() => document.title !== "", null, { timeout: 5_000 }).catch(() => undefined);
  const violations = await axeViolations(page);
  const serious = violations.filter(isSerious);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

export type Violation = { id: string; impact: string | null; help: string; targets: string[] };
export const isSerious = (v: Violation) => v.impact === "serious" || v.impact === "critical";

/** axe-core's violations on the page as it is now, with `leftOut`'s rules not run. */
export async function axeViolations(page: Page, leftOut: string[] = belowSeriousRules): Promise<Violation[]> {
  // Half a megabyte of script, compiled anew by each page it goes into: once per document, kept for its next checks.
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async (ids) => {
    const { axe } = window as unknown as AxeWindow;
    const rules = Object.fromEntries(ids.map((id) => [id, { enabled: false }]));
    const result = await axe.run(document, { resultTypes: ["violations"], rules });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }, leftOut);
}
