import ExcelJS from "exceljs";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, expect, test } from "./support/fixtures";
import { bornYearsAgo, lagosToday, pupilsNamed, registerRows, schoolWithClasses } from "./support/pupils";
import { stamp } from "./support/stamp";

// Pupils admitted from a workbook: the preview grid, a cell fixed in it, and the register after.

const AREA = "/administration/user-management/student-management";
const REGISTER = `${AREA}/admission-register`;

// District 2 throughout (district 1's dashboard figures are other tests'); every run makes its own school,
// classes and pupils, named with its own stamp, since the desktop and phone projects run @phone tests side by side.

test.describe("students", () => {
  test("upload a workbook of pupils, fix a bad cell in the preview grid, confirm, and find them in the register @demo @writes", async ({ page, signIn }) => {
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

    await signIn(accounts.admin2, { next: AREA });
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload students" }).click();
    await (await chooser).setFiles({ name: "pupils.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook });
    await expect(page.getByText("Uploaded Successfully")).toBeVisible();

    const preview = page.getByRole("region", { name: "Spreadsheet preview" });
    await expect(preview.getByText("3 rows")).toBeVisible();
    await expect(preview.getByText("2 valid", { exact: true })).toBeVisible();
    await expect(preview.getByText("1 with errors")).toBeVisible();
    await expect(preview.getByText("Choose a class of the pupil's school.", { exact: true })).toBeVisible();
    await expect(preview.getByRole("button", { name: "Create 2 students" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    const class3 = preview.getByLabel("Class, row 3");
    await class3.fill("Primary 4A");
    await class3.press("Enter");
    await expect(preview.getByText("Choose a class of the pupil's school.", { exact: true })).toBeHidden();
    await expect(preview.getByText("3 valid", { exact: true })).toBeVisible();
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
});
