import { axeViolations, belowSeriousRules, expectNoSeriousA11yViolations, isSerious, ruleImpacts } from "./support/axe";
import { accounts, expect, test } from "./support/fixtures";

/** axe-core on every page of the portal's frame, signed out, as a district administrator and as a super administrator. */
test.describe("accessibility of the portal's pages", () => {
  test("guest pages and the error page @smoke", async ({ page }) => {
    for (const path of ["/login", "/password/forgot", "/password/update-password-otp/", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("a district administrator's pages, in the light and the dark theme @demo @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin1);
    const pages = [
      ["/dashboard", "Dashboard"],
      ["/dashboard/profile", "User profile"],
      ["/dashboard/district", "Education District profile"],
      ["/administration", "Administration"],
      ["/administration/user-management/permission-management", "Roles and permissions"],
    ] as const;
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await page.emulateMedia({ colorScheme: "dark" });
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    for (const [path] of pages.slice(0, 3)) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Light mode" }).click();
  });

  test("the super-admin area", async ({ page, signIn }) => {
    await signIn(accounts.superAdmin);
    for (const path of ["/super-admin", "/super-admin/switch-district"]) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
  test("the check leaves out only rules that cannot fail it: a page breaking rules of every impact fails it as axe's full run does", async ({ page }) => {
    // No language, no title, no landmark, no first-level heading, a skipped level, an empty heading, an unnamed
    // button, an image without a text, pale text.
    await page.setContent(
      `<html><body><h3>Schools</h3><h5></h5><p style="color:#ccc;background:#fff">Pale</p><button></button><img src="/x.png"></body></html>`,
    );
    const full = await axeViolations(page, []);
    const checked = await axeViolations(page);
    const ids = (violations: typeof full) => violations.map((v) => `${v.id} (${v.impact})`).sort();
    // Each violation comes at its rule's own impact, which is what lets a rule below serious be left out.
    for (const violation of full) expect(violation.impact, violation.id).toBe(ruleImpacts.get(violation.id));
    expect(ids(full.filter((v) => !isSerious(v)))).toEqual(expect.arrayContaining(["region (moderate)", "heading-order (moderate)", "empty-heading (minor)"]));
    expect(ids(full.filter(isSerious))).toEqual(
      expect.arrayContaining(["button-name (critical)", "image-alt (critical)", "color-contrast (serious)", "html-has-lang (serious)"]),
    );
    expect(ids(checked)).toEqual(ids(full.filter(isSerious)));
    expect(belowSeriousRules).toEqual(expect.arrayContaining(["region", "heading-order", "empty-heading"]));
  });
  // The missing-requirements page and the review notice are checked in district-three.spec.ts, where their district is set up.
});
