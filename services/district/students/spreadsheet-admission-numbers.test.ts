import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed, type ImportRowsPage, type StagedRow } from "../../../lib/contract/imports";
import { successNotices } from "../../../lib/contract/messages";
import { studentMessages } from "../../../lib/contract/students";
import { auditLog, dataImport, student } from "../../db/schema";
import { expectError, expectOk, present } from "../../test/helpers";
import { expectImportAudited } from "../../spreadsheet/import-audit-test-support";
import { readWorkbook } from "../../test/workbooks";
import { auditView } from "./records";
import { ALIMOSHO, pupil, spreadsheetTest, type Pupil } from "./spreadsheet-test-support";

describe("student spreadsheets: admission numbers, duplicates and fixes, and confirming", () => {
  const { w, token, uploadPupils, confirm, fix, drop, rowsOf, row, pupilsNamed, schoolId } = spreadsheetTest();

  it("flags admission numbers taken in the file and in the district on their cells, and rechecks them on a fix or a drop", async () => {
    const seeded = present((await w.api.db.select().from(student).where(eq(student.districtId, w.d1)))[0]);
    const in2020 = (overrides: Partial<Pupil> = {}) => pupil({ dateOfAdmission: "2020-09-14", ...overrides });
    const pupils = [
      in2020({ admissionNumber: "BULK/1" }),
      in2020({ admissionNumber: " bulk/1 " }),
      in2020({ admissionNumber: seeded.admissionNumber.toLowerCase() }),
      in2020({ admissionNumber: "BULK/2" }),
      in2020(),
      in2020(),
    ];
    const staged = await uploadPupils(pupils);
    // A number a pupil in reach has names that pupil (an update); held as errors, it is the duplicate it was before import modes.
    expect(row(staged.rows, 4)).toMatchObject({ kind: "update", valid: true });
    const page = await expectOk<ImportRowsPage>(
      await w.api.call("PATCH", `/student/imports/${staged.importId}`, { token: token(), body: { existing: "error" } }),
    );
    expect(page).toMatchObject({ totalRows: 6, validRows: 4, invalidRows: 2 });
    expect(row(page.rows, 3).errors).toEqual({ admissionNumber: importMessages.duplicateInFile(2) });
    expect(row(page.rows, 4).errors).toEqual({ admissionNumber: studentMessages.admissionNumberTaken });
    // Rows without a number are not duplicates of one another: the district gives them theirs.
    expect(row(page.rows, 6).valid && row(page.rows, 7).valid).toBe(true);
    await expectError(await confirm(page.importId), 400, importMessages.fixFirst(2));

    const rejected = await readWorkbook(
      new Uint8Array(await (await w.api.call("GET", `/student/imports/${page.importId}/rejected`, { token: token() })).arrayBuffer()),
    );
    expect(rejected[0]?.rows.map((r) => r.at(-1)?.value)).toEqual([
      "Errors",
      "Row 3: Admission Number: Duplicate of row 2 in this file.",
      `Row 4: Admission Number: ${studentMessages.admissionNumberTaken}`,
    ]);

    // Taking a later row's number makes that later row the duplicate; a fix to a free number clears it.
    const fixed = await expectOk<{ row: StagedRow }>(await fix(page.importId, row(page.rows, 4).id, { admissionNumber: "BULK/2" }));
    expect(fixed.row).toMatchObject({ valid: true, errors: {} });
    expect(row(await rowsOf(page.importId), 5).errors).toEqual({ admissionNumber: importMessages.duplicateInFile(4) });
    await expectOk(await fix(page.importId, row(page.rows, 5).id, { admissionNumber: "" }));
    // Dropping row 2 lets row 3 stand.
    await expectOk(await drop(page.importId, row(page.rows, 2).id));
    expect(row(await rowsOf(page.importId), 3)).toMatchObject({ valid: true, errors: {} });

    const done = await expectOk<ImportConfirmed>(await confirm(page.importId));
    expect(done).toEqual({ message: "Multiple Students Upload Successfully", created: 5, updated: 0, alreadyConfirmed: false });
    const made = await pupilsNamed(pupils.map((p) => p.lastName));
    expect(made.map((p) => p.admissionNumber).sort()).toEqual(["ADM/2020/00001", "ADM/2020/00002", "ADM/2020/00003", "BULK/2", "bulk/1"].sort());
  });

  it("confirms all rows in one transaction, numbering the empty ones in bulk around numbers the file types; a retry creates nothing", async () => {
    // The file types 2025's next two numbers in later rows: the generated ones skip them.
    const pupils = [
      pupil({ dateOfAdmission: "2025-09-15" }),
      pupil({ dateOfAdmission: "2025-09-15" }),
      pupil({ dateOfAdmission: "2026-01-12" }),
      pupil({ dateOfAdmission: "2025-09-15", admissionNumber: "adm/2025/00002" }),
      pupil({ dateOfAdmission: "2025-09-15", admissionNumber: "ADM/2025/00001" }),
      pupil({ dateOfAdmission: "2025-09-15" }),
    ];
    const page = await uploadPupils(pupils);
    expect(page.validRows).toBe(6);
    const done = await expectOk<ImportConfirmed>(await confirm(page.importId));
    expect(done).toEqual({ message: successNotices.studentsUploaded, created: 6, updated: 0, alreadyConfirmed: false });
    const made = await pupilsNamed(pupils.map((p) => p.lastName));
    const numberOf = new Map(made.map((p) => [p.lastName, p.admissionNumber]));
    expect(pupils.map((p) => numberOf.get(p.lastName))).toEqual([
      "ADM/2025/00003",
      "ADM/2025/00004",
      "ADM/2026/00001",
      "adm/2025/00002",
      "ADM/2025/00001",
      "ADM/2025/00005",
    ]);
    for (const p of made) expect(p).toMatchObject({ importId: page.importId, districtId: w.d1, version: 1 });
    const audits = await w.api.db.select().from(auditLog).where(eq(auditLog.recordId, page.importId));
    expect(audits).toMatchObject([
      { operation: "student.import", actorStaffId: w.admin1.staff.id, districtId: w.d1, after: { filename: "students.csv", created: 6 } },
    ]);

    // The same import again: the first answer's count, no one created twice.
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toEqual({
      message: successNotices.studentsUploaded,
      created: 6,
      updated: 0,
      alreadyConfirmed: true,
    });
    expect(await pupilsNamed(pupils.map((p) => p.lastName))).toHaveLength(6);
    await expectImportAudited(w.api, { entity: "student", importId: page.importId, actorStaffId: w.admin1.staff.id, created: made, view: auditView });
    await expectError(await fix(page.importId, present(page.rows[0]).id, { firstName: "Late" }), 409, "This upload has been created already.");
  });

  it("creates nothing when a number was taken since the upload; the import stays staged to fix", async () => {
    const pupils = [pupil(), pupil({ admissionNumber: "RACE/1" }), pupil()];
    const page = await uploadPupils(pupils);
    expect(page.validRows).toBe(3);
    // Meanwhile someone admits a pupil with row 3's number.
    await expectOk(
      await w.api.call("POST", "/student/add", {
        token: token(),
        body: {
          admissionNumber: "race/1",
          firstName: "Rival",
          lastName: "Pupil",
          gender: "Male",
          dob: "2012-01-01",
          schoolId: await schoolId(ALIMOSHO),
          dateOfAdmission: "2024-09-16",
          stateOfOrigin: "Lagos",
          localGovernmentOfOrigin: "Ikeja",
          stateOfResidence: "Lagos",
          localGovernmentOfResidence: "Alimosho",
          address: "1 Road",
          guardianName: "Rival Guardian",
          guardianRelationship: "Mother",
          guardianPhone: "8030000123",
        },
      }),
      201,
    );
    // The pupil added meanwhile has the row's number: the row is refused and says so.
    await expectError(await confirm(page.importId), 409, `Row 3: ${importMessages.addedSinceUpload}`);
    expect(await pupilsNamed(pupils.map((p) => p.lastName))).toEqual([]);
    const [record] = await w.api.db.select().from(dataImport).where(eq(dataImport.id, page.importId));
    expect(record?.status).toBe("staged");
    // The row fixed, the whole file goes in.
    await expectOk(await fix(page.importId, row(page.rows, 3).id, { admissionNumber: "RACE/2" }));
    expect((await expectOk<ImportConfirmed>(await confirm(page.importId))).created).toBe(3);
  });
});
