import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { stamp } from "./support/stamp";

// A role given where it applies: the giver chooses the district, an LGEA or a school within their own reach,
// confirms, and sees where beside each holder; a holder at one school works with that school's records only.

const LIST = "/administration/user-management/permission-management";
const REGISTER = "/administration/user-management/student-management/admission-register";

async function createRole(name: string, operations: string[]) {
  const response = await districtApi("POST", "/role/add", await apiToken(accounts.admin1), { name, description: `${name} description`, operations });
  expect(response.status).toBe(201);
  return ((await response.json()) as { role: { id: string } }).role.id;
}

/** Finds a staff member in the edit page's search and chooses where the role applies; returns the place's label. */
async function chooseHolder(page: Page, search: string, name: string, place?: RegExp) {
  await page.getByRole("combobox", { name: "Give this role to" }).fill(search);
  // Namesakes are told apart by where they are posted.
  const option = page.getByRole("option", { name: new RegExp(name) });
  await expect(option).toContainText("posted at");
  await option.click();
  const where = page.getByLabel("Where the role applies");
  // It starts at the staff member's own posting: a school, never the whole district unasked.
  await expect(where.locator("option:checked")).toHaveText(/^School: /);
  if (place) await where.selectOption({ label: (await where.locator("option", { hasText: place }).first().textContent()) ?? "" });
  return ((await where.locator("option:checked").textContent()) ?? "").replace(/ \(.*\)$/, "");
}

test.describe("roles where they apply", () => {
  test("a role given at one school after a confirmation; its holder sees that school's pupils only @demo @writes", async ({ page, browser, signIn }) => {
    const name = `School Records ${stamp()}`;
    const id = await createRole(name, ["student.view"]);
    const teacher = accounts.teacher("chiamaka.nwosu@example.org");

    await signIn(accounts.admin1, { next: `${LIST}/edit-role/${id}` });
    await expect(page.getByRole("heading", { name: "Staff who hold this role" })).toBeVisible();
    const place = await chooseHolder(page, "Chiamaka", "Chiamaka Nwosu");
    const schoolId = await page.getByLabel("Where the role applies").inputValue();
    const schoolName = place.replace(/^School: /, "");
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole("group", { name: /Give .* to Chiamaka Nwosu/ })
      .getByRole("button", { name: "Give role" })
      .click();
    const dialog = page.getByRole("dialog", { name: `Give ${name} to Chiamaka Nwosu?` });
    await expect(dialog).toContainText(`at ${schoolName} only`);
    // Nothing is given before the confirmation.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Nobody holds this role yet.")).toBeVisible();
    await page
      .getByRole("group", { name: /Give .* to Chiamaka Nwosu/ })
      .getByRole("button", { name: "Give role" })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Give role" }).click();
    await expect(page.getByText(`Chiamaka Nwosu now holds this role (${place}).`)).toBeVisible();
    const holder = page.getByRole("region", { name: "Staff who hold this role" }).getByRole("listitem").filter({ hasText: "Chiamaka Nwosu" });
    await expect(holder).toContainText(place);

    // What the school has, as the administrator's filtered register counts it, and the district as a whole.
    await page.goto(`${REGISTER}?school=${schoolId}`);
    const schoolCount = (await page.getByText(/^\d[\d,]* (student|students)$/).textContent()) ?? "";
    await page.goto(REGISTER);
    await expect(page.getByText(/^\d[\d,]* (student|students)$/)).not.toHaveText(schoolCount);

    // The holder, signed in, sees that school's pupils and no one else's.
    const holderPage = await browser.newPage();
    await signIn(teacher, { page: holderPage });
    await holderPage.goto(REGISTER);
    await expect(holderPage.getByText(/^\d[\d,]* (student|students)$/)).toHaveText(schoolCount);
    const table = holderPage.getByRole("table", { name: /^Students, page 1/ });
    const schoolCells = table.locator("tbody tr").filter({ has: holderPage.getByRole("rowheader") });
    // The rows come with the page's list, the count with a read of its own: wait for the rows.
    await expect(schoolCells.first()).toBeVisible();
    const shownSchools = await table.evaluate((el) => {
      const heads = [...el.querySelectorAll("thead th")].map((th) => (th.textContent ?? "").trim());
      const at = heads.indexOf("School");
      return [...new Set([...el.querySelectorAll("tbody tr")].flatMap((tr) => (tr.children[at] ? [(tr.children[at].textContent ?? "").trim()] : [])))];
    });
    expect(shownSchools).toEqual([schoolName]);
    await expectNoSeriousA11yViolations(holderPage);
    await holderPage.close();

    // Taken away again after its confirmation, so the teacher is as the demo made them.
    await page.goto(`${LIST}/edit-role/${id}`);
    await page.getByRole("button", { name: `Remove Chiamaka Nwosu from this role (${place})` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove role" }).click();
    await expect(page.getByText("Chiamaka Nwosu no longer holds this role.")).toBeVisible();
  });

  test("on a phone, choose where a role applies, confirm, and read where beside the holder @phone @writes", async ({ page, signIn }, testInfo) => {
    test.skip(testInfo.project.name !== "phone-360", "the phone's layout");
    const name = `Phone Role ${stamp()}`;
    const id = await createRole(name, ["school.view"]);
    await signIn(accounts.admin1, { next: `${LIST}/edit-role/${id}` });
    const where = await chooseHolder(page, "Emeka", "Emeka Eze", /^LGEA: /);
    expect(where).toMatch(/^LGEA: /);
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole("group", { name: /Give .* to Emeka Eze/ })
      .getByRole("button", { name: "Give role" })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Give role" }).click();
    await expect(page.getByRole("region", { name: "Staff who hold this role" }).getByRole("listitem").filter({ hasText: "Emeka Eze" })).toContainText(where);
    await expectFitsScreen(page);
    await page.getByRole("button", { name: `Remove Emeka Eze from this role (${where})` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove role" }).click();
    await expect(page.getByText("Emeka Eze no longer holds this role.")).toBeVisible();
  });
});
