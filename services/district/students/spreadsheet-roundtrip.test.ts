import { and, eq, like } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ImportRowsPage } from "../../../lib/contract/imports";
import { student } from "../../db/schema";
import { expectOk, present } from "../../test/helpers";
import { readWorkbook } from "../../test/workbooks";
import { IFAKO, columns, header, pupil, pupilsMade, spreadsheetTest, type Pupil } from "./spreadsheet-test-support";

describe("student spreadsheets: the download, imported back", () => {
  const { w, token, upload, uploadPupils, confirm, pupilsNamed } = spreadsheetTest();

  it("downloads the register's filtered pupils in the template's columns, formula-safe, and the file imports back unchanged", async () => {
    const marker = `Roundtrip${pupilsMade()}`;
    const pupils = [
      pupil({ lastName: `${marker}B`, address: '=HYPERLINK("http://x")', middleName: "-", guardianEmail: "guardian.b@example.org", specialNeeds: "Physical" }),
      pupil({ lastName: `${marker}A`, class: "", school: IFAKO, localGovernmentOfResidence: "Ifako-Ijaiye", admissionNumber: "-RT/1" }),
      pupil({ lastName: `${marker}C`, gender: "Male" }),
    ];
    const staged = await uploadPupils(pupils);
    expect(staged.validRows).toBe(3);
    await expectOk(await confirm(staged.importId));

    const response = await w.api.call("GET", `/student/download?searchTerm=${marker}&gender=Female`, { token: token() });
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain('filename="students.xlsx"');
    const bytes = Buffer.from(await response.arrayBuffer());
    const [downloaded] = await readWorkbook(new Uint8Array(bytes));
    for (const r of downloaded?.rows ?? []) for (const c of r) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
    const cells = (downloaded?.rows ?? []).map((r) => header.map((_, i) => r[i]?.value ?? ""));
    const made = new Map((await pupilsNamed(pupils.map((p) => p.lastName))).map((p) => [p.lastName, p]));
    const expected = (p: Pupil) =>
      columns.map(([key]) =>
        key === "guardianPhone"
          ? "+2348031112233"
          : key === "admissionNumber"
            ? (made.get(p.lastName)?.admissionNumber ?? "")
            : key === "specialNeeds"
              ? p.specialNeeds || "None"
              : p[key],
      );
    // The filter keeps the two girls, in name order; every cell is what was uploaded, spelt as stored.
    expect(cells).toEqual([header, expected(present(pupils[1])), expected(present(pupils[0]))]);

    // Back into the district: each row names its pupil by admission number and is the same as their record.
    const again = await expectOk<ImportRowsPage>(await upload(bytes, token(), "students.xlsx"), 201);
    expect(again).toMatchObject({ validRows: 2, newRows: 0, updateRows: 0, unchangedRows: 2 });
    expect(again.rows.map((r) => [r.kind, r.errors])).toEqual([
      ["unchanged", {}],
      ["unchanged", {}],
    ]);
    // Once those pupils are gone, the same file creates them again as they were.
    const before = await w.api.db
      .select()
      .from(student)
      .where(like(student.lastName, `${marker}%`));
    await w.api.db.delete(student).where(and(eq(student.districtId, w.d1), like(student.lastName, `${marker}_`), eq(student.gender, "Female")));
    const back = await expectOk<ImportRowsPage>(await upload(bytes, token(), "students.xlsx"), 201);
    expect(back).toMatchObject({ totalRows: 2, validRows: 2 });
    await expectOk(await confirm(back.importId));
    const after = await w.api.db
      .select()
      .from(student)
      .where(like(student.lastName, `${marker}%`));
    const comparable = ({ id: _id, importId: _import, createdAt: _c, updatedAt: _u, ...rest }: typeof student.$inferSelect) => rest;
    const byName = (rows: (typeof student.$inferSelect)[]) => rows.map(comparable).sort((x, y) => x.lastName.localeCompare(y.lastName));
    expect(byName(after)).toEqual(byName(before));
  });
});
