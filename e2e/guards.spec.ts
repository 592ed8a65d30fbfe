import { accounts, expect, passSecondStep, signInThroughForm, test } from "./support/fixtures";
import { finishSignIn } from "./support/second-factor";

test.describe("route guards", () => {
  test("a signed-out visitor of any page lands on /login, remembering the page @phone @smoke", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
    await page.goto("/administration/school-management/edit-school/123?tab=roles");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/administration/school-management/edit-school/123?tab=roles");
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("after signing in, a bookmarked page opens instead of the default @smoke", async ({ page }) => {
    await page.goto("/dashboard?from=bookmark");
    await expect(page).toHaveURL(/next=/);
    await page.getByLabel("E-mail").fill(accounts.admin1.email);
    await page.getByLabel("Password", { exact: true }).fill(accounts.admin1.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await passSecondStep(page, accounts.admin1);
    await page.waitForURL("**/dashboard?from=bookmark");
  });

  test("a next parameter that leaves the portal is ignored", async ({ page }) => {
    await signInThroughForm(page, accounts.admin1, "/login?next=//evil.example/phish");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the sign-in endpoint never sends the browser to another host, whatever dot segments hide it", async ({ request }) => {
    for (const next of ["/.//evil.example/x", "/a/..//evil.example/x", "/%2e//evil.example/x", "/dashboard/%2E%2E//evil.example"]) {
      const response = await request.post("/api/auth/login", { data: { ...accounts.admin1, next } });
      expect(response.status()).toBe(200);
      // The second step takes the same `next` and sends it through the same check.
      const redirectTo = await finishSignIn(request, (await response.json()) as { redirectTo: string }, accounts.admin1, { next });
      expect(redirectTo, next).toBe("/dashboard");
    }
  });

  test("a signed-in user who opens a guest-only page goes to the dashboard @demo", async ({ page, signIn }) => {
    await signIn(accounts.admin1);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Mrs Adaeze Okafor")).toBeVisible();
    await expect(page.getByTestId("district-name")).toHaveText("Education District I");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/password/forgot");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a super administrator lands on /super-admin, goes to the dashboard from a guest-only page like anyone; others cannot open it @demo", async ({
    page,
    browser,
    signIn,
  }) => {
    // Two sign-ins, each with its second step, and six page loads: more than the default time on a busy machine.
    test.slow();
    await signIn(accounts.superAdmin);
    await expect(page).toHaveURL(/\/super-admin$/);
    await expect(page.getByRole("heading", { name: "Super administration" })).toBeVisible();
    // Spec §2: signed-in users who open a guest-only page are redirected to /dashboard.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/dashboard$/);
    // Home still sends a super administrator on to the super-admin area.
    await page.goto("/");
    await expect(page).toHaveURL(/\/super-admin$/);

    const other = await browser.newPage();
    await signIn(accounts.admin2, { page: other });
    await other.goto("/super-admin");
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.getByTestId("district-name")).toHaveText("Education District II");
    await other.close();
  });

  test("a missing page shows 'Page Not Found' with a HOME button", async ({ page, signIn }) => {
    await signIn(accounts.admin1);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    // No layout with the portal's stylesheet is above this screen: it is styled by its own (error-screen.css).
    const home = page.getByRole("link", { name: "HOME" });
    await expect(home).toHaveCSS("background-color", "rgb(21, 94, 117)");
    await home.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
