import type { Page } from "@playwright/test";
import type { SignedInUser } from "../lib/contract/user";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { expectFitsScreen } from "./support/fits-screen";
import { registerThroughApi } from "./support/registering";

/**
 * Issue 35, finding 1, in the browser: the super administrator's review queue shows each registration's
 * status and the values another staff member holds, and rejects with a reason after a confirmation; the
 * owner withdraws their registration from the notice. The registrations are made through the API, as the
 * registration page makes them (its own browser test walks the page).
 */

async function checkPage(page: Page) {
  await expectFitsScreen(page);
  await expectNoSeriousA11yViolations(page);
}

test.describe("registration review", () => {
  test("the queue shows a registration's status and the number another staff member holds; the reviewer rejects it with a reason, after confirming @phone @stack @writes", async ({
    page,
    signIn,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The registrant gives the oracle number of the first district's administrator: a clash the reviewer must see.
    const me = (await (await districtApi("GET", "/auth/me", await apiToken(accounts.admin1))).json()) as SignedInUser;
    const held = me.staff.oracleNumber ?? "";
    expect(held).not.toBe("");
    const { district } = await registerThroughApi(testInfo.project.name, "3", held);

    await signIn(accounts.superAdmin, { next: "/super-admin" });
    // The daily work first: the queue is the page's first section, the rarely used forms come after the districts.
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText("Registrations");
    const queue = page.getByRole("region", { name: "Registrations" });
    const entry = queue.getByRole("article", { name: district });
    await expect(entry.getByText("Awaiting review", { exact: true })).toBeVisible();
    await expect(
      entry.getByText("Another staff member already holds this registrant's oracle number: reject the registration, or approve it once that is resolved."),
    ).toBeVisible();
    await expect(entry.getByRole("button", { name: "Approve" })).toBeDisabled();
    await entry.scrollIntoViewIfNeeded();
    await checkPage(page);

    await entry.getByRole("button", { name: "Reject" }).click();
    const dialog = page.getByRole("dialog", { name: `Reject ${district}?` });
    await expect(dialog.getByText("This cannot be undone.", { exact: false })).toBeVisible();
    await checkPage(page);
    // The reason is required: the registrant reads it.
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(dialog.getByText("Say what the district must change.")).toBeVisible();
    // Cancelling changes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(entry.getByText("Awaiting review", { exact: true })).toBeVisible();
    await entry.getByRole("button", { name: "Reject" }).click();
    const reason = `The oracle number given for ${district} belongs to another district's administrator.`;
    await dialog.getByLabel("Reason").fill(reason);
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByText("Registration rejected: its applicant has been told why, and what it held is free again.")).toBeVisible();
    await expect(entry).toHaveCount(0);

    // Among the rejected ones, with its reason; no action is offered on a closed registration.
    await page.getByLabel("Registrations shown").selectOption({ label: "Rejected" });
    // The closed registration gave its name up (the district keeps a name of its id): it is found by its reason.
    const rejected = queue.getByRole("article").filter({ hasText: reason });
    await expect(rejected.getByText("Rejected", { exact: true })).toBeVisible();
    await expect(rejected.getByRole("button")).toHaveCount(0);
    await rejected.scrollIntoViewIfNeeded();
    await checkPage(page);
  });

  test("the owner withdraws their registration from the notice, after confirming, and is signed out @phone @stack @writes", async ({
    page,
    signIn,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { owner } = await registerThroughApi(testInfo.project.name, "4");
    await signIn(owner);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: /is being reviewed$/ })).toBeVisible();
    const section = page.getByRole("region", { name: "Withdraw the registration" });
    await section.getByRole("button", { name: "Withdraw the registration" }).click();
    const dialog = page.getByRole("dialog", { name: "Withdraw the registration?" });
    await expect(dialog).toBeVisible();
    await checkPage(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await section.getByRole("button", { name: "Withdraw the registration" }).click();
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    await expect(page.getByText("Your registration has been withdrawn.")).toBeVisible();
    await page.waitForURL(/\/login/);
    // The account closed with it: the password no longer signs in.
    const again = await page.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } });
    expect(again.ok()).toBe(false);
  });
});
