import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { secondFactorMessages } from "../lib/contract/second-factor-values";
import { accounts, apiToken, districtApi, expect, signInThroughForm, test } from "./support/fixtures";
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

  // The two tests of Emeka Eze's account (no other browser test signs in as him) take turns.
  test.describe.configure({ mode: "serial" });

  test("staff turn it on from the profile with the QR code or the key, sign in with a recovery code once, and turn it off @demo @writes", async ({
    page,
    browser,
  }) => {
    // One long flow (two browsers, three sign-ins, axe): 46 to 60 s on a busy two-core machine.
    test.slow();
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

  test("a super administrator resets the two-step sign-in of someone who lost their phone, at 360 px; the next sign-in is the password alone @demo @writes", async ({
    page,
    browser,
    signIn,
  }) => {
    const account = accounts.teacher("emeka.eze@example.org");
    // On, through the profile's calls.
    const token = await apiToken(account);
    const started = await districtApi("POST", "/profile/second-factor/enrolment", token);
    expect(started.status, await started.clone().text()).toBe(200);
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await districtApi("POST", "/profile/second-factor/enrolment/confirm", token, { code: codeFor(secret) });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);

    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(accounts.superAdmin, { next: "/super-admin" });
    const panel = page.getByRole("region", { name: "Reset two-step sign-in" });
    await panel.getByRole("combobox", { name: "Staff member to reset" }).fill("Emeka");
    await page.getByRole("option", { name: /Emeka Eze/ }).click();
    await panel.getByRole("button", { name: "Reset", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Reset two-step sign-in?" });
    await expect(dialog).toContainText("Emeka Eze is signed out everywhere");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Reset", exact: true }).click();
    await expect(page.getByText(secondFactorMessages.reset)).toBeVisible();
    await expectFitsScreen(page);

    // The password alone signs them in: no code page.
    const later = await browser.newContext();
    const theirs = await later.newPage();
    await signInThroughForm(theirs, account);
    await expect(theirs).toHaveURL(/\/dashboard/);
    await later.close();
  });
});
