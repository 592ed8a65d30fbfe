import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson, me } from "./support/district-admin";
import { accounts, apiToken, districtApi, expect, passSecondStep, test } from "./support/fixtures";
import { stamp } from "./support/stamp";

const LIST = "/administration/school-management";
const unique = (label: string) => `${label} ${stamp()}`;

test.describe("schools", () => {
  test("find schools by text, local government and category, and read a school's figures @demo @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: "/administration" });
    await page.getByRole("link", { name: "School management" }).click();
    await expect(page.getByRole("heading", { name: "School management" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Agege Senior Grammar School" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Search schools").fill("grammar");
    await expect(page.getByRole("article")).toHaveCount(1);
    await page.getByLabel("Search schools").fill("");
    await page.getByLabel("Local government").selectOption("Ifako-Ijaiye");
    await expect(page.getByRole("article", { name: "Ifako Community Primary School" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Agege Senior Grammar School" })).toHaveCount(0);
    await page.getByLabel("Category").selectOption("Senior Secondary");
    await expect(page.getByText("No school matches.")).toBeVisible();
    await page.getByLabel("Category").selectOption("");

    await page.getByRole("button", { name: "About Ifako Community Primary School" }).click();
    const info = page.getByRole("dialog", { name: "Ifako Community Primary School" });
    await expect(info.getByText("Primary", { exact: true })).toBeVisible();
    // The seed gives this school no vice principal, and 20 students, half of them girls.
    await expect(info.locator("dt", { hasText: /^Vice Principal$/ }).locator("+ dd")).toHaveText("Not Assigned");
    await expect(info.locator("dt", { hasText: /^Students$/ }).locator("+ dd")).toHaveText("20");
    await expect(info.locator("dt", { hasText: /^Female students$/ }).locator("+ dd")).toHaveText("10");
  });

  // District 2: district 1's school count is the dashboard test's.
  test("create a school, then edit it from a cold bookmark and give it a vice principal @demo @writes", async ({ page, browser, signIn }) => {
    const name = unique("Lagos Model College");
    await signIn(accounts.admin2, { next: LIST });
    await page.getByRole("button", { name: "New school" }).click();
    const form = page.getByRole("form", { name: "New school" });
    await form.getByRole("button", { name: "Create school" }).click();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();
    await expect(form.getByText("This field is required", { exact: true })).toBeVisible();
    await expect(form.getByText("Local Government is required")).toBeVisible();
    await form.getByLabel("School name").fill(name);
    await form.getByLabel("Description").fill("Science and arts");
    await form.getByLabel("Address").fill("9 College Road");
    await form.getByLabel("Local government").selectOption("Kosofe");
    await form.getByLabel("Category").selectOption("Senior Secondary");
    await form.getByRole("button", { name: "Create school" }).click();
    await expect(page.getByText("School Created Successfully")).toBeVisible();
    await expect(form).toBeHidden();
    await page.getByLabel("Search schools").fill(name);
    await expect(page.getByRole("article", { name })).toContainText("9 College Road · Kosofe");

    const token = await apiToken(accounts.admin2);
    const { staff } = await me(token);
    const found = await apiJson<{ foundSchools: { id: string; name: string }[] }>(
      token,
      `/school/search?district=${staff.district.id}&searchTerm=${encodeURIComponent(name)}`,
    );
    const id = found.foundSchools[0]?.id ?? "";
    expect(found.foundSchools.map((s) => s.name)).toEqual([name]);

    // A bookmark opened later, signed out: sign in, and the page renders on the server with the school.
    const context = await browser.newContext();
    const later = await context.newPage();
    await later.goto(`${LIST}/edit-school/${id}`);
    await later.waitForURL(/\/login\?next=/);
    await later.getByLabel("E-mail").fill(accounts.admin2.email);
    await later.getByLabel("Password", { exact: true }).fill(accounts.admin2.password);
    await later.getByRole("button", { name: "Sign in" }).click();
    await passSecondStep(later, accounts.admin2);
    await later.waitForURL(`**/edit-school/${id}`);
    const edit = later.getByRole("form", { name: "Edit school" });
    await expect(edit.getByLabel("School name")).toHaveValue(name);
    await expectNoSeriousA11yViolations(later);

    const roles = later.getByRole("region", { name: "School roles" });
    await roles.getByLabel("Role", { exact: true }).selectOption("Vice Principal");
    await roles.getByLabel("Give the role to").fill("Bisi");
    await later.getByRole("option", { name: /Bisi Adebayo/ }).click();
    await expect(later.getByText("Bisi Adebayo is now Vice Principal.")).toBeVisible();
    await expect(roles.getByRole("listitem").filter({ hasText: "Vice Principal" })).toContainText("Bisi Adebayo");

    await edit.getByLabel("School name").fill(`${name} II`);
    await edit.getByRole("button", { name: "Save school" }).click();
    await expect(later.getByText("School Updated Successfully")).toBeVisible();
    await later.waitForURL(`**${LIST}`);
    await later.getByLabel("Search schools").fill(`${name} II`);
    await later.getByRole("button", { name: `About ${name} II` }).click();
    const info = later.getByRole("dialog", { name: `${name} II` });
    await expect(info.locator("dt", { hasText: /^Vice Principal$/ }).locator("+ dd")).toHaveText("Bisi Adebayo");
    await expect(info.locator("dt", { hasText: /^Principal$/ }).locator("+ dd")).toHaveText("Not Assigned");
    await context.close();
  });

  test("another district's school is not found, and staff without the permission are told so @demo", async ({ page, browser, signIn }) => {
    const other = await apiToken(accounts.admin2);
    const { staff } = await me(other);
    const theirs = await apiJson<{ foundSchools: { id: string }[] }>(other, `/school/search?district=${staff.district.id}`);
    await signIn(accounts.admin1, { next: `${LIST}/edit-school/${theirs.foundSchools[0]?.id}` });
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

    // The teacher works in a browser of their own: a call of the administrator's page still in flight
    // could otherwise set the administrator's cookie again after it was cleared.
    const teacherPage = await browser.newPage();
    await signIn(accounts.teacher("kelechi.okeke@example.org"), { page: teacherPage });
    await teacherPage.goto(LIST);
    await expect(teacherPage.getByText(/permission/i).first()).toBeVisible();
    await expect(teacherPage.getByRole("button", { name: "New school" })).toHaveCount(0);
    await teacherPage.context().close();
  });
});

test("the school list's first page is in the server-rendered HTML, before any script runs @demo @writes", async ({ page, signIn }) => {
  // A school of this test's own, named to sort first in district 2's list.
  const token = await apiToken(accounts.admin2);
  const name = unique("0 Server Rendered School");
  const created = await districtApi("POST", "/school/add", token, { name, address: "1 Render Road", localGovernment: "Ikorodu", category: "Primary" });
  expect(created.status, await created.clone().text()).toBe(201);

  await signIn(accounts.admin2);
  const response = await page.request.get(LIST);
  expect(response.status()).toBe(200);
  const html = await response.text();
  // The page streams: its loading text comes first and the rendered cards follow in the same response.
  expect(html).toContain(name);
});
