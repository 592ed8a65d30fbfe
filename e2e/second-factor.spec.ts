import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, expect, signInThroughForm, test } from "./support/fixtures";
import { codeFor } from "./support/second-factor";

test.describe("two-step sign-in", () => {
  test("a super administrator gives the app's code after the password, on the code page @phone @smoke", async ({ page }) => {
    const account = accounts.superAdmin;
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/login/code");
    await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    // A wrong code is refused and nothing is signed in.
    await page.getByLabel("Code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right.", { exact: false })).toBeVisible();
    await page.getByLabel("Code").fill(codeFor(account.totpSecret) ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Login Successful")).toBeVisible();
    await page.waitForURL(/\/super-admin/);
  });

  test("staff turn it on from the profile with the QR code or the key, sign in with a recovery code once, and turn it off @demo @writes", async ({
    page,
    browser,
  }) => {
    // An account no other browser test signs in as (it is only given a role through the API).
    const account = accounts.teacher("emeka.eze@example.org");
    await signInThroughForm(page, account);
    await page.goto("/dashboard/profile");
    const section = page.getByRole("region", { name: "Two-step sign-in" });
    await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(section.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
    const key = ((await section.getByLabel("Key to type").textContent()) ?? "").replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await section.getByLabel("Code from the app").fill(codeFor(key) ?? "");
    await section.getByRole("button", { name: "Turn on" }).click();
    const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent()) ?? "";

    // A new sign-in asks for a code; the recovery code serves once.
    const later = await browser.newContext();
    const other = await later.newPage();
    await other.goto("/login");
    await other.getByLabel("E-mail").fill(account.email);
    await other.getByLabel("Password", { exact: true }).fill(account.password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.waitForURL((url) => url.pathname === "/login/code");
    await other.getByLabel("Code").fill(recovery);
    await other.getByRole("button", { name: "Verify" }).click();
    await other.waitForURL(/\/dashboard/);
    await later.close();

    const again = await browser.newContext();
    const third = await again.newPage();
    await third.goto("/login");
    await third.getByLabel("E-mail").fill(account.email);
    await third.getByLabel("Password", { exact: true }).fill(account.password);
    await third.getByRole("button", { name: "Sign in" }).click();
    await third.waitForURL((url) => url.pathname === "/login/code");
    await third.getByLabel("Code").fill(recovery);
    await third.getByRole("button", { name: "Verify" }).click();
    await expect(third.getByText("That code is not right.", { exact: false })).toBeVisible();
    await again.close();

    // Off again with the app's code: the next sign-in is the password alone.
    await page.reload();
    await expect(section.getByText("Recovery codes left: 9.")).toBeVisible();
    await section.getByLabel("Code to turn it off").fill(codeFor(key) ?? "");
    await section.getByRole("button", { name: "Turn off" }).click();
    await expect(section.getByRole("button", { name: "Turn on two-step sign-in" })).toBeVisible();
  });
});
