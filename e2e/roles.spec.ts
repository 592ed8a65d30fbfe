import type { Page } from "@playwright/test";
import { accounts, apiToken, districtApi, expect, passSecondStep, test } from "./support/fixtures";
import { stamp } from "./support/stamp";

const LIST = "/administration/user-management/permission-management";
const unique = (label: string) => `${label} ${stamp()}`;

async function createRoleByApi(token: string, name: string, operations: string[]) {
  const response = await districtApi("POST", "/role/add", token, { name, description: `${name} description`, operations });
  expect(response.status).toBe(201);
  return ((await response.json()) as { role: { id: string } }).role.id;
}

async function staffId(email: string) {
  const token = await apiToken(accounts.teacher(email));
  return ((await (await districtApi("GET", "/auth/me", token)).json()) as { staff: { id: string } }).staff.id;
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

test.describe("roles and permissions", () => {
  test("create a role from the catalogue, category by category @phone @writes", async ({ page, signIn }) => {
    const name = unique("Exam Officer");
    await signIn(accounts.admin1, { next: LIST });
    await expect(card(page, "District Administrator")).toBeVisible();
    await page.getByRole("link", { name: "Create role" }).click();
    await page.waitForURL("**/create-role");

    await page.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByText("This field is required")).toBeVisible();
    await expect(page.getByText("Choose at least one permission.")).toBeVisible();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();

    await page.getByLabel("Role name").fill(name);
    await page.getByLabel("Description").fill("Runs the exams.");
    await page.getByRole("group", { name: "Schools" }).getByLabel("Schools — all").check();
    await page.getByRole("group", { name: "Students" }).getByLabel("View students").check();
    await expect(page.getByRole("group", { name: "Students" }).getByLabel("Students — all")).not.toBeChecked();
    await page.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByText("Role Created Successfully")).toBeVisible();
    await page.waitForURL(`**${LIST}`);
    await expect(card(page, name)).toBeVisible();

    const token = await apiToken(accounts.admin1);
    const district = ((await (await districtApi("GET", "/auth/me", token)).json()) as { staff: { district: { id: string } } }).staff.district.id;
    const { roles } = (await (await districtApi("GET", `/role/get-roles-for-organization/${district}`, token)).json()) as {
      roles: { name: string; operations: string[] }[];
    };
    expect(roles.find((r) => r.name === name)?.operations.sort()).toEqual([
      "school.create",
      "school.download",
      "school.update",
      "school.upload",
      "school.view",
      "student.view",
    ]);
  });

  test("a role's info dialog lists its permissions by category @demo", async ({ page, signIn }) => {
    await signIn(accounts.admin1);
    const catalogueAsked: string[] = [];
    page.on("request", (r) => r.url().includes("/api/district/permission/by-restriction/") && catalogueAsked.push(r.url()));
    await page.goto(LIST);
    // Spec §6: the permissions shown are fetched by the role's list of operations, not filtered from the whole catalogue.
    const asked = page.waitForRequest((r) => r.url().endsWith("/api/district/permission/get-permissions-by-operations") && r.method() === "POST");
    await card(page, "School Supervisor").getByRole("button", { name: "Permissions of School Supervisor" }).click();
    const { operations } = (await asked).postDataJSON() as { operations: string[] };
    expect(operations).toEqual(expect.arrayContaining(["school.view", "staff.view"]));
    expect(operations).not.toContain("school.create");
    const dialog = page.getByRole("dialog", { name: "School Supervisor" });
    await expect(dialog.getByRole("region", { name: "Schools" })).toContainText("View schools");
    expect(catalogueAsked).toEqual([]);
    await expect(dialog.getByRole("region", { name: "Staff" })).toContainText("View staff");
    await expect(dialog).not.toContainText("Create schools");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("edit a role from a cold bookmark @writes", async ({ page }) => {
    const name = unique("Bookmark Role");
    const id = await createRoleByApi(await apiToken(accounts.admin1), name, ["school.view"]);
    await page.goto(`${LIST}/edit-role/${id}`);
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.getByLabel("E-mail").fill(accounts.admin1.email);
    await page.getByLabel("Password", { exact: true }).fill(accounts.admin1.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await passSecondStep(page, accounts.admin1);
    await page.waitForURL(`**/edit-role/${id}`);
    await expect(page.getByLabel("Role name")).toHaveValue(name);
    await expect(page.getByRole("group", { name: "Schools" }).getByLabel("View schools")).toBeChecked();

    await page.getByLabel("Description").fill("Changed from a bookmark.");
    await page.getByRole("group", { name: "LGEA portals" }).getByLabel("LGEA portals — all").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Role Updated Successfully")).toBeVisible();
    await page.waitForURL(`**${LIST}`);
    await expect(card(page, name)).toContainText("Changed from a bookmark.");
    const { role } = (await (await districtApi("GET", `/role/get-by-id/${id}`, await apiToken(accounts.admin1))).json()) as { role: { operations: string[] } };
    expect(role.operations.sort()).toEqual(["lgea.create", "lgea.view", "school.view"]);
  });

  test("another district's role is not found @writes", async ({ page, signIn }) => {
    const id = await createRoleByApi(await apiToken(accounts.admin2), unique("District Two Role"), ["school.view"]);
    await signIn(accounts.admin1, { next: `${LIST}/edit-role/${id}` });
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });

  test("delete a role after a confirmation that says who must be reassigned @demo @writes", async ({ page, signIn }) => {
    const name = unique("Doomed Role");
    const admin = await apiToken(accounts.admin1);
    const id = await createRoleByApi(admin, name, ["school.view"]);
    expect((await districtApi("POST", "/role/assign", admin, { staffId: await staffId("emeka.eze@example.org"), roleId: id })).status).toBe(201);

    await signIn(accounts.admin1, { next: LIST });
    await card(page, name)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
    await expect(dialog).toContainText("1 staff member holds this role and must be reassigned");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(card(page, name)).toBeVisible();

    await card(page, name)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete role" }).click();
    await expect(page.getByText("Role Deleted Successfully")).toBeVisible();
    await expect(card(page, name)).toBeHidden();
    // A fresh token: the test stack's access tokens live six seconds.
    expect((await districtApi("GET", `/role/get-by-id/${id}`, await apiToken(accounts.admin1))).status).toBe(404);
  });

  test("a staff member's pages change when a role is granted and removed @demo @writes", async ({ page, browser, signIn }) => {
    const teacher = accounts.teacher("halima.sani@example.org");
    const name = unique("Role Viewer");
    const id = await createRoleByApi(await apiToken(accounts.admin1), name, ["role.view", "staff.view"]);

    await signIn(teacher, { next: "/administration" });
    await expect(page.getByText("You have no administration permissions yet.")).toBeVisible();
    await page.goto(LIST);
    await expect(page.getByText("You do not have permission to do this.")).toBeVisible();

    // The administrator gives the role through the edit page's staff search.
    const adminPage = await browser.newPage();
    await signIn(accounts.admin1, { page: adminPage });
    await adminPage.goto(`${LIST}/edit-role/${id}`);
    await adminPage.getByRole("combobox", { name: "Give this role to" }).fill("Halima");
    await adminPage.getByRole("option", { name: /Halima Sani/ }).click();
    // Where it applies: the whole district here, chosen and confirmed.
    await adminPage.getByLabel("Where the role applies").selectOption({ label: "Whole district: Education District I" });
    await adminPage
      .getByRole("group", { name: /to Halima Sani/ })
      .getByRole("button", { name: "Give role" })
      .click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Give role" }).click();
    await expect(adminPage.getByText("Halima Sani now holds this role (Whole district: Education District I).")).toBeVisible();

    await page.goto("/administration");
    await page.getByRole("link", { name: "Roles and permissions" }).click();
    await expect(card(page, name)).toBeVisible();
    await expect(page.getByRole("link", { name: "Create role" })).toBeHidden();
    await expect(card(page, name).getByRole("button", { name: `Delete ${name}` })).toBeHidden();

    // Staff access shows the permission and the role it comes through.
    await page.getByRole("combobox", { name: "Staff member" }).fill("Halima");
    await page.getByRole("option", { name: /Halima Sani/ }).click();
    await expect(page.getByRole("heading", { name: `${name} in Education District I` })).toBeVisible();

    await adminPage.getByRole("button", { name: "Remove Halima Sani from this role" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Remove role" }).click();
    await expect(adminPage.getByText("Halima Sani no longer holds this role.")).toBeVisible();
    await adminPage.close();

    await page.goto(LIST);
    await expect(page.getByText("You do not have permission to do this.")).toBeVisible();
  });
});
