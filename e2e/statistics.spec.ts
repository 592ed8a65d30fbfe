import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, expect, test } from "./support/fixtures";

/** The statistics area (issue: statistics) for district 2's administrator: the enrolment of their reach, at desktop and on a 360 px phone. */
const STATISTICS = "/administration/statistics";

test.describe("statistics", () => {
  test("fits a phone and keeps to the keyboard @demo @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin2);
    await page.goto(STATISTICS);
    await expect(page.getByRole("region", { name: "Enrolment by LGEA" })).toBeVisible();
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Session").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("LGEA", { exact: true })).toBeFocused();
  });
});
