import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, expect, test } from "./support/fixtures";
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
});
