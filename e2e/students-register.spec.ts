import type { Page } from "@playwright/test";
import type { StudentRecord } from "../lib/contract/students";
import { routes } from "../lib/routes";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson, me } from "./support/district-admin";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { admit } from "./support/pupils";
import { stamp } from "./support/stamp";
import { sheetRows } from "./support/workbook";

const AREA = routes.studentManagement;
const REGISTER = routes.admissionRegister;

type Pupil = { id: string; admissionNumber: string; firstName: string; middleName: string | null; lastName: string };
/** GET /student/view-by-id/{id}: the whole record. */
type PupilRecord = StudentRecord;

/** A pupil's name as the register shows it: first, middle, last. */
const nameOf = (p: Pick<Pupil, "firstName" | "middleName" | "lastName">) => [p.firstName, p.middleName, p.lastName].filter(Boolean).join(" ");
const filterBar = (page: Page) => page.getByRole("search", { name: "Filter students" });
const register = (page: Page) => page.getByRole("table", { name: /^Students, page 1/ });

/** The ids of a district's schools by name, through the API. */
async function schoolIds(token: string, districtId: string) {
  const { schools } = await apiJson<{ schools: { id: string; name: string }[] }>(token, `/school/get-by-district/${districtId}`);
  return new Map(schools.map((s) => [s.name, s.id]));
}

test.describe("students: the area and the admission register", () => {
  test("the register from a cold bookmark with filters in the URL; then by text and by class @demo @phone", async ({ page, signIn }) => {
    const token = await apiToken(accounts.admin1);
    const { staff } = await me(token);
    const alimosho = (await schoolIds(token, staff.district.id)).get("Alimosho Junior High School") ?? "";
    expect(alimosho, "the seeded junior school of district 1").not.toBe("");
    const { total } = await apiJson<{ total: number }>(token, `/student/search-total?school=${alimosho}&gender=Female`);
    const { foundStudents } = await apiJson<{ foundStudents: (Pupil & { class: { id: string; name: string } | null })[] }>(
      token,
      `/student/search?school=${alimosho}&gender=Female&limit=1000`,
    );
    expect(total).toBeGreaterThan(1);
    expect(foundStudents).toHaveLength(total);

    await signIn(accounts.admin1);
    await page.goto("/dashboard");
    await page.goto(`${REGISTER}?school=${alimosho}&gender=Female`);
    await expect(page.getByRole("heading", { level: 1, name: "Admission register" })).toBeVisible();
    // The filters on screen are those of the URL; 'More filters' is open, since one of them is set.
    const filters = filterBar(page);
    await expect(filters.getByLabel("School", { exact: true })).toHaveValue(alimosho);
    await expect(filters.getByLabel("Gender")).toHaveValue("Female");
    await expect(filters.getByLabel("Enrolment status")).toHaveValue("Enrolled");
    await expect(page.getByText(`${total} students`, { exact: true })).toBeVisible();
    await expect(register(page).getByRole("rowheader")).toHaveText(foundStudents.map(nameOf));
    const first = foundStudents[0];
    if (!first) throw new Error("no pupil to find");
    const firstRow = register(page).getByRole("row").filter({ hasText: first.admissionNumber });
    await expect(firstRow).toContainText("Female");
    await expect(firstRow).toContainText("Alimosho Junior High School");
    await expect(firstRow.getByRole("link", { name: nameOf(first) })).toHaveAttribute("href", routes.studentRecordOf(first.id));
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);

    // By place: the states and their LGAs are not in the page's HTML (about 40 KB); the place filters read
    // them once the page is hydrated, and the LGA list follows the state chosen.
    expect(await (await page.request.get(page.url())).text()).not.toContain("fullStateEnum");
    await filters.getByLabel("State of residence").selectOption("Lagos");
    await expect(page).toHaveURL(/stateOfResidence=Lagos/);
    await expect(filters.getByLabel("LGA of residence")).toBeEnabled();
    await expect(filters.getByLabel("LGA of residence").getByRole("option", { name: "Ikorodu" })).toBeAttached();
    await filters.getByLabel("State of residence").selectOption("");
    await expect(page).not.toHaveURL(/stateOfResidence=/);
    await expect(register(page).getByRole("rowheader")).toHaveCount(total);

    // By text: the admission number finds that pupil alone, and goes into the URL.
    await filters.getByLabel("Search students").fill(first.admissionNumber);
    await expect(page).toHaveURL(new RegExp(`searchTerm=${encodeURIComponent(first.admissionNumber)}`));
    await expect(register(page).getByRole("rowheader")).toHaveText([nameOf(first)]);
    await expect(page.getByText("1 student", { exact: true })).toBeVisible();
    await filters.getByLabel("Search students").fill("");
    await expect(page).not.toHaveURL(/searchTerm=/);
    await expect(register(page).getByRole("rowheader")).toHaveCount(total);

    // By class: the classes offered are the chosen school's.
    const className = first.class?.name ?? "";
    expect(className, "the seeded pupil has a class").not.toBe("");
    const classChoice = filters.getByLabel("Class", { exact: true });
    await expect(classChoice.locator("option", { hasText: "JSS 1A" })).toHaveCount(1);
    await expect(classChoice.locator("option", { hasText: "SSS 1A" })).toHaveCount(0);
    await classChoice.selectOption({ label: className });
    await expect(page).toHaveURL(/class=[0-9a-f-]{36}/);
    const inClass = foundStudents.filter((s) => s.class?.name === className);
    await expect(register(page).getByRole("rowheader")).toHaveText(inClass.map(nameOf));
    await expect(page.getByText(`${inClass.length} student${inClass.length === 1 ? "" : "s"}`, { exact: true })).toBeVisible();

    // The bookmark of all of it opens the same.
    const bookmark = page.url();
    await page.goto("/dashboard");
    await page.goto(bookmark);
    await expect(filterBar(page).getByLabel("Class", { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(register(page).getByRole("rowheader")).toHaveText(inClass.map(nameOf));
  });

  // District 2: these pupils are made for the test, one of them withdrawn.
  test("every enrolment status, the filtered download read back cell by cell, and a selection kept across a reload @demo @phone @writes", async ({
    page,
    signIn,
  }) => {
    const seed = stamp();
    const marker = `Regtest${seed}`;
    let token = await apiToken(accounts.admin2);
    const { staff } = await me(token);
    const schoolId = (await schoolIds(token, staff.district.id)).get("Kosofe Junior Grammar School") ?? "";
    expect(schoolId, "the seeded junior school of district 2").not.toBe("");
    const { classes } = await apiJson<{ classes: { id: string; name: string }[] }>(token, `/class/view-all?school=${schoolId}&limit=100`);
    const classId = classes[0]?.id ?? "";
    const records: PupilRecord[] = [];
    for (const [i, firstName] of ["Adaeze", "Bolaji", "Chinedu"].entries()) {
      const pupil = await admit(token, {
        admissionNumber: "",
        firstName,
        lastName: marker,
        middleName: i === 0 ? "Ngozi" : "",
        gender: i === 0 ? "Female" : "Male",
        dob: `2012-0${i + 3}-1${i}`,
        schoolId,
        classId,
        dateOfAdmission: "2024-09-16",
        stateOfOrigin: "Anambra",
        localGovernmentOfOrigin: "Awka South",
        stateOfResidence: "Lagos",
        localGovernmentOfResidence: "Kosofe",
        address: `${i + 4} Register Road, Kosofe`,
        guardianName: `Guardian ${marker}`,
        guardianRelationship: i === 1 ? "Father" : "Mother",
        guardianPhoneCode: "+234",
        guardianPhone: `80${String(i)}1234567`,
        guardianEmail: i === 0 ? `guardian.${seed}@example.org` : "",
        specialNeeds: i === 2 ? "Hearing" : "None",
      });
      records.push(pupil);
    }
    // The third leaves the school: the register no longer lists them unless asked for every status.
    const leaver = records[2];
    if (!leaver) throw new Error("three pupils were made");
    const withdrawn = await districtApi("PATCH", `/student/update/${leaver.id}`, token, {
      admissionNumber: leaver.admissionNumber,
      firstName: leaver.firstName,
      lastName: leaver.lastName,
      middleName: leaver.middleName ?? "",
      gender: leaver.gender,
      dob: leaver.dob,
      schoolId,
      classId,
      dateOfAdmission: leaver.dateOfAdmission,
      stateOfOrigin: leaver.stateOfOrigin,
      localGovernmentOfOrigin: leaver.localGovernmentOfOrigin,
      stateOfResidence: leaver.stateOfResidence,
      localGovernmentOfResidence: leaver.localGovernmentOfResidence,
      address: leaver.address,
      guardianName: leaver.guardianName,
      guardianRelationship: leaver.guardianRelationship,
      guardianPhoneCode: leaver.guardianPhoneCode,
      guardianPhone: leaver.guardianPhone,
      guardianEmail: leaver.guardianEmail ?? "",
      specialNeeds: leaver.specialNeeds ?? "None",
      enrolmentStatus: "Withdrawn",
      version: leaver.version,
    });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);

    await signIn(accounts.admin2, { next: AREA });
    await page.getByRole("link", { name: "Open the admission register" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admission register" })).toBeVisible();
    const filters = filterBar(page);
    await filters.getByLabel("Search students").fill(marker.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`searchTerm=${marker.toLowerCase()}`));
    await expect(register(page).getByRole("rowheader")).toHaveText([`Adaeze Ngozi ${marker}`, `Bolaji ${marker}`]);
    await expect(page.getByText("2 students", { exact: true })).toBeVisible();

    // Every enrolment status: the withdrawn pupil too, marked as such.
    await filters.getByText("More filters").click();
    await filters.getByLabel("Enrolment status").selectOption("All");
    await expect(page).toHaveURL(/enrolmentStatus=all/);
    await expect(register(page).getByRole("rowheader")).toHaveText([`Adaeze Ngozi ${marker}`, `Bolaji ${marker}`, `Chinedu ${marker}`]);
    await expect(
      register(page)
        .getByRole("row")
        .filter({ hasText: `Chinedu ${marker}` }),
    ).toContainText("Withdrawn");
    await expect(page.getByText("3 students", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);

    // The download is the list as filtered on screen: the upload's columns, every cell as the API holds it.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download students" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("students.xlsx");
    const rows = await sheetRows((await file.path()) ?? "");
    expect(rows[0]).toEqual([
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
    ]);
    expect(rows).toHaveLength(4);
    token = await apiToken(accounts.admin2);
    for (const [i, made] of records.entries()) {
      // Read back as stored (the withdrawal included), in the register's name order.
      const r = await apiJson<PupilRecord>(token, `/student/view-by-id/${made.id}`);
      expect(rows[i + 1]).toEqual([
        r.admissionNumber,
        r.firstName,
        r.lastName,
        r.middleName ?? "",
        r.gender,
        r.dob ?? "",
        r.school.name,
        r.class?.name ?? "",
        r.dateOfAdmission,
        r.stateOfOrigin ?? "",
        r.localGovernmentOfOrigin ?? "",
        r.stateOfResidence ?? "",
        r.localGovernmentOfResidence ?? "",
        r.address ?? "",
        r.guardianName ?? "",
        r.guardianRelationship ?? "",
        `${r.guardianPhoneCode ?? ""}${r.guardianPhone ?? ""}`,
        r.guardianEmail ?? "",
        r.specialNeeds ?? "",
      ]);
    }
    expect(rows[1]?.slice(1, 4)).toEqual(["Adaeze", marker, "Ngozi"]);
    expect(rows[1]?.[16]).toBe("+2348001234567");
    expect(rows[3]?.[18]).toBe("Hearing");

    // A selection for a group move, kept while the list is filtered otherwise and across a reload.
    await page.getByLabel(new RegExp(`^Select Adaeze Ngozi ${marker}, `)).check();
    await page.getByLabel(new RegExp(`^Select Bolaji ${marker}, `)).check();
    await expect(page.getByText("2 selected")).toBeVisible();
    await filters.getByLabel("Search students").fill(`nobody ${seed}`);
    await expect(page.getByText("No student matches.")).toBeVisible();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.reload();
    await expect(page.getByText("2 selected")).toBeVisible();
    await expect(page.getByRole("link", { name: "Move selected" })).toHaveAttribute("href", routes.studentMove);
    await filterBar(page).getByLabel("Search students").fill(marker.toLowerCase());
    await expect(page.getByLabel(new RegExp(`^Select Bolaji ${marker}, `))).toBeChecked();
    await expect(page.getByLabel(new RegExp(`^Select Chinedu ${marker}, `))).not.toBeChecked();
    await page.getByRole("button", { name: "Clear selection" }).click();
    await expect(page.getByRole("link", { name: "Move selected" })).toHaveCount(0);
    await expect(page.getByLabel(new RegExp(`^Select Bolaji ${marker}, `))).not.toBeChecked();
  });
});
