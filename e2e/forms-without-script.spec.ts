import type { Page } from "@playwright/test";
import type { SchoolCard } from "../lib/contract/schools";
import { routes } from "../lib/routes";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { openBeforeScript } from "./support/before-script";
import { apiJson, me } from "./support/district-admin";
import { accounts, apiToken, expect, test } from "./support/fixtures";

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

  // Before: the fields were empty until the script ran, and a name typed then came out after the old one.
  test("an edit form shows the record's values before the script has run: a school and a role @demo", async ({ page, signIn }) => {
    const token = await apiToken(accounts.admin2);
    const { currentOrganization } = await me(token);
    const { foundSchools } = await apiJson<{ foundSchools: SchoolCard[] }>(token, "/school/search?limit=1");
    const { roles } = await apiJson<{ roles: { id: string; name: string; description: string | null }[] }>(
      token,
      `/role/get-roles-for-organization/${currentOrganization.id}`,
    );
    const [school, role] = [foundSchools[0], roles.find((r) => r.description)];
    if (!school || !role) throw new Error("district 2 has no school or no role with a description");

    await signIn(accounts.admin2, { next: `/administration/school-management/edit-school/${school.id}` });
    const edit = page.getByRole("form", { name: "Edit school" });
    await expect(edit.getByLabel("School name")).toHaveValue(school.name);
    await expect(edit.getByLabel("Description")).toHaveValue(school.description);
    await expect(edit.getByLabel("Address")).toHaveValue(school.address);
    await expect(edit.getByLabel("Local government")).toHaveValue(school.localGovernment);
    await expect(edit.getByLabel("Category")).toHaveValue(school.category);

    await page.goto(routes.editRole(role.id));
    await expect(page.getByLabel("Role name")).toHaveValue(role.name);
    await expect(page.getByLabel("Description")).toHaveValue(role.description ?? "");
  });
});

// Before: React kept what the browser showed but never told the page, so nothing followed the choice.
test.describe("what is chosen or typed before the page's script has run, or while it runs", () => {
  test("a district chosen then shows its keys once the script runs @demo", async ({ page }) => {
    const { staff } = await me(await apiToken(accounts.admin2));
    const release = await openBeforeScript(page, accounts.superAdmin, "/super-admin/api-keys");
    await page.getByLabel("District", { exact: true }).selectOption(staff.district.id);
    release();
    await expect(page.getByRole("region", { name: "API keys of the district" })).toBeVisible();
    await expect(page.getByLabel("District", { exact: true })).toHaveValue(staff.district.id);
  });

  test("a search typed then is searched once the script runs @demo", async ({ page }) => {
    const { foundSchools } = await apiJson<{ foundSchools: SchoolCard[] }>(await apiToken(accounts.admin1), "/school/search?limit=1");
    const name = foundSchools[0]?.name;
    if (!name) throw new Error("district 1 has no school");
    const release = await openBeforeScript(page, accounts.admin1, routes.schoolManagement);
    await page.getByLabel("Search schools").fill(name);
    release();
    await expect.poll(() => new URL(page.url()).searchParams.get("searchTerm")).toBe(name);
    await expect(page.getByLabel("Search schools")).toHaveValue(name);
  });

  // Before: the choice was lost. React finished hydrating the field inside the change event itself, and that first
  // commit put the select back to the value it was drawn with, so neither React nor the page saw anything chosen.
  test("a filter chosen while the script is still starting the page is applied once it has @demo", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: routes.dashboard });
    // A slow phone, made certain: a CPU six times slower, and the choice made as soon as the field is drawn, while
    // the page's script comes and starts the page.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.goto(routes.transactions, { waitUntil: "commit" });
    await page.getByLabel("Transaction action").selectOption("FUNDING");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await expect.poll(() => new URL(page.url()).searchParams.get("transactionAction")).toBe("FUNDING");
    await expect(page.getByLabel("Transaction action")).toHaveValue("FUNDING");
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
