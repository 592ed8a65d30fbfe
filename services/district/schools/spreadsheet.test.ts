import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed, type ImportRowsPage, type StagedRow } from "../../../lib/contract/imports";
import { authMessages } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { dataImport, school } from "../../db/schema";
import { expectImportAudited } from "../../spreadsheet/import-audit-test-support";
import { readRows } from "../../spreadsheet/read-rows";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";
import { readWorkbook, workbooks } from "../../test/workbooks";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const header = ["Name", "Description", "Address", "Local Government", "Category"];

describe("school spreadsheets: template, two-step upload, preview fixes, download", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let d1: string;
  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    d1 = admin1.staff.district.id;
  });
  afterAll(() => api.close());

  const upload = (bytes: Buffer, filename: string, token = admin1.authorizationToken) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), filename);
    return api.call("POST", "/school/upload-multiple", { token, form });
  };
  const confirm = (importId: string) => api.call("POST", "/school/create-multiple-schools", { token: admin1.authorizationToken, body: { importId } });
  const schoolsNamed = async (name: string) => api.db.select().from(school).where(eq(school.name, name));
  const cell = (page: ImportRowsPage, rowNumber: number) => page.rows.find((r) => r.rowNumber === rowNumber) as StagedRow;

  it("offers a template with the columns, an example row and the allowed values", async () => {
    const response = await api.call("GET", "/school/template", { token: admin1.authorizationToken });
    expect(response.headers.get("content-disposition")).toContain("schools-template.xlsx");
    const [data, allowed] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    expect(data?.rows[0]?.map((c) => c.value)).toEqual(header);
    expect(data?.rows).toHaveLength(2);
    expect(allowed?.rows[0]?.map((c) => c.value)).toEqual(["Category", "Local Government"]);
    expect(allowed?.rows.map((r) => r[1]?.value).filter(Boolean)).toEqual(["Local Government", "Agege", "Alimosho", "Ifako-Ijaiye"]);
  });

  it("stages a mixed workbook with errors per cell, duplicates in the file and in the district; headers match forgivingly", async () => {
    const bytes = await workbooks.foreign([
      ["  school NAME ", "description", "ADDRESS", "local government", "Category"],
      ["Surulere Day School", "Day school", "1 Bode Thomas", "agege", "primary"],
      ["Surulere Day School", "Again", "2 Bode Thomas", "Agege", "Primary"],
      ["Agege Senior Grammar School", "", "5 Old Road", "Agege", "Senior Secondary"],
      [],
      ["X", "", "", "Ikorodu", "Castle"],
      ["Alimosho Tech", "", 42, "Alimosho", "Technical College"],
    ]);
    const page = await expectOk<ImportRowsPage>(await upload(bytes, "schools.xlsx"), 201);
    expect(page).toMatchObject({ totalRows: 5, validRows: 3, invalidRows: 2, updateRows: 1, status: "staged", filename: "schools.xlsx" });
    expect(cell(page, 2)).toMatchObject({ valid: true, errors: {}, data: { localGovernment: "agege", category: "primary" } });
    expect(cell(page, 3).errors).toEqual({ name: "Duplicate of row 2 in this file." });
    // A school of the district by name is that school's update; held as errors, it is a name already taken.
    expect(cell(page, 4)).toMatchObject({ kind: "update", valid: true });
    const held = await expectOk<ImportRowsPage>(
      await api.call("PATCH", `/school/imports/${page.importId}`, { token: admin1.authorizationToken, body: { existing: "error" } }),
    );
    expect(held).toMatchObject({ validRows: 2, invalidRows: 3, updateRows: 0 });
    expect(cell(held, 4).errors).toEqual({ name: "The district already has a school with this name." });
    // The blank row 5 is skipped; row numbers are the sheet's.
    expect(cell(page, 6).errors).toEqual({
      name: "This field must be more than 2 characters",
      address: "This Field is required",
      localGovernment: "Choose a local government of the district.",
      category: "Choose a category.",
    });
    expect(cell(page, 7)).toMatchObject({ valid: true, data: { address: "42" } });
    const invalidOnly = await expectOk<ImportRowsPage>(
      await api.call("GET", `/school/imports/${page.importId}/rows?only=invalid`, { token: admin1.authorizationToken }),
    );
    expect(invalidOnly.rows.map((r) => r.rowNumber)).toEqual([3, 4, 6]);

    // Confirming with errors creates nothing.
    await expectError(await confirm(page.importId), 400, "Fix or drop the 3 rows with errors first.");
    expect(await schoolsNamed("Surulere Day School")).toEqual([]);

    // The rejected rows download with an error column.
    const rejected = await readWorkbook(
      new Uint8Array(await (await api.call("GET", `/school/imports/${page.importId}/rejected`, { token: admin1.authorizationToken })).arrayBuffer()),
    );
    expect(rejected[0]?.rows.map((r) => r.at(-1)?.value)).toEqual([
      "Errors",
      "Row 3: Name: Duplicate of row 2 in this file.",
      "Row 4: Name: The district already has a school with this name.",
      expect.stringContaining("Row 6: Name:"),
    ]);

    // Fix in the preview: rename the duplicate, drop the existing one, correct row 6 cell by cell.
    const fixed = await expectOk<{ row: StagedRow }>(
      await api.call("PATCH", `/school/imports/${page.importId}/rows/${cell(page, 3).id}`, {
        token: admin1.authorizationToken,
        body: { data: { name: "Surulere Annex School" } },
      }),
    );
    expect(fixed.row).toMatchObject({ valid: true, errors: {} });
    expect(
      (await expectOk(await api.call("DELETE", `/school/imports/${page.importId}/rows/${cell(page, 4).id}`, { token: admin1.authorizationToken }))) as object,
    ).toEqual({ message: "Row dropped" });
    const partly = await expectOk<{ row: StagedRow }>(
      await api.call("PATCH", `/school/imports/${page.importId}/rows/${cell(page, 6).id}`, {
        token: admin1.authorizationToken,
        body: { data: { name: "Ifako Girls School", category: "Junior Secondary" } },
      }),
    );
    expect(partly.row.errors).toEqual({ address: "This Field is required", localGovernment: "Choose a local government of the district." });
    await expectOk(
      await api.call("PATCH", `/school/imports/${page.importId}/rows/${cell(page, 6).id}`, {
        token: admin1.authorizationToken,
        body: { data: { address: "3 Ifako Road", localGovernment: "Ifako-Ijaiye" } },
      }),
    );

    const done = await expectOk<ImportConfirmed>(await confirm(page.importId));
    expect(done).toEqual({ message: "Multiple School Upload Successfully", created: 4, updated: 0, alreadyConfirmed: false });
    const [created] = await schoolsNamed("Surulere Day School");
    expect(created).toMatchObject({ localGovernment: "Agege", category: "Primary", importId: page.importId });
    // A retry of the same import creates nothing twice.
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toEqual({
      message: "Multiple School Upload Successfully",
      created: 4,
      updated: 0,
      alreadyConfirmed: true,
    });
    expect(await schoolsNamed("Surulere Day School")).toHaveLength(1);
    const imported = await api.db.select().from(school).where(eq(school.importId, page.importId));
    expect(imported).toHaveLength(4);
    await expectImportAudited(api, { entity: "school", importId: page.importId, actorStaffId: admin1.staff.id, created: imported, view: (row) => row });
    await expectError(
      await api.call("PATCH", `/school/imports/${page.importId}/rows/${cell(page, 2).id}`, {
        token: admin1.authorizationToken,
        body: { data: { name: "Late" } },
      }),
      409,
      "This upload has been created already.",
    );
  });

  it("reads CSV the same way, and a file whose rows all fail is still staged for fixing", async () => {
    const csv = workbooks.csv([
      header,
      ["Lekki, Phase 1 School", 'The "new" one', "9 Admiralty Way", "Alimosho", "Nursery"],
      ["Lekki, Phase 1 School", "", "x", "Agege", "Nursery"],
    ]);
    const page = await expectOk<ImportRowsPage>(await upload(csv, "schools.csv"), 201);
    expect(cell(page, 2)).toMatchObject({ valid: true, data: { name: "Lekki, Phase 1 School", description: 'The "new" one' } });
    expect(cell(page, 3).errors.name).toBe("Duplicate of row 2 in this file.");
  });

  it("states each column's real limit, and stages a huge cell as an error instead of failing or echoing it whole", async () => {
    const csv = workbooks.csv([
      header,
      ["N".repeat(151), "", "1 Road", "Agege", "Primary"],
      ["Huge Name ".repeat(500), "D".repeat(2_000_000), "2 Road", "Agege", "Primary"],
      // Three bytes a letter (Yoruba ẹ): the kept 1,001 characters are 3,003 bytes, more than an index entry may hold.
      ["ẹ".repeat(5_000), "", "3 Road", "Agege", "Primary"],
      // A letter outside the Basic Multilingual Plane is two UTF-16 units: keeping 1,001 units must not cut one in half.
      ["😀".repeat(5_000), "", "4 Road", "Agege", "Primary"],
    ]);
    const response = await upload(csv, "schools.csv");
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(201);
    expect(text.length).toBeLessThan(100_000);
    const page = JSON.parse(text) as ImportRowsPage;
    expect(cell(page, 2).errors.name).toBe("At most 150 characters.");
    expect(cell(page, 3).errors).toMatchObject({ name: "At most 150 characters.", description: "At most 300 characters." });
    expect(cell(page, 4).errors.name).toBe("At most 150 characters.");
    expect(cell(page, 5).errors.name).toBe("At most 150 characters.");
  });

  it("reads dates as dates, booleans as the sheet shows them, and a formula's saved result; a formula without one is its cell's error", async () => {
    const bytes = await workbooks.foreign([
      ["Date", "Flag", "Formula", "Computed"],
      [new Date(Date.UTC(2024, 11, 3)), true, { formula: "A1&B1", date1904: false }, { formula: "1+1", result: 2, date1904: false }],
    ]);
    const path = join(tmpdir(), `cells-${Date.now()}.xlsx`);
    await writeFile(path, bytes);
    const rows = await readRows(path);
    await rows.next();
    const row = (await rows.next()).value as Awaited<ReturnType<typeof rows.next>>["value"];
    expect(row?.cells).toEqual(["2024-12-03", "TRUE", "", "2"]);
    expect(row && "problems" in row ? row.problems : undefined).toEqual({ 2: importMessages.formulaWithoutValue });

    const page = await expectOk<ImportRowsPage>(
      await upload(await workbooks.foreign([header, [{ formula: "B1", date1904: false }, "", "1 Road", "Agege", "Primary"]]), "schools.xlsx"),
      201,
    );
    expect(cell(page, 2).errors.name).toBe(importMessages.formulaWithoutValue);
  });

  it("refuses bad files with a message that names the problem, and creates nothing", async () => {
    const before = await api.db.select().from(dataImport);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    await expectError(await upload(png, "schools.xlsx"), 400, "This file is an image, not a spreadsheet. Upload an .xlsx or .csv file.");
    await expectError(
      await upload(workbooks.encrypted(), "schools.xlsx"),
      400,
      "This workbook is password-protected or in the old .xls format. Save it as an unprotected .xlsx (or .csv) and upload it again.",
    );
    await expectError(
      await upload(await workbooks.zipBomb(), "bomb.xlsx"),
      400,
      "The file expands to far more than its own size, so it was not opened. Upload an ordinary .xlsx or .csv file.",
    );
    // Headers that lie about the sizes: the bytes are counted while inflating, whatever the directory says.
    await expectError(
      await upload(await workbooks.lyingZip(), "lying.xlsx"),
      400,
      "The file expands to far more than its own size, so it was not opened. Upload an ordinary .xlsx or .csv file.",
    );
    await expectError(await upload(await workbooks.plainZip(), "notes.xlsx"), 400, "This zip file is not an Excel workbook. Upload an .xlsx or .csv file.");
    await expectError(
      await upload(workbooks.corrupt(), "broken.xlsx"),
      400,
      "The workbook could not be read; it may be damaged. Open it in a spreadsheet program, save it again, and upload that.",
    );
    await expectError(await upload(Buffer.from([0, 1, 2, 3, 0, 0, 5]), "data.csv"), 400, "This file is not a spreadsheet. Upload an .xlsx or .csv file.");
    await expectError(await upload(await workbooks.ours([header]), "empty.xlsx"), 400, "The spreadsheet has no rows below its header.");
    await expectError(
      await upload(
        await workbooks.ours([
          ["Name", "Address"],
          ["A school", "1 Road"],
        ]),
        "short.xlsx",
      ),
      400,
      "The spreadsheet is missing the columns Local Government, Category. Download the template to see them.",
    );
    await expectError(await upload(Buffer.alloc(20 * 1024 * 1024 + 10, 0x41), "huge.csv"), 413, "The file is larger than 20 MB. Split it into smaller files.");
    await expectError(await upload(Buffer.alloc(30 * 1024 * 1024, 0x41), "huger.csv"), 413, "The file is larger than 20 MB. Split it into smaller files.");
    expect(await api.db.select().from(dataImport)).toEqual(before);
  });

  it("downloads the district's schools streamed, every value text (risky ones quote-prefixed) that reads back unchanged", async () => {
    const risky = ['=HYPERLINK("http://x")', "+2348031234567", "-5 Lagos Road", "@SUM(A1)"];
    for (const [i, value] of risky.entries()) {
      await expectOk(
        await api.call("POST", "/school/add", {
          token: admin1.authorizationToken,
          body: { name: `Risky School ${i}`, description: value, address: value.trim() || "x", localGovernment: "Agege", category: "Primary" },
        }),
        201,
      );
    }
    const response = await api.call("GET", `/school/download?district[0]=${d1}`, { token: admin1.authorizationToken });
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain('filename="schools.xlsx"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const [sheet] = await readWorkbook(bytes);
    expect(sheet?.rows[0]?.map((c) => c.value)).toEqual(header);
    const rows = await api.db.select().from(school).where(eq(school.districtId, d1));
    expect(sheet?.rows).toHaveLength(rows.length + 1);
    for (const r of sheet?.rows ?? []) for (const c of r) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
    const names = (sheet?.rows ?? []).slice(1).map((r) => String(r[0]?.value));
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)));
    const byName = new Map((sheet?.rows ?? []).map((r) => [String(r[0]?.value), r.map((c) => c.value)]));
    for (const [i, value] of risky.entries()) expect(byName.get(`Risky School ${i}`)?.[1]).toBe(value);

    // The engine reads its own download back to the very same text.
    const path = join(tmpdir(), `download-${Date.now()}.xlsx`);
    await writeFile(path, bytes);
    const readBack = new Map<string, string[]>();
    for await (const row of await readRows(path)) readBack.set(row.cells[0] ?? "", row.cells);
    expect(readBack.get("Risky School 1")?.[1]).toBe("+2348031234567");
    expect(readBack.get("Risky School 0")?.[2]).toBe('=HYPERLINK("http://x")');
  });

  it("downloads the district named by district[0] (spec §7): one's own; for a super administrator the district worked on; another is not found", async () => {
    const admin2 = await api.loginAdmin(2);
    const d2 = admin2.staff.district.id;
    const namesIn = async (response: Response) => {
      expect(response.status).toBe(200);
      const [sheet] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
      return (sheet?.rows ?? []).slice(1).map((r) => String(r[0]?.value));
    };
    const schoolsOf = async (districtId: string) =>
      (await api.db.select({ name: school.name }).from(school).where(eq(school.districtId, districtId))).map((r) => r.name).sort();
    const download = (districtId: string, token: string) => api.call("GET", `/school/download?district[0]=${districtId}`, { token });

    expect((await namesIn(await download(d2, admin2.authorizationToken))).sort()).toEqual(await schoolsOf(d2));
    await expectError(await download(d1, admin2.authorizationToken), 404, authMessages.notFound);
    await expectError(await download("00000000-0000-4000-8000-000000000000", admin2.authorizationToken), 404, authMessages.notFound);

    const superAdmin = await api.loginSuperAdmin();
    const switched = await expectOk<AuthResult>(
      await api.call("POST", "/super-admin/switch-district", { token: superAdmin.authorizationToken, body: { districtId: d2 } }),
    );
    expect((await namesIn(await download(d2, switched.authorizationToken))).sort()).toEqual(await schoolsOf(d2));
  });

  it("forgets uploads left unconfirmed for a day", async () => {
    const old = await expectOk<ImportRowsPage>(await upload(workbooks.csv([header, ["Old Upload School", "", "1 Road", "Agege", "Primary"]]), "old.csv"), 201);
    await api.db
      .update(dataImport)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(dataImport.id, old.importId));
    const recent = await expectOk<ImportRowsPage>(
      await upload(workbooks.csv([header, ["New Upload School", "", "1 Road", "Agege", "Primary"]]), "new.csv"),
      201,
    );
    expect(await api.db.select().from(dataImport).where(eq(dataImport.id, old.importId))).toEqual([]);
    expect(await api.db.select().from(dataImport).where(eq(dataImport.id, recent.importId))).toHaveLength(1);
  });

  it("needs school.upload and school.download; another district's import is not found", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await upload(workbooks.csv([header]), "x.csv", teacher.authorizationToken), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/school/download", { token: teacher.authorizationToken }), 403, authMessages.forbidden);
    const page = await expectOk<ImportRowsPage>(await upload(workbooks.csv([header, ["Ikeja Grammar", "", "1 Road", "Agege", "Primary"]]), "a.csv"), 201);
    const admin2 = await api.loginAdmin(2);
    await expectError(
      await api.call("GET", `/school/imports/${page.importId}/rows`, { token: admin2.authorizationToken }),
      404,
      "This upload was not found. Upload the spreadsheet again.",
    );
    await expectError(
      await api.call("POST", "/school/create-multiple-schools", { token: admin2.authorizationToken, body: { importId: page.importId } }),
      404,
      "This upload was not found. Upload the spreadsheet again.",
    );
  });
});
