import type { Locator, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson, me } from "./support/district-admin";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { expectFitsScreen } from "./support/fits-screen";
import { fakeMapsPlaces } from "./support/maps";

const AREA = "/administration/user-management/student-management";
const REGISTER = `${AREA}/admission-register`;
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const lagosToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
/** A date of birth `years` before this year (on 12 April): 8 is a primary pupil's age, 20 is not. */
const bornYearsAgo = (years: number) => `${Number(lagosToday().slice(0, 4)) - years}-04-12`;

type Place = { id: string; name: string };
type StudentRecord = {
  id: string;
  admissionNumber: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  gender: string;
  dob: string | null;
  school: Place;
  class: (Place & { level: string }) | null;
  dateOfAdmission: string;
  stateOfOrigin: string | null;
  localGovernmentOfOrigin: string | null;
  stateOfResidence: string | null;
  localGovernmentOfResidence: string | null;
  address: string | null;
  guardianName: string | null;
  guardianRelationship: string | null;
  guardianPhoneCode: string | null;
  guardianPhone: string | null;
  guardianEmail: string | null;
  specialNeeds: string | null;
  enrolmentStatus: string;
  version: number;
};
type Listed = { id: string; admissionNumber: string; firstName: string; dateOfAdmission: string; class: Place | null };

// District 2 throughout (district 1's dashboard figures are other tests'); every run makes its own school,
// classes and pupils, named with its own stamp, since the desktop and phone projects run @phone tests side by side.

/** A primary school of this test's own with one class ("<type> A") of each class type named, through the API. */
async function schoolWithClasses(seed: string, classTypes: string[]) {
  const token = await apiToken(accounts.admin2);
  const { staff } = await me(token);
  const name = `Pupils Primary ${seed}`;
  const created = await districtApi("POST", "/school/add", token, {
    name,
    description: "Students test",
    address: "4 Pupil Road",
    localGovernment: "Kosofe",
    category: "Primary",
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const school: Place = { id: ((await created.json()) as { school: { id: string } }).school.id, name };
  const { classTypes: types } = await apiJson<{ classTypes: Place[] }>(token, "/class-arm/list-of-class-types");
  const classes: Record<string, string> = {};
  for (const typeName of classTypes) {
    const type = types.find((t) => t.name === typeName);
    expect(type, `class type ${typeName}`).toBeTruthy();
    const made = await districtApi("POST", "/class/add", token, { schoolId: school.id, classTypeId: type?.id, arm: "A", capacity: 40 });
    expect(made.status, await made.clone().text()).toBe(201);
    const { class: c } = (await made.json()) as { class: Place };
    classes[c.name] = c.id;
  }
  return { districtId: staff.district.id, school, classes };
}

/** POST /student/add's body: a pupil of Lagos with a guardian, and what the test cares about in `details`. */
function pupilBody(details: { firstName: string; lastName: string; gender: string; dob: string; schoolId: string } & Record<string, unknown>) {
  return {
    dateOfAdmission: lagosToday(),
    stateOfOrigin: "Lagos",
    localGovernmentOfOrigin: "Ikorodu",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Kosofe",
    address: "3 Pupil Road",
    guardianName: "Funke Guardian",
    guardianRelationship: "Mother",
    guardianPhone: "8031234567",
    ...details,
  };
}

async function admit(token: string, body: ReturnType<typeof pupilBody>) {
  const response = await districtApi("POST", "/student/add", token, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { student: StudentRecord }).student;
}

/** PATCH /student/update/{id}'s body for a record as it is, at its version. */
const updateBody = (s: StudentRecord) => ({
  admissionNumber: s.admissionNumber,
  firstName: s.firstName,
  lastName: s.lastName,
  middleName: s.middleName,
  gender: s.gender,
  dob: s.dob,
  schoolId: s.school.id,
  classId: s.class?.id ?? null,
  dateOfAdmission: s.dateOfAdmission,
  stateOfOrigin: s.stateOfOrigin,
  localGovernmentOfOrigin: s.localGovernmentOfOrigin,
  stateOfResidence: s.stateOfResidence,
  localGovernmentOfResidence: s.localGovernmentOfResidence,
  address: s.address,
  guardianName: s.guardianName,
  guardianRelationship: s.guardianRelationship,
  guardianPhoneCode: s.guardianPhoneCode ?? "+234",
  guardianPhone: s.guardianPhone,
  guardianEmail: s.guardianEmail,
  specialNeeds: s.specialNeeds ?? "None",
  enrolmentStatus: s.enrolmentStatus,
  version: s.version,
});

/** The pupils of the district a search term finds, through the API (a fresh token: the suite's last seconds). */
async function pupilsNamed(districtId: string, searchTerm: string) {
  const { foundStudents } = await apiJson<{ foundStudents: Listed[] }>(
    await apiToken(accounts.admin2),
    `/student/search?district[0]=${districtId}&searchTerm=${encodeURIComponent(searchTerm)}&limit=50`,
  );
  return foundStudents;
}

const recordOf = async (id: string) => apiJson<StudentRecord>(await apiToken(accounts.admin2), `/student/view-by-id/${id}`);
const detail = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
const registerRows = (page: Page) => page.getByRole("table", { name: /^Students, page 1/ }).getByRole("rowheader");

/** The student form's fields, for a Primary 2 pupil of Lagos. */
async function fillPupil(form: Locator, p: { firstName: string; lastName: string; dob: string; school: string; className: string }) {
  await form.getByLabel("First name").fill(p.firstName);
  await form.getByLabel("Last name").fill(p.lastName);
  await form.getByLabel("Gender").selectOption("Female");
  await form.getByRole("textbox", { name: "Date of birth" }).fill(p.dob);
  await form.getByLabel("School", { exact: true }).selectOption({ label: p.school });
  await form.getByLabel("Class (optional)").selectOption({ label: p.className });
  // The state offers the default local government (Ikorodu); another is chosen for residence.
  await form.getByLabel("State of origin").selectOption("Lagos");
  await expect(form.getByLabel("Local government of origin")).toHaveValue("Ikorodu");
  await form.getByLabel("State of residence").selectOption("Lagos");
  await form.getByLabel("Local government of residence").selectOption("Kosofe");
  await form.getByRole("combobox", { name: "Address" }).fill("14 School Road, Ketu");
  await form.getByLabel("Guardian's name").fill(`Ngozi ${p.lastName}`);
  await form.getByLabel("Relationship to the pupil").selectOption("Mother");
  await form.getByLabel("Guardian's phone number", { exact: true }).fill("8039876543");
}

test.describe("students", () => {
  test("admit a pupil with the admission number left empty, then one of the same names past the possible-duplicate warning @phone", async ({
    page,
    signIn,
  }) => {
    const seed = stamp();
    const { districtId, school } = await schoolWithClasses(seed, ["Primary 2"]);
    const lastName = `Admitted${seed}`;
    const dob = bornYearsAgo(8);

    await fakeMapsPlaces(page);
    await signIn(accounts.admin2);
    await page.goto(AREA);
    await page.getByRole("link", { name: "Admit a student" }).click();
    await expect(page.getByRole("heading", { name: "Admit a student" })).toBeVisible();
    const form = page.getByRole("form", { name: "New student" });
    await expect(form.getByText(/left empty, the next number of the district's pattern/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);

    await form.getByRole("button", { name: "Save student" }).click();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();
    await expect(form.getByText("Choose a school.")).toBeVisible();

    // An age unusual for the class's level is a warning that goes once the date of birth is right.
    await fillPupil(form, { firstName: "Adaeze", lastName, dob: bornYearsAgo(20), school: school.name, className: "Primary 2A" });
    await expect(form.getByText(/unusual for Primary/)).toBeVisible();
    await form.getByRole("textbox", { name: "Date of birth" }).fill(dob);
    await expect(form.getByText(/unusual for Primary/)).toBeHidden();
    await expect(form.getByLabel("Admission number")).toHaveValue("");

    await form.getByRole("button", { name: "Save student" }).click();
    await expect(page.getByText("Student Created Successfully")).toBeVisible();
    // The notice first; the admission register 1.5 s later.
    await expect(page).toHaveURL(/new-student/);
    await page.waitForURL((url) => url.pathname === REGISTER);
    await expect(page.getByRole("heading", { name: "Admission register" })).toBeVisible();

    // The admission number came from the district's pattern: ADM/<year of admission>/NNNNN.
    const [admitted, ...others] = await pupilsNamed(districtId, lastName);
    expect(others).toHaveLength(0);
    if (!admitted) throw new Error("the new pupil is not in the register");
    expect(admitted.admissionNumber).toMatch(new RegExp(`^ADM/${admitted.dateOfAdmission.slice(0, 4)}/\\d{5}$`));
    expect(admitted.class?.name).toBe("Primary 2A");
    await page.getByLabel("Search students").fill(lastName);
    await expect(registerRows(page)).toHaveText([`Adaeze ${lastName}`]);
    await expect(page.getByRole("row").filter({ hasText: lastName })).toContainText(admitted.admissionNumber);

    // A second pupil with the same names, gender and date of birth: the warning links the first, and must be answered.
    await page.goto(`${AREA}/new-student`);
    await fillPupil(form, { firstName: "Adaeze", lastName, dob, school: school.name, className: "Primary 2A" });
    const warning = form.getByRole("alert").filter({ hasText: "Possible duplicate: a pupil with the same names, gender and date of birth" });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("link", { name: new RegExp(`Adaeze ${lastName}`) })).toHaveAttribute(
      "href",
      new RegExp(`student-record\\?id=${admitted.id}`),
    );
    await expect(warning).toContainText(admitted.admissionNumber);
    await expectNoSeriousA11yViolations(page);
    await form.getByRole("button", { name: "Save student" }).click();
    await expect(page.getByText("Possible duplicate: tick")).toBeVisible();
    await expect(page).toHaveURL(/new-student/);
    expect(await pupilsNamed(districtId, lastName)).toHaveLength(1);

    await warning.getByLabel("This is a different pupil: save anyway").check();
    await form.getByRole("button", { name: "Save student" }).click();
    await expect(page.getByText("Student Created Successfully")).toBeVisible();
    await page.waitForURL((url) => url.pathname === REGISTER);
    await page.getByLabel("Search students").fill(lastName);
    await expect(registerRows(page)).toHaveCount(2);
    const both = await pupilsNamed(districtId, lastName);
    expect(new Set(both.map((s) => s.admissionNumber)).size).toBe(2);

    // A pupil's name in the register opens their record.
    await page
      .getByRole("link", { name: `Adaeze ${lastName}` })
      .first()
      .click();
    await expect(page).toHaveURL(/student-record\?id=[0-9a-f-]{36}/);
    await expect(page.getByRole("heading", { name: `Adaeze ${lastName}` })).toBeVisible();
  });

  test("open a pupil's record cold from a bookmark and update it; a stale edit is refused with its message @phone", async ({ page, signIn }) => {
    const seed = stamp();
    const { school, classes } = await schoolWithClasses(seed, ["Primary 3"]);
    const lastName = `Record${seed}`;
    const pupil = await admit(
      await apiToken(accounts.admin2),
      pupilBody({ firstName: "Chinedu", lastName, gender: "Male", dob: bornYearsAgo(9), schoolId: school.id, classId: classes["Primary 3A"] }),
    );
    const bookmark = `${AREA}/student-record?id=${pupil.id}`;

    await signIn(accounts.admin2);
    await page.goto(bookmark);
    await expect(page.getByRole("heading", { name: `Chinedu ${lastName}` })).toBeVisible();
    await expect(detail(page, "Admission number")).toHaveText(pupil.admissionNumber);
    await expect(detail(page, "School")).toHaveText(school.name);
    await expect(detail(page, "Class")).toHaveText("Primary 3A (Primary)");
    await expect(detail(page, "Enrolment status")).toHaveText("Enrolled");
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);

    // Without an id the record route is the admission register; an unknown id is Page Not Found.
    await page.goto(`${AREA}/student-record`);
    await expect(page.getByRole("heading", { name: "Admission register" })).toBeVisible();
    await page.goto(`${AREA}/student-record?id=${crypto.randomUUID()}`);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

    await page.goto(bookmark);
    await page.getByRole("button", { name: "Edit student record" }).click();
    const form = page.getByRole("form", { name: "Edit student record" });
    await expect(form.getByLabel("Admission number")).toHaveValue(pupil.admissionNumber);
    await expect(form.getByLabel("Class (optional)")).toHaveValue(classes["Primary 3A"] ?? "");
    await form.getByLabel("Guardian's name").fill(`Emeka ${lastName}`);
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await form.getByRole("button", { name: "Save student record" }).click();
    await expect(page.getByText("Student Updated Successfully")).toBeVisible();
    await page.waitForURL((url) => url.pathname === REGISTER);
    expect(await recordOf(pupil.id)).toMatchObject({ guardianName: `Emeka ${lastName}`, version: pupil.version + 1 });

    // Someone else changes the pupil while the form is open: the save is refused, nothing of it is kept.
    await page.goto(bookmark);
    await page.getByRole("button", { name: "Edit student record" }).click();
    await expect(form.getByLabel("Guardian's name")).toHaveValue(`Emeka ${lastName}`);
    const current = await recordOf(pupil.id);
    const meanwhile = await districtApi("PATCH", `/student/update/${pupil.id}`, await apiToken(accounts.admin2), {
      ...updateBody(current),
      address: "9 Elsewhere Road",
    });
    expect(meanwhile.status, await meanwhile.clone().text()).toBe(200);
    await form.getByLabel("Guardian's name").fill(`Late ${lastName}`);
    await form.getByRole("button", { name: "Save student record" }).click();
    await expect(page.getByText("This pupil's record was changed by someone else. Reload it and try again.")).toBeVisible();
    await expect(page).toHaveURL(/student-record\?id=/);
    expect(await recordOf(pupil.id)).toMatchObject({ guardianName: `Emeka ${lastName}`, address: "9 Elsewhere Road", version: current.version + 1 });
  });

  test("upload a workbook of pupils, fix a bad cell in the preview grid, confirm, and find them in the register", async ({ page, signIn }) => {
    const tag = stamp();
    const { districtId, school } = await schoolWithClasses(tag, ["Primary 4"]);
    const lastName = `Sheet${tag}`;
    const headers = [
      "Admission Number",
      "First Name",
      "Last Name",
      "Middle Name",
      "Gender",
      "Date of Birth",
      "School",
      "Class",
      "Date of Admission",
      "State of Origin",
      "LGA of Origin",
      "State of Residence",
      "LGA of Residence",
      "Address",
      "Guardian Name",
      "Guardian Relationship",
      "Guardian Phone",
      "Guardian E-mail",
      "Special Needs",
    ];
    const row = (n: number, className: string) => [
      "",
      ["Bisi", "Tunde", "Kemi"][n - 1] ?? "Pupil",
      lastName,
      "",
      n === 2 ? "Male" : "Female",
      `${bornYearsAgo(10).slice(0, 4)}-02-1${n}`,
      school.name,
      className,
      lagosToday(),
      "Lagos",
      "Ikorodu",
      "Lagos",
      "Kosofe",
      `${n} Sheet Road`,
      `Bola ${lastName}`,
      "Father",
      `080312345${n}0`,
      "",
      "None",
    ];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Students");
    // Every cell as text, as a class teacher's sheet would hold it; the second pupil's class does not exist.
    for (const values of [headers, row(1, "Primary 4A"), row(2, "Primary 9Z"), row(3, "Primary 4A")]) sheet.addRow(values);
    const workbook = Buffer.from(await book.xlsx.writeBuffer());

    await signIn(accounts.admin2);
    await page.goto(AREA);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload students" }).click();
    await (await chooser).setFiles({ name: "pupils.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook });
    await expect(page.getByText("Uploaded Successfully")).toBeVisible();

    const preview = page.getByRole("region", { name: "Spreadsheet preview" });
    await expect(preview.getByText("3 rows")).toBeVisible();
    await expect(preview.getByText("2 valid")).toBeVisible();
    await expect(preview.getByText("1 with errors")).toBeVisible();
    await expect(preview.getByText("Choose a class of the pupil's school.")).toBeVisible();
    await expect(preview.getByRole("button", { name: "Create 2 students" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    const class3 = preview.getByLabel("Class, row 3");
    await class3.fill("Primary 4A");
    await class3.press("Enter");
    await expect(preview.getByText("Choose a class of the pupil's school.")).toBeHidden();
    await expect(preview.getByText("3 valid")).toBeVisible();
    await expect(preview.getByText("0 with errors")).toBeVisible();
    await preview.getByRole("button", { name: "Create 3 students" }).click();
    await expect(page.getByText("Multiple Students Upload Successfully")).toBeVisible();
    await page.waitForURL((url) => url.pathname === REGISTER);

    await page.getByLabel("Search students").fill(lastName);
    await expect(registerRows(page)).toHaveCount(3);
    for (const firstName of ["Bisi", "Tunde", "Kemi"]) await expect(registerRows(page).filter({ hasText: `${firstName} ${lastName}` })).toHaveCount(1);
    const uploaded = await pupilsNamed(districtId, lastName);
    expect(uploaded.map((s) => s.class?.name)).toEqual(["Primary 4A", "Primary 4A", "Primary 4A"]);
    for (const s of uploaded) expect(s.admissionNumber).toMatch(new RegExp(`^ADM/${s.dateOfAdmission.slice(0, 4)}/\\d{5}$`));
  });

  test("move two pupils to another class from the register, find the move in the list and undo it; a stale undo is refused @phone", async ({
    page,
    signIn,
  }) => {
    const seed = stamp();
    const { districtId, school, classes } = await schoolWithClasses(seed, ["Primary 5", "Primary 6"]);
    const from = classes["Primary 5A"] ?? "";
    const to = classes["Primary 6A"] ?? "";
    const lastName = `Mover${seed}`;
    const token = await apiToken(accounts.admin2);
    const pupils: StudentRecord[] = [];
    for (const [i, firstName] of ["Ife", "Obi"].entries())
      pupils.push(
        await admit(token, pupilBody({ firstName, lastName, gender: i === 0 ? "Female" : "Male", dob: bornYearsAgo(11), schoolId: school.id, classId: from })),
      );
    const classesNow = async () => (await pupilsNamed(districtId, lastName)).map((s) => s.class?.id);

    await signIn(accounts.admin2);
    await page.goto(`${REGISTER}?searchTerm=${lastName}`);
    await expect(registerRows(page)).toHaveCount(2);
    await page.getByLabel("Select every student listed").check();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.getByRole("link", { name: "Move selected" }).click();

    await expect(page.getByRole("heading", { name: "Move pupils" })).toBeVisible();
    await expect(page.getByText("2 pupils selected for this move.")).toBeVisible();
    await page.getByLabel("New school").selectOption(school.id);
    await page.getByLabel("New class").selectOption(to);
    await page.getByRole("button", { name: "Review" }).click();
    const review = page.getByRole("region", { name: "Review" });
    await expect(review.getByText("2 pupils move.")).toBeVisible();
    for (const p of pupils) {
      const line = review.getByRole("row").filter({ hasText: `${p.firstName} ${lastName}` });
      await expect(line).toContainText(`Primary 5A, ${school.name}`);
      await expect(line).toContainText(`Primary 6A, ${school.name}`);
    }
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await page.getByRole("button", { name: "Confirm move" }).click();
    const dialog = page.getByRole("dialog", { name: `Move 2 pupils to Primary 6A, ${school.name}?` });
    await dialog.getByRole("button", { name: "Move pupils" }).click();
    await expect(page.getByText("Students Moved Successfully")).toBeVisible();
    await page.waitForURL((url) => url.pathname === `${AREA}/moves`);
    await expect(page.getByRole("heading", { name: "Group moves" })).toBeVisible();
    expect(await classesNow()).toEqual([to, to]);

    // The move in the list, undone after a confirmation: both pupils back in their class.
    const moveRow = page
      .getByRole("row")
      .filter({ hasText: school.name })
      .filter({ has: page.getByRole("button", { name: /^Undo/ }) });
    await expect(moveRow).toHaveCount(1);
    await expect(moveRow).toContainText("2 pupils");
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await moveRow.getByRole("button", { name: /^Undo/ }).click();
    await page.getByRole("dialog", { name: "Undo the move of 2 pupils?" }).getByRole("button", { name: "Undo move" }).click();
    await expect(page.getByText("Move Undone Successfully")).toBeVisible();
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: school.name })
        .filter({ hasText: /Undone/ }),
    ).toHaveCount(1);
    expect(await classesNow()).toEqual([from, from]);

    // The selection went with the move.
    await page.goto(`${REGISTER}?searchTerm=${lastName}`);
    await expect(registerRows(page)).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Move selected" })).toHaveCount(0);

    // A second move, then a pupil changed through the API after the list was read: Undo is refused with its reason.
    const moved = await districtApi("POST", "/student/move", await apiToken(accounts.admin2), {
      studentIds: pupils.map((p) => p.id),
      toSchoolId: school.id,
      toClassId: to,
    });
    expect(moved.status, await moved.clone().text()).toBe(201);
    await page.goto(`${AREA}/moves`);
    const second = page
      .getByRole("row")
      .filter({ hasText: school.name })
      .filter({ has: page.getByRole("button", { name: /^Undo/ }) });
    await expect(second).toHaveCount(1);
    const first = pupils[0];
    if (!first) throw new Error("no pupil to change");
    const current = await recordOf(first.id);
    const changed = await districtApi("PATCH", `/student/update/${first.id}`, await apiToken(accounts.admin2), {
      ...updateBody(current),
      address: "2 Changed Road",
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await second.getByRole("button", { name: /^Undo/ }).click();
    await page.getByRole("dialog", { name: "Undo the move of 2 pupils?" }).getByRole("button", { name: "Undo move" }).click();
    await expect(
      page.getByText("This move can no longer be undone: it is more than a day old, already undone, or some of its pupils have changed since."),
    ).toBeVisible();
    expect(await classesNow()).toEqual([to, to]);
  });
});
