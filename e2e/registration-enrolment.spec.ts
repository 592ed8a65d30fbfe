import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { expectFitsScreen } from "./support/fits-screen";
import { registerThroughApi } from "./support/registering";
import { codeFor } from "./support/second-factor";

/**
 * Issue 35, 'A second factor': a district's owner has none while the registration is under review; once the
 * district is approved, the next sign-in leads to /login/enrol, where they set it up with the key and the app's
 * first code, get their recovery codes once, and go on to the portal.
 */
test.describe("two-step sign-in set up at the first sign-in", () => {
  test("the owner of a newly approved district sets it up with the key and the app's code, and keeps the recovery codes @phone @stack @writes", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { owner, districtId } = await registerThroughApi(testInfo.project.name, "5");
    const approved = await districtApi("POST", `/super-admin/registrations/${districtId}/approve`, await apiToken(accounts.superAdmin));
    expect(approved.status, await approved.text()).toBe(200);

    await page.goto("/login");
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/login/enrol");
    await expect(page.getByRole("heading", { name: "Set up two-step sign-in" })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
    const key = ((await page.getByLabel("Key to type").textContent()) ?? "").replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);

    // A wrong code turns nothing on; the app's code does, and signs in.
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on and sign in" }).click();
    await expect(page.getByText("That code is not right.", { exact: false })).toBeVisible();
    await page.getByLabel("Code from the app").fill(codeFor(key) ?? "");
    await page.getByRole("button", { name: "Turn on and sign in" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/dashboard/);
    await expect(page.getByRole("heading", { name: /is being reviewed$/ })).toHaveCount(0);

    // The next sign-in asks for the app's code.
    const again = await page.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } });
    expect(((await again.json()) as { secondFactor?: string }).secondFactor).toBe("code");
  });
});
