import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { ImportRowsPage } from "../lib/contract/imports";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson } from "./support/district-admin";
import { accounts, apiToken, expect, test } from "./support/fixtures";
import { admit, bornYearsAgo, pupilBody, pupilsNamed, recordOf, registerRows, schoolWithClasses } from "./support/pupils";
import { stamp } from "./support/stamp";

// The register's round trip (issue 34, item 1): download the pupils, edit a cell and add rows in the workbook as a
// spreadsheet user would, upload it, apply the update with the new rows, and find each change once, audited.

const AREA = "/administration/user-management/student-management";
const REGISTER = `${AREA}/admission-register`;

type Change = { field: string; before: unknown; after: unknown };
type Entry = { operation: string; recordId: string | null; changes: Change[] };
const auditOf = async (recordId: string, operation: string) =>
  (
    await apiJson<{ entries: Entry[] }>(
      await apiToken(accounts.admin2),
      `/audit/search?recordId=${encodeURIComponent(recordId)}&operation=${encodeURIComponent(operation)}&limit=20`,
    )
  ).entries;

// District 2: no test counts its pupils register as a whole; this test's pupils are its own school's, found by its stamp.
test("download the pupils register, change a guardian phone and add two pupils in the workbook, upload, apply the update, and find each change once with its audit entry @phone @writes", async ({
  page,
  signIn,
}, testInfo) => {
  const lastName = `Round${testInfo.project.name === "desktop" ? "d" : "p"}${stamp()}`;
  const { districtId, school, classes } = await schoolWithClasses(lastName, ["Primary 3"]);
  const token = await apiToken(accounts.admin2);
  const made = [];
  for (const [i, firstName] of ["Ada", "Bayo", "Chioma"].entries())
    made.push(
      await admit(
        token,
        pupilBody({
          firstName,
          lastName,
          gender: i === 1 ? "Male" : "Female",
          dob: bornYearsAgo(9),
          schoolId: school.id,
          classId: classes["Primary 3A"],
          guardianPhone: `803111222${i}`,
        }),
      ),
    );
  const edited = made[1];
  if (!edited) throw new Error("no pupil admitted");

  // The register filtered to this test's pupils, and its download.
  await signIn(accounts.admin2);
  await page.goto(REGISTER);
  await page.getByLabel("Search students").fill(lastName);
  await expect(registerRows(page)).toHaveCount(3);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download students" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("students.xlsx");

  // In the workbook: Bayo's guardian phone typed over with a leading 0, and two pupils added below, copied from a row
  // with the admission number left empty for the district to give.
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await readFile((await file.path()) ?? "")).buffer as Parameters<typeof book.xlsx.load>[0]);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet in the download");
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ""));
  const col = (header: string) => {
    const at = headers.indexOf(header);
    expect(at, header).toBeGreaterThan(0);
    return at;
  };
  expect(sheet.actualRowCount).toBe(4);
  let editedRow = 0;
  sheet.eachRow((row, n) => {
    if (row.getCell(col("Admission Number")).text === edited.admissionNumber) editedRow = n;
  });
  expect(editedRow).toBeGreaterThan(1);
  expect(sheet.getRow(editedRow).getCell(col("Guardian Phone")).text).toBe("+2348031112221");
  sheet.getRow(editedRow).getCell(col("Guardian Phone")).value = "08095551234";
  const template = (sheet.getRow(2).values as unknown[]).slice();
  for (const firstName of ["Dayo", "Efe"]) {
    const values = template.slice();
    values[col("Admission Number")] = "";
    values[col("First Name")] = firstName;
    sheet.addRow(values.slice(1));
  }
  const workbook = Buffer.from(await book.xlsx.writeBuffer());

  // Uploaded through the page: 2 new, 1 update with the phone's before and after, 2 unchanged.
  await page.goto(AREA);
  const uploaded = page.waitForResponse((r) => r.url().includes("/student/upload-multiple") && r.request().method() === "POST");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload students" }).click();
  await (await chooser).setFiles({ name: "students.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook });
  const { importId } = (await (await uploaded).json()) as ImportRowsPage;
  await expect(page.getByText("Uploaded Successfully")).toBeVisible();
  const preview = page.getByRole("region", { name: "Spreadsheet preview" });
  await expect(preview.getByText("5 rows")).toBeVisible();
  await expect(preview.getByText("5 valid", { exact: true })).toBeVisible();
  await expect(preview.getByText("2 new", { exact: true })).toBeVisible();
  await expect(preview.getByText("1 update", { exact: true })).toBeVisible();
  await expect(preview.getByText("2 unchanged", { exact: true })).toBeVisible();
  await expect(preview.getByText("0 with errors")).toBeVisible();
  const phoneCell = preview.getByLabel(`Guardian Phone, row ${editedRow}`);
  await expect(phoneCell).toHaveValue("08095551234");
  await expect(phoneCell).toHaveAccessibleDescription("Was: +2348031112221");
  await expect(preview.getByRole("rowheader", { name: new RegExp(`^Row ${editedRow}\\b`) })).toContainText("Update");
  await expectNoSeriousA11yViolations(page);

  const apply = preview.getByRole("radio", { name: "Apply the updates" });
  await apply.check();
  await expect(apply).toBeChecked();
  await preview.getByRole("button", { name: "Create 2 and update 1 student" }).click();
  await expect(page.getByText("Multiple Students Upload Successfully")).toBeVisible();
  await page.waitForURL((url) => url.pathname === REGISTER);

  // The register: the three pupils and the two new; Bayo's record holds the new phone.
  await page.getByLabel("Search students").fill(lastName);
  await expect(registerRows(page)).toHaveCount(5);
  for (const firstName of ["Dayo", "Efe"]) await expect(registerRows(page).filter({ hasText: `${firstName} ${lastName}` })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await registerRows(page)
    .getByRole("link", { name: `Bayo ${lastName}` })
    .click();
  await expect(page.locator("dt", { hasText: /^Guardian's phone number$/ }).locator("+ dd")).toHaveText("+234 8095551234");
  await expectNoSeriousA11yViolations(page);

  // The database: each change once.
  const now = await pupilsNamed(districtId, lastName);
  expect(now.map((s) => s.firstName).sort()).toEqual(["Ada", "Bayo", "Chioma", "Dayo", "Efe"]);
  const after = await recordOf(edited.id);
  expect(after).toMatchObject({ guardianPhone: "8095551234", version: edited.version + 1 });
  for (const [i, s] of made.entries()) {
    if (s.id === edited.id) continue;
    expect(await recordOf(s.id)).toMatchObject({ guardianPhone: `803111222${i}`, version: s.version });
    expect(await auditOf(s.id, "student.update")).toEqual([]);
  }
  for (const s of now.filter((p) => ["Dayo", "Efe"].includes(p.firstName))) {
    expect(s.admissionNumber).toMatch(/^ADM\/\d{4}\/\d{5}$/);
    expect(await recordOf(s.id)).toMatchObject({ guardianPhone: "8031112220", school: { id: school.id }, class: { id: classes["Primary 3A"] } });
  }
  const entries = await auditOf(edited.id, "student.update");
  expect(entries).toHaveLength(1);
  expect(entries[0]?.changes).toEqual(
    expect.arrayContaining([
      { field: "guardianPhone", before: "8031112221", after: "8095551234" },
      { field: "byImportId", before: null, after: importId },
    ]),
  );
});
