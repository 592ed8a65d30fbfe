import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson, me } from "./support/district-admin";
import { accounts, apiToken, expect, test } from "./support/fixtures";
import { sheetRows } from "./support/workbook";
import { stamp } from "./support/stamp";

const LIST = "/administration/school-management";

// District 2: district 1's school count is the dashboard test's.
test("upload schools in two steps, fixing the rows in the preview, then download them all and check every cell @demo @writes", async ({ page, signIn }) => {
  const tag = stamp();
  const csv = [
    "School Name,Description,Address,LGA,Category",
    `Upload ${tag} Alpha,First,1 Upload Road,Ikorodu,Primary`,
    `Upload ${tag} Alpha,Second,2 Upload Road,Ikorodu,Primary`,
    `Upload ${tag} Gamma,Third,3 Upload Road,Kosofe,Castle`,
    `Upload ${tag} Delta,Fourth,4 Upload Road,Agege,Primary`,
    `Upload ${tag} Risky,=HYPERLINK("x"),+2348031234567 Road,Shomolu,Nursery`,
  ].join("\n");
  await signIn(accounts.admin2, { next: LIST });
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload schools" }).click();
  await (await chooser).setFiles({ name: "schools.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  // The notice comes with the preview; seen first, its fade-in is over before the page is judged (support/axe.ts).
  await expect(page.getByText("Uploaded Successfully")).toBeVisible();

  const preview = page.getByRole("region", { name: "Spreadsheet preview" });
  await expect(preview.getByText("5 rows")).toBeVisible();
  await expect(preview.getByText("2 valid", { exact: true })).toBeVisible();
  await expect(preview.getByText("3 with errors")).toBeVisible();
  await expect(preview.getByText("Duplicate of row 2 in this file.", { exact: true })).toBeVisible();
  await expect(preview.getByText("Choose a category.", { exact: true })).toBeVisible();
  await expect(preview.getByRole("button", { name: "Create 2 schools" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // The rows in error, as a spreadsheet with an Errors column.
  const rejectedDownload = page.waitForEvent("download");
  await preview.getByRole("link", { name: "Download the rows with errors" }).click();
  const rejected = await sheetRows((await (await rejectedDownload).path()) ?? "");
  expect(rejected[0]).toEqual(["Name", "Description", "Address", "Local Government", "Category", "Errors"]);
  expect(rejected.map((r) => r[5])).toEqual([
    "Errors",
    "Row 3: Name: Duplicate of row 2 in this file.",
    "Row 4: Category: Choose a category.",
    "Row 5: Local Government: Choose a local government of the district.",
  ]);

  // Fix two rows in the grid and drop the third.
  const name3 = preview.getByLabel("Name, row 3");
  await name3.fill(`Upload ${tag} Beta`);
  await name3.press("Enter");
  await expect(preview.getByText("Duplicate of row 2 in this file.", { exact: true })).toBeHidden();
  const category4 = preview.getByLabel("Category, row 4");
  await category4.fill("Junior Secondary");
  await category4.blur();
  await expect(preview.getByText("Choose a category.", { exact: true })).toBeHidden();
  await preview.getByRole("button", { name: "Drop row 5" }).click();
  await expect(preview.getByText("4 valid", { exact: true })).toBeVisible();
  await expect(preview.getByText("0 with errors")).toBeVisible();
  await preview.getByRole("button", { name: "Create 4 schools" }).click();
  await expect(page.getByText("Multiple School Upload Successfully")).toBeVisible();
  await expect(preview).toBeHidden();
  await page.getByLabel("Search schools").fill(`Upload ${tag}`);
  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(page.getByRole("article", { name: `Upload ${tag} Gamma` })).toContainText("Junior Secondary");

  // The download, opened and checked cell by cell against what the API holds. Other tests may add
  // schools meanwhile: every school listed before is in the file, and every row of it is listed after.
  const token = await apiToken(accounts.admin2);
  const { staff } = await me(token);
  type Listed = { name: string; description: string; address: string; localGovernment: string; category: string };
  const listing = async () => (await apiJson<{ schools: Listed[] }>(token, `/school/get-by-district/${staff.district.id}?limit=1000`)).schools;
  const before = await listing();
  // Spec §7: GET /school/download?district[0]={id}.
  const link = page.getByRole("link", { name: "Download schools" });
  expect(new URL((await link.getAttribute("href")) ?? "", page.url()).searchParams.get("district[0]")).toBe(staff.district.id);
  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("schools.xlsx");
  const rows = await sheetRows((await file.path()) ?? "");
  const after = new Map((await listing()).map((s) => [s.name, [s.name, s.description, s.address, s.localGovernment, s.category]]));
  expect(rows[0]).toEqual(["Name", "Description", "Address", "Local Government", "Category"]);
  const downloaded = new Map(rows.slice(1).map((r) => [r[0], r]));
  for (const s of before) expect(downloaded.get(s.name), s.name).toEqual([s.name, s.description, s.address, s.localGovernment, s.category]);
  for (const row of rows.slice(1)) expect(after.get(row[0] ?? ""), row[0]).toEqual(row);
  expect(rows.length - 1).toBeGreaterThanOrEqual(before.length);
  expect(downloaded.get(`Upload ${tag} Risky`)?.[1]).toBe('=HYPERLINK("x")');
});

test("a file that is not a spreadsheet is refused with a clear message @phone @writes", async ({ page, signIn }) => {
  await signIn(accounts.admin1, { next: LIST });
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload schools" }).click();
  await (
    await chooser
  ).setFiles({
    name: "schools.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
  });
  await expect(page.getByText("This file is an image, not a spreadsheet. Upload an .xlsx or .csv file.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Spreadsheet preview" })).toHaveCount(0);
});
