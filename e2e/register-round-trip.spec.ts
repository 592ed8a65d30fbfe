import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { ImportRowsPage } from "../lib/contract/imports";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson, me } from "./support/district-admin";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { admit, bornYearsAgo, pupilBody, pupilsNamed, recordOf, registerRows, schoolWithClasses } from "./support/pupils";
import { stamp } from "./support/stamp";

// The register's round trip (issue 34, item 1): download the pupils, edit a cell and add rows in the workbook as a
// spreadsheet user would, upload it, apply the update with the new rows, and find each change once, audited.

const AREA = "/administration/user-management/student-management";
const STAFF = "/administration/user-management/staff-management";
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

/** The first sheet of a downloaded workbook, to edit as a spreadsheet user would, and its columns by header. */
async function openWorkbook(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await readFile(path)).buffer as Parameters<typeof book.xlsx.load>[0]);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet in the download");
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ""));
  const col = (header: string) => {
    const at = headers.indexOf(header);
    expect(at, header).toBeGreaterThan(0);
    return at;
  };
  /** The row whose cell in `header` holds `text`. */
  const rowWith = (header: string, text: string) => {
    let found = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(col(header)).text === text) found = n;
    });
    expect(found, `${header} ${text}`).toBeGreaterThan(1);
    return found;
  };
  return { book, sheet, col, rowWith };
}

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
  await signIn(accounts.admin2, { next: REGISTER });
  await page.getByLabel("Search students").fill(lastName);
  await expect(registerRows(page)).toHaveCount(3);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download students" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("students.xlsx");

  // In the workbook: Bayo's guardian phone typed over with a leading 0, and two pupils added below, copied from a row
  // with the admission number left empty for the district to give.
  const { book, sheet, col, rowWith } = await openWorkbook((await file.path()) ?? "");
  expect(sheet.actualRowCount).toBe(4);
  const editedRow = rowWith("Admission Number", edited.admissionNumber);
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

  // The register as it was left, searched: the three pupils and the two new; Bayo's record holds the new phone.
  await expect(page.getByLabel("Search students")).toHaveValue(lastName);
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

// District 2: its staff register is only ever counted filtered to a test's own stamp.
test("download the staff register, change a phone and add two staff members in the workbook, upload, apply the update, and find each change once with its audit entry @phone @writes", async ({
  page,
  signIn,
}, testInfo) => {
  const tag = `${testInfo.project.name === "desktop" ? "d" : "p"}${stamp()}`;
  const lastName = `Round${tag}`;
  let hash = 0;
  for (const char of tag) hash = (hash * 131 + char.charCodeAt(0)) % 10_000_000;
  // Ten digits of this run's own: the state's staff phones are unique.
  const phone = (n: number) => `81${String(hash).padStart(7, "0")}${n}`;
  const profileOf = async (id: string) =>
    (await apiJson<{ staff: { email: string; phoneNumber: { number: string }; version: number } }>(await apiToken(accounts.admin2), `/staff/view-staff/${id}`))
      .staff;
  const token = await apiToken(accounts.admin2);
  const made: { id: string; version: number }[] = [];
  for (const [n, firstName] of [
    [1, "Ada"],
    [2, "Bayo"],
    [3, "Chioma"],
  ] as const) {
    const response = await districtApi("POST", "/staff/create", token, {
      title: "Mrs",
      firstName,
      lastName,
      gender: "Female",
      dob: bornYearsAgo(35),
      oracleNumber: `OR-RT-${tag}-${n}`,
      tescomNumber: `TS-RT-${tag}-${n}`,
      phoneNumber: phone(n),
      email: `round${n}.${tag}@staff.example.org`,
      address: "3 Posting Road",
      countryOfOrigin: "Nigeria",
      stateOfOrigin: "Lagos",
      localGovernmentOfOrigin: "Ikorodu",
      countryOfResidence: "Nigeria",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Ikorodu",
      staffType: "Teaching",
    });
    expect(response.status, await response.clone().text()).toBe(201);
    // The record as read back, with its version.
    const { id } = ((await response.json()) as { staff: { id: string } }).staff;
    made.push({ id, version: (await profileOf(id)).version });
  }
  const edited = made[1];
  if (!edited) throw new Error("no staff member made");

  await signIn(accounts.admin2, { next: STAFF });
  const rows = page.getByRole("table").getByRole("rowheader");
  await page.getByLabel("Search staff").fill(lastName);
  await expect(rows).toHaveCount(3);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download staff" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("staffs.xlsx");

  // Bayo's phone typed over with a leading 0; two staff members added from a copy of a row, with numbers, phones and
  // e-mails of their own.
  const { book, sheet, col, rowWith } = await openWorkbook((await file.path()) ?? "");
  expect(sheet.actualRowCount).toBe(4);
  const editedRow = rowWith("E-mail", `round2.${tag}@staff.example.org`);
  expect(sheet.getRow(editedRow).getCell(col("Phone Number")).text).toBe(`+234${phone(2)}`);
  sheet.getRow(editedRow).getCell(col("Phone Number")).value = `0${phone(9)}`;
  const template = (sheet.getRow(2).values as unknown[]).slice();
  for (const [n, firstName] of [
    [4, "Dayo"],
    [5, "Efe"],
  ] as const) {
    const values = template.slice();
    values[col("First Name")] = firstName;
    values[col("Oracle Number")] = `OR-RT-${tag}-${n}`;
    values[col("Staff Number")] = `TS-RT-${tag}-${n}`;
    values[col("Phone Number")] = `0${phone(n)}`;
    values[col("E-mail")] = `round${n}.${tag}@staff.example.org`;
    sheet.addRow(values.slice(1));
  }
  const workbook = Buffer.from(await book.xlsx.writeBuffer());

  const uploaded = page.waitForResponse((r) => r.url().includes("/staff/upload-multiple") && r.request().method() === "POST");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload staff" }).click();
  await (await chooser).setFiles({ name: "staffs.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook });
  const { importId } = (await (await uploaded).json()) as ImportRowsPage;
  await expect(page.getByText("Uploaded Successfully")).toBeVisible();
  const preview = page.getByRole("region", { name: "Spreadsheet preview" });
  await expect(preview.getByText("5 rows")).toBeVisible();
  await expect(preview.getByText("5 valid", { exact: true })).toBeVisible();
  await expect(preview.getByText("2 new", { exact: true })).toBeVisible();
  await expect(preview.getByText("1 update", { exact: true })).toBeVisible();
  await expect(preview.getByText("2 unchanged", { exact: true })).toBeVisible();
  await expect(preview.getByText("0 with errors")).toBeVisible();
  const phoneCell = preview.getByLabel(`Phone Number, row ${editedRow}`);
  await expect(phoneCell).toHaveValue(`0${phone(9)}`);
  await expect(phoneCell).toHaveAccessibleDescription(new RegExp(`^Was: .*${phone(2)}$`));
  await expect(preview.getByRole("rowheader", { name: new RegExp(`^Row ${editedRow}\\b`) })).toContainText("Update");
  await expectNoSeriousA11yViolations(page);

  const apply = preview.getByRole("radio", { name: "Apply the updates" });
  await apply.check();
  await expect(apply).toBeChecked();
  await preview.getByRole("button", { name: "Create 2 and update 1 staff member" }).click();
  await expect(page.getByText("Multiple Staff Upload Successfully")).toBeVisible();

  // The register opened again and searched (not raced against the redirect that follows the notice): five, Bayo's
  // row with the new phone.
  await page.goto(STAFF);
  await page.getByLabel("Search staff").fill(lastName);
  await expect(rows).toHaveCount(5);
  const bayo = page
    .getByRole("table")
    .getByRole("row")
    .filter({ hasText: `round2.${tag}@staff.example.org` });
  await expect(bayo).toContainText(phone(9));
  for (const firstName of ["Dayo", "Efe"]) await expect(rows.filter({ hasText: firstName })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // The database: each change once.
  const reader = await apiToken(accounts.admin2);
  const { staff: me2 } = await me(reader);
  const listed = await apiJson<{ foundStaffs: { id: string; firstName: string; email: string }[] }>(
    reader,
    `/staff/search?district[0]=${me2.district.id}&searchTerm=${encodeURIComponent(lastName)}&limit=20`,
  );
  expect(listed.foundStaffs.map((s) => s.firstName).sort()).toEqual(["Ada", "Bayo", "Chioma", "Dayo", "Efe"]);
  expect(await profileOf(edited.id)).toMatchObject({ phoneNumber: { number: phone(9) }, version: edited.version + 1 });
  for (const [i, s] of made.entries()) {
    if (s.id === edited.id) continue;
    expect(await profileOf(s.id)).toMatchObject({ phoneNumber: { number: phone(i + 1) }, version: s.version });
    expect(await auditOf(s.id, "staff.update")).toEqual([]);
  }
  for (const s of listed.foundStaffs.filter((p) => ["Dayo", "Efe"].includes(p.firstName))) {
    const n = s.firstName === "Dayo" ? 4 : 5;
    expect(s.email).toBe(`round${n}.${tag}@staff.example.org`);
    expect(await profileOf(s.id)).toMatchObject({ phoneNumber: { number: phone(n) } });
  }
  const entries = await auditOf(edited.id, "staff.update");
  expect(entries).toHaveLength(1);
  expect(entries[0]?.changes).toEqual(
    expect.arrayContaining([
      { field: "phoneNumber", before: phone(2), after: phone(9) },
      { field: "byImportId", before: null, after: importId },
    ]),
  );
});
