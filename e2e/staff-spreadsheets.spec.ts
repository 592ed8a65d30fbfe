import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson, me } from "./support/district-admin";
import { accounts, apiToken, expect, test } from "./support/fixtures";
import { sheetRows } from "./support/workbook";
import { stamp } from "./support/stamp";

const REGISTER = "/administration/user-management/staff-management";

// District 2: district 1's staff counts are other tests'.
test("upload staff in two steps, fixing a row and dropping one, then download the filtered register and check it cell by cell @phone @writes", async ({
  page,
  signIn,
}) => {
  const tag = stamp();
  let hash = 0;
  for (const char of tag) hash = (hash * 131 + char.charCodeAt(0)) % 10_000_000;
  const phone = (n: number) => `0807${String(hash).padStart(7, "0")}`.slice(0, 10) + String(n);
  const header =
    "First Name,Last Name,Oracle Number,Staff Number,Gender,Date of Birth,Phone Number,E-mail,Address,State of Origin,LGA of Origin,State of Residence,LGA of Residence,Staff Type";
  const row = (n: number, email: string, lga = "Ikorodu") =>
    [
      `Sheet${n}`,
      `Uploaded${tag}`,
      `OR-UP-${tag}-${n}`,
      `TS-UP-${tag}-${n}`,
      "Female",
      "17/05/1990",
      phone(n),
      email,
      `${n} Sheet Road`,
      "Lagos",
      "Ikorodu",
      "Lagos",
      lga,
      "Teaching",
    ].join(",");
  const csv = [
    header,
    row(1, `sheet1.${tag}@staff.example.org`),
    row(2, `sheet1.${tag}@staff.example.org`),
    row(3, `sheet3.${tag}@staff.example.org`, "Abeokuta North"),
  ].join("\n");

  await signIn(accounts.admin2, { next: REGISTER });
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload staff" }).click();
  await (await chooser).setFiles({ name: "staff.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByText("Uploaded Successfully")).toBeVisible();

  const preview = page.getByRole("region", { name: "Spreadsheet preview" });
  await expect(preview.getByText("3 rows")).toBeVisible();
  await expect(preview.getByText("1 valid", { exact: true })).toBeVisible();
  await expect(preview.getByText("2 with errors")).toBeVisible();
  await expect(preview.getByText("Duplicate of row 2 in this file.", { exact: true })).toBeVisible();
  await expect(preview.getByRole("button", { name: "Create 1 staff member" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  const email3 = preview.getByLabel("E-mail, row 3");
  await email3.fill(`sheet2.${tag}@staff.example.org`);
  await email3.press("Enter");
  await expect(preview.getByText("Duplicate of row 2 in this file.", { exact: true })).toBeHidden();
  await preview.getByRole("button", { name: "Drop row 4" }).click();
  await expect(preview.getByText("2 valid", { exact: true })).toBeVisible();
  await expect(preview.getByText("0 with errors")).toBeVisible();
  await preview.getByRole("button", { name: "Create 2 staff" }).click();
  await expect(page.getByText("Multiple Staff Upload Successfully")).toBeVisible();
  await expect(preview).toBeHidden();

  // The register filtered to them, then its download: the template's columns, every cell as the API holds it.
  await page.getByLabel("Search staff").fill(`uploaded${tag}`);
  await expect(page.getByRole("table").getByRole("rowheader")).toHaveCount(2);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download staff" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("staffs.xlsx");
  const rows = await sheetRows((await file.path()) ?? "");
  expect(rows[0]?.slice(0, 4)).toEqual(["Title", "First Name", "Last Name", "Middle Name"]);
  expect(rows).toHaveLength(3);
  const token = await apiToken(accounts.admin2);
  const { staff } = await me(token);
  const listed = await apiJson<{ foundStaffs: { firstName: string; email: string; oracleNumber: string; tescomNumber: string; accountStatus: string }[] }>(
    token,
    `/staff/search?district[0]=${staff.district.id}&searchTerm=uploaded${tag}&limit=10`,
  );
  expect(listed.foundStaffs.map((s) => [s.firstName, s.email, s.accountStatus])).toEqual([
    ["Sheet1", `sheet1.${tag}@staff.example.org`, "ResetPassword"],
    ["Sheet2", `sheet2.${tag}@staff.example.org`, "ResetPassword"],
  ]);
  const column = (name: string) => rows[0]?.indexOf(name) ?? -1;
  for (const [i, s] of listed.foundStaffs.entries()) {
    const cells = rows[i + 1] ?? [];
    expect(cells[column("First Name")]).toBe(s.firstName);
    expect(cells[column("E-mail")]).toBe(s.email);
    expect(cells[column("Oracle Number")]).toBe(s.oracleNumber);
    expect(cells[column("Staff Number")]).toBe(s.tescomNumber);
    expect(cells[column("Date of Birth")]).toBe("1990-05-17");
    expect(cells[column("Phone Number")]).toBe(`+234${phone(i + 1).slice(1)}`);
    expect(cells[column("LGA of Residence")]).toBe("Ikorodu");
  }
});
