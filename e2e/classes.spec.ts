import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { apiJson } from "./support/district-admin";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { stamp } from "./support/stamp";

const PAGE = "/administration/classes";
/** Ten digits no other run uses (a hash of the seed; staff.spec.ts's numbers begin with 81, these with 91). */
function phoneOf(seed: string) {
  let hash = 0;
  for (const char of seed) hash = (hash * 131 + char.charCodeAt(0)) % 100_000_000;
  return `91${String(hash).padStart(8, "0")}`;
}

type ClassRow = { id: string; name: string; capacity: number; classTeacher: { id: string } | null };

// District 2 throughout: district 1's dashboard figures are other tests' (schools, staff).

/** A primary school of this test's own, through the API. */
async function newSchool(token: string, name: string) {
  const response = await districtApi("POST", "/school/add", token, {
    name,
    description: "Classes test",
    address: "4 Class Road",
    localGovernment: "Kosofe",
    category: "Primary",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { school: { id: string } }).school.id;
}

/** A teacher posted at the school, named so the staff search finds only them. */
async function newTeacher(token: string, seed: string, schoolId: string) {
  const key = `classteacher-${seed}`;
  const response = await districtApi("POST", "/staff/create", token, {
    title: "Mrs",
    firstName: "Omolara",
    lastName: `Classteacher${seed}`,
    gender: "Female",
    dob: "1986-04-12",
    oracleNumber: `OR-${key}`,
    tescomNumber: `TS-${key}`,
    phoneNumber: phoneOf(key),
    email: `${key}@staff.example.org`,
    address: "5 Staff Road",
    countryOfOrigin: "Nigeria",
    stateOfOrigin: "Lagos",
    localGovernmentOfOrigin: "Ikorodu",
    countryOfResidence: "Nigeria",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Kosofe",
    staffType: "Teaching",
    schoolId,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { id: ((await response.json()) as { staff: { id: string } }).staff.id, name: `Omolara Classteacher${seed}` };
}

async function classTypeId(token: string, name: string) {
  const { classTypes } = await apiJson<{ classTypes: { id: string; name: string }[] }>(token, "/class-arm/list-of-class-types");
  const found = classTypes.find((t) => t.name === name);
  expect(found, `class type ${name}`).toBeTruthy();
  return found?.id ?? "";
}

const classesOf = async (schoolId: string) =>
  (await apiJson<{ classes: ClassRow[] }>(await apiToken(accounts.admin2), `/class/view-all?school=${schoolId}&limit=100`)).classes;

const filters = (page: Page) => page.getByRole("search", { name: "Filter classes" });
const classRows = (page: Page) => page.getByRole("table", { name: /^Classes, page/ }).getByRole("rowheader");

/** Nothing on the page is wider than the window (a phone scrolls the class table, not the page). */

test.describe("classes", () => {
  test("create a class with a class teacher, find it by its school, and a second of the same name is refused @demo @phone @writes", async ({
    page,
    signIn,
  }) => {
    const seed = stamp();
    const token = await apiToken(accounts.admin2);
    const schoolName = `Class Test Primary ${seed}`;
    const schoolId = await newSchool(token, schoolName);
    const teacher = await newTeacher(token, seed, schoolId);

    await signIn(accounts.admin2, { next: "/administration" });
    await page.getByRole("link", { name: "Classes", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Classes" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Class types" })).toBeVisible();
    // The standard class types are listed as such, with nothing to change.
    const primaryOne = page.getByRole("listitem").filter({ has: page.getByText("Primary 1", { exact: true }) });
    await expect(primaryOne).toContainText("Standard");
    await expect(page.getByRole("button", { name: "Edit Primary 1", exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);

    await page.getByRole("button", { name: "New class" }).click();
    const dialog = page.getByRole("dialog", { name: "New class" });
    await dialog.getByRole("button", { name: "Create class" }).click();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();
    await expect(dialog.getByText("Choose a school.")).toBeVisible();
    await expect(dialog.getByLabel("Capacity")).toHaveValue("40");

    await dialog.getByLabel("School", { exact: true }).selectOption({ label: schoolName });
    // A primary school has nursery and primary classes, not secondary ones.
    const classType = dialog.getByLabel("Class type", { exact: true });
    await expect(classType.locator("option", { hasText: "Nursery 1" })).toHaveCount(1);
    await expect(classType.locator("option", { hasText: "JSS 1" })).toHaveCount(0);
    await classType.selectOption({ label: "Primary 1" });
    await dialog.getByLabel("Arm").fill("a");
    await dialog.getByRole("combobox", { name: "Class teacher" }).fill(`Classteacher${seed}`);
    await page.getByRole("option", { name: new RegExp(teacher.name) }).click();
    await expect(dialog.getByText(teacher.name)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Create class" }).click();
    await expect(page.getByText("Class Created Successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    await filters(page).getByLabel("School").selectOption({ label: schoolName });
    await expect(page).toHaveURL(new RegExp(`school=${schoolId}`));
    await expect(page.getByText("1 class", { exact: true })).toBeVisible();
    await expect(classRows(page)).toHaveText(["Primary 1A"]);
    const row = page.getByRole("row", { name: /Primary 1A/ });
    await expect(row).toContainText(schoolName);
    await expect(row).toContainText(teacher.name);
    await expectFitsScreen(page);
    const stored = await classesOf(schoolId);
    expect(stored).toMatchObject([{ name: "Primary 1A", capacity: 40, classTeacher: { id: teacher.id } }]);

    // The same school, type and arm again: the name is taken.
    await page.getByRole("button", { name: "New class" }).click();
    await expect(dialog.getByLabel("School", { exact: true })).toHaveValue(schoolId);
    await dialog.getByLabel("Class type", { exact: true }).selectOption({ label: "Primary 1" });
    await dialog.getByLabel("Arm").fill("A");
    await dialog.getByRole("button", { name: "Create class" }).click();
    await expect(page.getByText("This school already has a class with this name.").first()).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await classesOf(schoolId)).toHaveLength(1);
  });

  test("add a school's standard set after a review, then edit a class and filter by school and class type across a reload @demo @writes", async ({
    page,
    signIn,
  }) => {
    const seed = stamp();
    const token = await apiToken(accounts.admin2);
    const schoolName = `Standard Set Primary ${seed}`;
    const schoolId = await newSchool(token, schoolName);
    // Read now: the suite's tokens last seconds.
    const primary2 = await classTypeId(token, "Primary 2");
    // The school has Primary 1A already: the standard set skips it.
    const first = await districtApi("POST", "/class/add", token, { schoolId, classTypeId: await classTypeId(token, "Primary 1"), arm: "A", capacity: 40 });
    expect(first.status, await first.clone().text()).toBe(201);

    await signIn(accounts.admin2, { next: PAGE });
    await page.getByRole("button", { name: "Add standard set" }).click();
    const dialog = page.getByRole("dialog", { name: "Add standard set" });
    await dialog.getByLabel("School", { exact: true }).selectOption({ label: schoolName });
    // A primary school's set: Primary 1–6 ticked; its nursery section is opted into; no secondary types.
    for (const n of [1, 2, 3, 4, 5, 6]) await expect(dialog.getByRole("checkbox", { name: `Primary ${n}`, exact: true })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Nursery 1", exact: true })).not.toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "JSS 1", exact: true })).toHaveCount(0);
    await expect(dialog.getByRole("list", { name: "Arms" }).getByRole("listitem")).toHaveText(["A"]);
    await dialog.getByRole("textbox", { name: "Arms" }).fill("b");
    await dialog.getByRole("button", { name: "Add to Arms" }).click();
    await expect(dialog.getByRole("list", { name: "Arms" }).getByRole("listitem")).toHaveText(["A", "B"]);
    await dialog.getByRole("button", { name: "Review" }).click();

    const toCreate = dialog.getByRole("list", { name: "To be created (11)" });
    await expect(toCreate.getByRole("listitem")).toHaveCount(11);
    await expect(toCreate.getByText("Primary 1B", { exact: true })).toBeVisible();
    await expect(toCreate.getByText("Primary 6A", { exact: true })).toBeVisible();
    await expect(toCreate.getByText("Primary 1A", { exact: true })).toHaveCount(0);
    await expect(dialog.getByRole("list", { name: "Already there, skipped (1)" }).getByRole("listitem")).toHaveText(["Primary 1A"]);
    await expectNoSeriousA11yViolations(page);

    // Back keeps every choice.
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByLabel("School", { exact: true })).toHaveValue(schoolId);
    await expect(dialog.getByRole("checkbox", { name: "Primary 6", exact: true })).toBeChecked();
    await expect(dialog.getByRole("list", { name: "Arms" }).getByRole("listitem")).toHaveText(["A", "B"]);
    await dialog.getByRole("button", { name: "Review" }).click();
    await dialog.getByRole("button", { name: "Create 11 classes" }).click();
    await expect(page.getByText("Classes Created Successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await classesOf(schoolId)).map((c) => c.name).sort()).toEqual([1, 2, 3, 4, 5, 6].flatMap((n) => [`Primary ${n}A`, `Primary ${n}B`]).sort());

    // Filtered by school, then by class type: the URL holds both, and a reload opens the same list.
    await filters(page).getByLabel("School").selectOption({ label: schoolName });
    await expect(page).toHaveURL(new RegExp(`school=${schoolId}`));
    await expect(page.getByText("12 classes", { exact: true })).toBeVisible();
    await filters(page).getByLabel("Class type").selectOption({ label: "Primary 2" });
    await expect(page).toHaveURL(/classType=[0-9a-f-]{36}/);
    await expect(classRows(page)).toHaveText(["Primary 2A", "Primary 2B"]);
    await page.reload();
    await expect(filters(page).getByLabel("School")).toHaveValue(schoolId);
    await expect(filters(page).getByLabel("Class type")).toHaveValue(primary2);
    await expect(classRows(page)).toHaveText(["Primary 2A", "Primary 2B"]);

    // Edit a class's capacity.
    await page.getByRole("button", { name: `Edit Primary 2B, ${schoolName}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Primary 2B" });
    await expect(edit.getByLabel("Capacity")).toHaveValue("40");
    await expect(edit.getByLabel("Class type", { exact: true })).toHaveValue(primary2);
    await edit.getByLabel("Capacity").fill("35");
    await edit.getByRole("button", { name: "Save class" }).click();
    await expect(page.getByText("Class Updated Successfully")).toBeVisible();
    await expect(edit).toBeHidden();
    // Cells after the row's name: school, class type, arm, class teacher, capacity, pupils.
    const row = page.getByRole("row", { name: /Primary 2B/ });
    await expect(row.getByRole("cell").nth(3)).toHaveText("Not Assigned");
    await expect(row.getByRole("cell").nth(4)).toHaveText("35");
    expect((await classesOf(schoolId)).find((c) => c.name === "Primary 2B")?.capacity).toBe(35);
  });

  test("a class type of the district's own is added, renamed and deleted after a confirmation @writes", async ({ page, signIn }) => {
    const seed = stamp();
    const name = `Primary Extra ${seed}`;
    await signIn(accounts.admin2, { next: PAGE });
    await page.getByRole("button", { name: "Add class type" }).click();
    const dialog = page.getByRole("dialog", { name: "New class type" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Level").selectOption("Primary");
    await dialog.getByLabel("Order").fill("999");
    await dialog.getByRole("button", { name: "Add class type" }).click();
    await expect(page.getByText("Class Type Created Successfully")).toBeVisible();
    const entry = (text: string) => page.getByRole("listitem").filter({ has: page.getByText(text, { exact: true }) });
    await expect(entry(name)).toContainText("Primary · order 999 · 0 classes");
    await expect(entry(name)).toContainText("District\u2019s own");

    await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    await edit.getByLabel("Name").fill(`${name} II`);
    await edit.getByRole("button", { name: "Save class type" }).click();
    await expect(page.getByText("Class Type Updated Successfully")).toBeVisible();
    await expect(entry(`${name} II`)).toBeVisible();

    await page.getByRole("button", { name: `Delete ${name} II` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete ${name} II?` });
    await expect(confirm).toContainText("No class uses it.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(entry(`${name} II`)).toBeVisible();
    await page.getByRole("button", { name: `Delete ${name} II` }).click();
    await confirm.getByRole("button", { name: "Delete class type" }).click();
    await expect(page.getByText("Class Type Deleted Successfully")).toBeVisible();
    await expect(entry(`${name} II`)).toHaveCount(0);
    const { classTypes } = await apiJson<{ classTypes: { name: string }[] }>(await apiToken(accounts.admin2), "/class-arm/list-of-class-types");
    expect(classTypes.map((t) => t.name)).not.toContain(`${name} II`);
  });

  test("staff without the permission are told so @demo", async ({ page, signIn }) => {
    await signIn(accounts.teacher("kelechi.okeke@example.org"), { next: PAGE });
    await expect(page.getByText(/permission/i).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "New class" })).toHaveCount(0);
  });
});
