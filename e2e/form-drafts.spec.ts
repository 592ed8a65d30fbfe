import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, expect, test } from "./support/fixtures";

/**
 * Typed work is kept (issue 34, item 4): a form's changes are a draft in the tab (lib/form-draft.ts),
 * put back after a reload or a lost connection with a notice and 'Discard draft'; a dialog with typed
 * fields asks before Escape throws them away; a chip typed but not added is added on Next, or refused.
 */
const CREATE_ROLE = "/administration/user-management/permission-management/create-role";
const restoredNotice = "What you typed earlier in this tab was restored.";

/** The draft is written a moment after the last key. */
const draftKept = (page: Page, key: string) => expect.poll(() => page.evaluate((k) => sessionStorage.getItem(`portal.draft.${k}`), key)).toContain("Typed");

/** Whether leaving the page now would ask first: the beforeunload event is cancelled. */
const leavingAsks = (page: Page) =>
  page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test.describe("drafts of typed work", () => {
  test("a draft is restored after a reload, and 'Discard draft' empties the form @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: CREATE_ROLE });
    expect(await leavingAsks(page)).toBe(false);
    await page.getByLabel("Role name").fill("Typed role name");
    await page.getByLabel("Description").fill("Typed before the reload");
    await draftKept(page, "role:new");
    expect(await leavingAsks(page)).toBe(true);

    await page.reload();
    await expect(page.getByText(restoredNotice)).toBeVisible();
    await expect(page.getByLabel("Role name")).toHaveValue("Typed role name");
    await expect(page.getByLabel("Description")).toHaveValue("Typed before the reload");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Discard draft" }).click();
    await expect(page.getByText(restoredNotice)).toBeHidden();
    await expect(page.getByLabel("Role name")).toHaveValue("");
    await page.reload();
    await expect(page.getByLabel("Role name")).toHaveValue("");
    await expect(page.getByText(restoredNotice)).toBeHidden();
  });

  test("a draft survives a save sent while offline @phone", async ({ page, context, signIn }) => {
    await signIn(accounts.admin1, { next: CREATE_ROLE });
    await page.getByLabel("Role name").fill("Typed while the line was down");
    await draftKept(page, "role:new");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Create role" }).click();
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText(restoredNotice)).toBeVisible();
    await expect(page.getByLabel("Role name")).toHaveValue("Typed while the line was down");
    await page.getByRole("button", { name: "Discard draft" }).click();
  });

  test("Escape on a dialog with typed fields asks before discarding them @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin2, { next: "/administration/classes" });
    await page.getByRole("button", { name: "Add class type" }).click();
    const dialog = page.getByRole("dialog", { name: "New class type" });
    await dialog.getByLabel("Name").fill("Typed class type");
    await page.keyboard.press("Escape");
    await expect(dialog.getByText("Discard what you typed?")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(dialog.getByLabel("Name")).toHaveValue("Typed class type");

    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(dialog).toBeHidden();
    // Discarded: opened again, the dialog is empty and restores nothing.
    await page.getByRole("button", { name: "Add class type" }).click();
    await expect(dialog.getByLabel("Name")).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the New school dialog asks before Escape or Cancel discards a typed name @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin2, { next: "/administration/school-management" });
    await page.getByRole("button", { name: "New school" }).click();
    const dialog = page.getByRole("dialog", { name: "New school" });
    await dialog.getByLabel("School name").fill("Typed school name");
    await page.keyboard.press("Escape");
    await expect(dialog.getByText("Discard what you typed?")).toBeVisible();
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(dialog.getByLabel("School name")).toHaveValue("Typed school name");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog.getByText("Discard what you typed?")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a typed chip is added on Next, and one that cannot be is refused with its message @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: "/administration/lga-management/lga-creation" });
    const phone = page.getByRole("textbox", { name: "Office phone numbers", exact: true });
    await phone.fill("0803 123 4567");
    await page.getByRole("button", { name: "Review" }).click();
    await expect(page.getByRole("list", { name: "Office phone numbers" }).getByText("+2348031234567")).toBeVisible();
    await expect(phone).toHaveValue("");

    const email = page.getByRole("textbox", { name: "Office e-mails", exact: true });
    await email.fill("not-an-address");
    await page.getByRole("button", { name: "Review" }).click();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveValue("not-an-address");
  });

  test("a link to another page asks before leaving typed changes @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: CREATE_ROLE });
    await page.getByLabel("Role name").fill("Typed role name");
    await draftKept(page, "role:new");
    // A link of the portal (the menu's, the breadcrumbs'): clicked as the user would, through the document.
    const followLink = () =>
      page.evaluate(() => {
        const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')].find((a) => new URL(a.href).pathname !== location.pathname);
        link?.click();
        return link?.getAttribute("href");
      });
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Leave this page? Your changes are not saved. They stay as a draft in this tab.");
      void dialog.dismiss();
    });
    const href = await followLink();
    expect(href).toBeTruthy();
    await expect(page.getByLabel("Role name")).toHaveValue("Typed role name");
    expect(new URL(page.url()).pathname).toBe(CREATE_ROLE);

    page.once("dialog", (dialog) => void dialog.accept());
    await followLink();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(CREATE_ROLE);
  });

  test("a dialog's Cancel asks as Escape does, and a notice leaves its title and close button clear @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin2, { next: "/administration/classes" });
    await page.getByRole("button", { name: "Add class type" }).click();
    const dialog = page.getByRole("dialog", { name: "New class type" });
    // An empty submit: the notice shows while the dialog stays open.
    await dialog.getByRole("button", { name: "Add class type" }).click();
    const notice = page.locator("[data-sonner-toast]").first();
    await expect(notice).toBeVisible();
    const box = async (locator: ReturnType<Page["locator"]>) => {
      const b = await locator.boundingBox();
      if (!b) throw new Error("not laid out");
      return b;
    };
    const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    const toast = await box(notice);
    expect(apart(toast, await box(dialog.getByRole("heading", { name: "New class type" })))).toBe(true);
    expect(apart(toast, await box(dialog.getByRole("button", { name: "Close" })))).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel("Name").fill("Typed class type");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog.getByText("Discard what you typed?")).toBeVisible();
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(dialog.getByLabel("Name")).toHaveValue("Typed class type");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the profile's draft comes back after a reload, and a number the server refuses leads to its field @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: "/dashboard/profile" });
    await page.getByRole("button", { name: "Edit profile" }).click();
    await page.getByLabel("Middle name (optional)").fill("Typed");
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).find((k) => k.startsWith("portal.draft.profile:")) ?? "")).not.toBe("");

    await page.reload();
    await expect(page.getByText(restoredNotice)).toBeVisible();
    await expect(page.getByLabel("Middle name (optional)")).toHaveValue("Typed");

    // The server's refusal of a number (PATCH /staff/update answers 409 with the field's issue; its own test
    // is the API's): the message shows at the field, which gets the focus.
    const taken = "This number is already in use in the state.";
    await page.route("**/api/district/staff/update/**", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ message: taken, issues: [{ path: "oracleNumber", message: taken }] }),
      }),
    );
    await page.getByRole("button", { name: "Save profile" }).click();
    const oracle = page.locator('input[name="oracleNumber"]');
    await expect(oracle).toHaveAttribute("aria-invalid", "true");
    await expect(oracle).toBeFocused();
    await expect(page.getByRole("form", { name: "Edit profile" }).getByText(taken)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Cancel asks before throwing the typed changes away; then the page keeps no draft.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Discard what you typed?");
      void dialog.accept();
    });
    await page.getByRole("form", { name: "Edit profile" }).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Edit profile" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Edit profile" })).toBeVisible();
    await expect(page.getByText(restoredNotice)).toBeHidden();
  });
});
