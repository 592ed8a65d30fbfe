import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, expect, test } from "./support/fixtures";

/**
 * A form sent before its page's script has run (a slow line, a script that failed or was blocked) is
 * sent by the browser itself. Without a method that was a GET to the page's own address, putting the
 * password or the personal data typed into the URL, the history and every log on the way.
 */
function watchRequests(page: Page) {
  const seen: { method: string; url: string }[] = [];
  page.on("request", (request) => seen.push({ method: request.method(), url: request.url() }));
  return seen;
}

const noScriptHeading = "This page needs its script";

test.describe("forms sent without the page's script", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in form sends no password in a URL and answers that the page needs its script @phone", async ({ page }) => {
    const password = "Never#InA-Url123";
    const email = "no.script@example.org";
    const seen = watchRequests(page);
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: noScriptHeading })).toBeVisible();

    for (const { url } of seen) {
      expect(url).not.toContain(encodeURIComponent(password));
      expect(url).not.toContain("Never");
      expect(url).not.toContain(encodeURIComponent(email));
    }
    expect(page.url()).not.toContain("password");
    // The form went as a POST, and the answer names the way back to the sign-in page.
    expect(seen.some((r) => r.method === "POST")).toBe(true);
    await page.getByRole("link", { name: "Back to the page" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the forgot-password form sends no e-mail address in a URL", async ({ page }) => {
    const email = "forgot.no.script@example.org";
    const seen = watchRequests(page);
    await page.goto("/password/forgot");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send reset code" }).click();
    await expect(page.getByRole("heading", { name: noScriptHeading })).toBeVisible();
    for (const { url } of seen) expect(url).not.toContain(encodeURIComponent(email));
  });

  test("a signed-in create form sends nothing typed in a URL", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: "/administration/user-management/permission-management/create-role" });
    const seen = watchRequests(page);
    const name = "Role typed without script";
    await page.getByLabel("Role name").fill(name);
    await page.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByRole("heading", { name: noScriptHeading })).toBeVisible();
    for (const { url } of seen) expect(url).not.toContain(encodeURIComponent(name).replace(/%20/g, "+"));
  });
});

test.describe("the answer to a form sent without script", () => {
  test("is a page anyone can read, and a POST to it or to a page is never a server error @phone", async ({ page, request }) => {
    for (const path of ["/forms/without-script", "/login", "/password/forgot"]) {
      const response = await request.post(path, { form: { email: "a@example.org", password: "x" }, maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
    }
    const answer = await request.post("/forms/without-script", { form: { password: "x" }, maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    expect(answer.headers()["location"] ?? "").not.toContain("password");
    await page.goto("/forms/needs-script?from=/login");
    await expect(page.getByRole("heading", { name: noScriptHeading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
