import { routes } from "../lib/routes";
import { accounts, expect, passSecondStep, signInThroughForm, test } from "./support/fixtures";

test.describe("sign-in form", () => {
  test("shows the spec's messages for empty and invalid input @phone @smoke", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("E-mail is required")).toBeVisible();
    await expect(page.getByText("Enter password.")).toBeVisible();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();

    await page.getByLabel("E-mail").fill("not-an-address");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("E-mail must be valid")).toBeVisible();
  });

  test("a wrong password and an unknown user get the same message, and no session", async ({ page, context }) => {
    for (const email of [accounts.admin1.email, "nobody@example.org"]) {
      await page.goto("/login");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("Wrong#Pass123");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Invalid e-mail or password.")).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    }
    expect((await context.cookies()).find((c) => c.name === "portal_session")).toBeUndefined();
  });

  test("'Login Successful' greets a super administrator (spec §8), not district staff", async ({ page, browser }) => {
    // Two sign-ins through the pages, each with its code page: more than the default time on a busy machine.
    test.slow();
    await signInThroughForm(page, accounts.admin1);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Login Successful")).toHaveCount(0);
    const context = await browser.newContext();
    const superAdmin = await context.newPage();
    await superAdmin.goto("/login");
    await superAdmin.getByLabel("E-mail").fill(accounts.superAdmin.email);
    await superAdmin.getByLabel("Password", { exact: true }).fill(accounts.superAdmin.password);
    await superAdmin.getByRole("button", { name: "Sign in" }).click();
    await passSecondStep(superAdmin, accounts.superAdmin);
    await expect(superAdmin.getByText("Login Successful")).toBeVisible();
    await superAdmin.waitForURL(/\/super-admin/);
    await context.close();
  });

  test("fetches no other page ahead until the user points at or tabs to its link", async ({ page }) => {
    // As plain Next links, 'Register it' and 'Forgot password?' were prefetched as soon as they were in view, each twice.
    const prefetched: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
    });
    await page.goto(routes.login);
    await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(prefetched).toEqual([]);

    await page.getByRole("link", { name: "Forgot password?" }).focus();
    await expect.poll(() => prefetched).toContain(routes.forgotPassword);
    expect(prefetched).not.toContain(routes.register);
  });

  test("the password can be shown and hidden", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Secret#123");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
  });

  test("the auth layout shows a persistent banner while offline", async ({ page, context }) => {
    await page.goto("/login");
    await context.setOffline(true);
    await expect(page.getByText("Looks like you lost your internet.")).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByText("Looks like you lost your internet.")).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText("Looks like you lost your internet.")).toBeHidden();
  });
});
