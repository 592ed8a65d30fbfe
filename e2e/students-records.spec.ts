import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { expectFitsScreen } from "./support/fits-screen";
import { fakeMapsPlaces } from "./support/maps";
import { admit, bornYearsAgo, pupilBody, pupilsNamed, recordOf, registerRows, schoolWithClasses, updateBody } from "./support/pupils";
import { stamp } from "./support/stamp";

// A pupil's record: admitted through the form (the admission number from the district's pattern, the
// possible-duplicate warning), then opened from a bookmark and updated.

const AREA = "/administration/user-management/student-management";
const REGISTER = `${AREA}/admission-register`;

const detail = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");

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

// District 2 throughout (district 1's dashboard figures are other tests'); every run makes its own school,
// classes and pupils, named with its own stamp, since the desktop and phone projects run @phone tests side by side.

test.describe("students", () => {
  test("admit a pupil with the admission number left empty, then one of the same names past the possible-duplicate warning @demo @phone @writes", async ({
    page,
    signIn,
  }) => {
    const seed = stamp();
    const { districtId, school } = await schoolWithClasses(seed, ["Primary 2"]);
    const lastName = `Admitted${seed}`;
    const dob = bornYearsAgo(8);

    await fakeMapsPlaces(page);
    await signIn(accounts.admin2, { next: AREA });
    await page.getByRole("link", { name: "Admit a student" }).click();
    await expect(page.getByRole("heading", { name: "Admit a student" })).toBeVisible();
    const form = page.getByRole("form", { name: "New student" });
    await expect(form.getByText(/left empty, the district's next admission number is given/)).toBeVisible();
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

  test("open a pupil's record cold from a bookmark and update it; a stale edit is refused with its message @demo @phone @writes", async ({ page, signIn }) => {
    const seed = stamp();
    const { school, classes } = await schoolWithClasses(seed, ["Primary 3"]);
    const lastName = `Record${seed}`;
    const pupil = await admit(
      await apiToken(accounts.admin2),
      pupilBody({ firstName: "Chinedu", lastName, gender: "Male", dob: bornYearsAgo(9), schoolId: school.id, classId: classes["Primary 3A"] }),
    );
    const bookmark = `${AREA}/student-record?id=${pupil.id}`;

    await signIn(accounts.admin2, { next: bookmark });
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
});
