import { expectNoSeriousA11yViolations } from "./support/axe";
import { openBeforeScript } from "./support/before-script";
import { apiJson, me } from "./support/district-admin";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { stamp } from "./support/stamp";

/**
 * The audit trail (issue: the audit trail) on district 2 (district 1's school count is the dashboard test's):
 * a school of the test's own is renamed in the browser, and its History panel and the trail show the change
 * before → after, filtered in the URL.
 */
const TRAIL = "/administration/audit";

async function addSchool(token: string, name: string): Promise<string> {
  const response = await districtApi("POST", "/school/add", token, {
    name,
    address: "4 Trail Close, Ikorodu",
    localGovernment: "Ikorodu",
    category: "Primary",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { school: { id: string } }).school.id;
}

test.describe("the audit trail", () => {
  test("a rename shows in the school's History and in the trail, before → after, with filters kept in the URL @demo @writes", async ({ page, signIn }) => {
    const token = await apiToken(accounts.admin2);
    const { staff } = await me(token);
    const before = `Trail School ${stamp()}`;
    const after = `${before} Renamed`;
    const id = await addSchool(token, before);

    await signIn(accounts.admin2, { next: `/administration/school-management/edit-school/${id}` });
    const edit = page.getByRole("form", { name: "Edit school" });
    await edit.getByLabel("School name").fill(after);
    await edit.getByRole("button", { name: "Save school" }).click();
    await expect(page.getByText("School Updated Successfully")).toBeVisible();

    // The school's History, read when opened: the rename, newest first, then the creation.
    await page.goto(`/administration/school-management/edit-school/${id}`);
    await page.getByText("History", { exact: true }).click();
    const history = page.getByRole("list", { name: `History of ${after}` });
    const entries = history.getByRole("listitem");
    await expect(entries).toHaveCount(2);
    await expect(entries.first().getByRole("heading")).toHaveText("School: update");
    await expect(entries.first()).toContainText(`${staff.firstName} ${staff.lastName}`);
    await expect(entries.first().locator("dt")).toHaveText(["Name"]);
    await expect(entries.first().locator("del")).toHaveText(before);
    await expect(entries.first().locator("dd")).toContainText(after);
    await expect(entries.nth(1).getByRole("heading")).toHaveText("School: create");

    // The whole trail, narrowed to this school, then to updates; a reload keeps the filters.
    await page.getByRole("link", { name: "Open in the audit trail" }).click();
    await page.waitForURL(`**${TRAIL}?recordId=${id}`);
    await expect(page.getByRole("heading", { name: "Audit trail", exact: true })).toBeVisible();
    const trail = page.getByRole("list", { name: "Changes, newest first" });
    await expect(trail.getByRole("listitem")).toHaveCount(2);
    await page.getByLabel("Operation").selectOption("school.update");
    await page.waitForURL(/operation=school.update/);
    await expect(trail.getByRole("listitem")).toHaveCount(1);
    await expect(trail.getByRole("heading")).toHaveText(`School: update: ${after}`);
    await page.reload();
    await expect(page.getByLabel("Operation")).toHaveValue("school.update");
    await expect(page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem")).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // The person filter, chosen by typing a name.
    await page.getByRole("combobox", { name: "Person" }).fill(staff.lastName);
    await page.getByRole("option", { name: `${staff.firstName} ${staff.lastName}` }).click();
    await page.waitForURL(new RegExp(`actor=${staff.id}`));
    await expect(page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem")).toHaveCount(1);

    // A day with no changes: nothing matches, and it says so.
    await page.getByRole("textbox", { name: "Until" }).fill("2020-01-01");
    await expect(page.getByText("No changes match these filters.")).toBeVisible();

    // The download is the filtered trail as a spreadsheet.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForURL(`**${TRAIL}`);
    const href = await page.getByRole("link", { name: "Download" }).getAttribute("href");
    expect(href).toContain("/api/district/audit/download");
    const download = await page.request.get(`${href}&recordId=${id}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("spreadsheetml");
  });

  test("the trail is an administration area, fits a phone and keeps to the keyboard @demo @phone @writes", async ({ page, signIn }) => {
    // At least one change of the district's, whatever ran before.
    await addSchool(await apiToken(accounts.admin2), `Trail Phone School ${stamp()}`);
    await signIn(accounts.admin2, { next: "/administration" });
    await page.getByRole("link", { name: "Audit trail", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Audit trail", exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first()).toBeVisible();
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Kind of record").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Operation")).toBeFocused();
  });

  test("opens for a district administrator with its filters, changing nothing @smoke", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: TRAIL });
    await expect(page.getByRole("heading", { name: "Audit trail", exact: true })).toBeVisible();
    await expect(page.getByRole("search", { name: "Filter the audit trail" }).getByLabel("Kind of record")).toBeVisible();
    // A deployment's trail may hold anything, or nothing yet.
    await expect(page.getByRole("list", { name: "Changes, newest first" }).or(page.getByText("No changes recorded yet."))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("each record page folds a History panel that reads when opened @demo", async ({ page, signIn }) => {
    const token = await apiToken(accounts.admin1);
    const { staff } = await me(token);
    const { roles } = await apiJson<{ roles: { id: string; name: string }[] }>(token, `/role/get-roles-for-organization/${staff.district.id}`);
    const role = roles[0];
    if (!role) throw new Error("the district has no role");
    await signIn(accounts.admin1);
    const opened = async (name: string) => {
      await page.getByText("History", { exact: true }).first().click();
      await expect(page.getByRole("list", { name: `History of ${name}` }).or(page.getByText("No changes recorded yet.").first())).toBeVisible();
    };
    await page.goto(`/administration/user-management/staff-management/staff-record?id=${staff.id}`);
    await opened(`${staff.firstName} ${staff.lastName}`);
    await page.goto(`/administration/user-management/permission-management/edit-role/${role.id}`);
    await opened(role.name);
    await page.goto("/administration/configuration");
    await opened("the configuration");
    // An LGEA's card carries its own.
    await page.goto("/administration/lga-management");
    const card = page.getByRole("article").first();
    await card.getByText("History", { exact: true }).click();
    await expect(card.getByRole("list", { name: /^History of / }).or(card.getByText("No changes recorded yet."))).toBeVisible();
  });

  test("a History opened before the page's script has come still reads its entries @demo @writes", async ({ page }) => {
    const token = await apiToken(accounts.admin2);
    const name = `Early School ${stamp()}`;
    const id = await addSchool(token, name);
    // A slow line: the page is drawn from its HTML, and its scripts are held until History has been opened.
    const release = await openBeforeScript(page, accounts.admin2, `/administration/school-management/edit-school/${id}`);
    await page.getByText("History", { exact: true }).click();
    release();
    await expect(page.getByRole("list", { name: `History of ${name}` }).getByRole("listitem")).toHaveCount(1);
  });
});
