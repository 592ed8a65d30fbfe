import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportRowsPage } from "../../../lib/contract/imports";
import { authMessages } from "../../../lib/contract/messages";
import type { StudentSearchAnswer } from "../../../lib/contract/students";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { school, schoolClass, student } from "../../db/schema";
import { readRows } from "../../spreadsheet/read-rows";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, randomId } from "../../test/helpers";
import { readWorkbook } from "../../test/workbooks";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { studentSheetColumns } from "./spreadsheet";

type NewRow = typeof student.$inferInsert;
type StudentRow = typeof student.$inferSelect;

/** The download's header: the upload template's columns, in order. */
const header = studentSheetColumns.map((c) => c.header);
const column = (name: string) => {
  const at = header.indexOf(name);
  if (at < 0) throw new Error(`no column ${name}`);
  return at;
};

describe("GET /student/download: the admission register as students.xlsx", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let d1: string;
  let d2: string;
  /** District 1's schools by name, each with one of its classes. */
  const schools: Record<string, { id: string; classId: string; className: string }> = {};
  const AGEGE = "Agege Senior Grammar School";
  const ALIMOSHO = "Alimosho Junior High School";

  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    d1 = admin1.staff.district.id;
    d2 = (await api.loginAdmin(2)).staff.district.id;
    for (const s of await api.db.select().from(school).where(eq(school.districtId, d1))) {
      const [c] = await api.db.select().from(schoolClass).where(eq(schoolClass.schoolId, s.id)).orderBy(schoolClass.name).limit(1);
      schools[s.name] = { id: s.id, classId: present(c).id, className: present(c).name };
    }
  });
  afterAll(() => api.close());

  let n = 0;
  /** A pupil of district 1 as the form would store them (names single-spaced, a valid admission number), with overrides. */
  const pupil = (overrides: Partial<NewRow> = {}): NewRow => {
    n++;
    const at = present(schools[AGEGE]);
    return {
      districtId: d1,
      schoolId: at.id,
      classId: at.classId,
      firstName: "Adaeze",
      lastName: `Download${n}`,
      middleName: null,
      gender: "Female",
      dob: "2013-05-04",
      admissionNumber: `DL/2024/${String(n).padStart(5, "0")}`,
      stateOfOrigin: "Anambra",
      localGovernmentOfOrigin: "Awka South",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Ikeja",
      dateOfAdmission: "2024-09-16",
      address: `${n} Opebi Road, Ikeja`,
      guardianName: "Ngozi Okonkwo",
      guardianRelationship: "Mother",
      guardianPhoneCode: "+234",
      guardianPhone: `80366${String(n).padStart(5, "0")}`,
      guardianEmail: null,
      specialNeeds: "None",
      ...overrides,
    };
  };
  const insert = async (rows: NewRow[]) => api.db.insert(student).values(rows).returning();

  const download = (q: Record<string, string>, token = admin1.authorizationToken) => api.call("GET", `/student/download?${new URLSearchParams(q)}`, { token });
  /** The workbook's one sheet as the text of its cells (a row's empty last cells read as nothing at all), checking every cell is text. */
  const cellsOf = async (bytes: Buffer) => {
    const [sheet, ...others] = await readWorkbook(new Uint8Array(bytes));
    expect(others).toEqual([]);
    expect(sheet?.name).toBe("Students");
    for (const r of sheet?.rows ?? []) for (const c of r) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
    return (sheet?.rows ?? []).map((r) => header.map((_, i) => (r[i]?.value ?? "") as string));
  };
  const downloaded = async (q: Record<string, string>, token?: string) => {
    const response = await download(q, token);
    expect(response.status).toBe(200);
    return cellsOf(Buffer.from(await response.arrayBuffer()));
  };
  /** A stored pupil in the sheet's columns, as the download should write them. */
  const expectedCells = (s: StudentRow, schoolName: string, className: string | null) => {
    const cells: Record<string, string | null> = {
      "Admission Number": s.admissionNumber,
      "First Name": s.firstName,
      "Last Name": s.lastName,
      "Middle Name": s.middleName,
      Gender: s.gender,
      "Date of Birth": s.dob,
      School: schoolName,
      Class: className,
      "Date of Admission": s.dateOfAdmission,
      "State of Origin": s.stateOfOrigin,
      "LGA of Origin": s.localGovernmentOfOrigin,
      "State of Residence": s.stateOfResidence,
      "LGA of Residence": s.localGovernmentOfResidence,
      Address: s.address,
      "Guardian Name": s.guardianName,
      "Guardian Relationship": s.guardianRelationship,
      "Guardian Phone": s.guardianPhone ? `${s.guardianPhoneCode}${s.guardianPhone}` : null,
      "Guardian E-mail": s.guardianEmail,
      "Special Needs": s.specialNeeds,
    };
    expect(Object.keys(cells).sort()).toEqual([...header].sort());
    return header.map((h) => cells[h] ?? "");
  };

  it("writes the filtered pupils in the upload's columns, in name order, cell by cell, every value text", async () => {
    const marker = "Cellcheck";
    const agege = present(schools[AGEGE]);
    const alimosho = present(schools[ALIMOSHO]);
    const [b, a, withdrawn, classless] = await insert([
      pupil({ lastName: `${marker}Bee`, middleName: "Chidinma", specialNeeds: "Visual", guardianEmail: "ngozi@example.org" }),
      pupil({ lastName: `${marker}Ant`, schoolId: alimosho.id, classId: alimosho.classId, gender: "Male", guardianRelationship: "Father" }),
      pupil({ lastName: `${marker}Cat`, enrolmentStatus: "Withdrawn" }),
      pupil({ lastName: `${marker}Dog`, classId: null, localGovernmentOfResidence: "Agege" }),
    ]);
    const rows = await downloaded({ "district[0]": d1, searchTerm: marker });
    expect(rows).toEqual([
      header,
      expectedCells(present(a), ALIMOSHO, alimosho.className),
      expectedCells(present(b), AGEGE, agege.className),
      expectedCells(present(classless), AGEGE, null),
    ]);
    // Every status when asked; the other filters as the register applies them.
    const everyone = await downloaded({ searchTerm: marker, enrolmentStatus: "all" });
    expect(everyone.map((r) => r[column("Last Name")])).toEqual(["Last Name", `${marker}Ant`, `${marker}Bee`, `${marker}Cat`, `${marker}Dog`]);
    expect(everyone[3]).toEqual(expectedCells(present(withdrawn), AGEGE, agege.className));
    const lastNames = async (q: Record<string, string>) => (await downloaded({ searchTerm: marker, ...q })).slice(1).map((r) => r[column("Last Name")]);
    expect(await lastNames({ school: agege.id })).toEqual([`${marker}Bee`, `${marker}Dog`]);
    expect(await lastNames({ gender: "Male" })).toEqual([`${marker}Ant`]);
    expect(await lastNames({ localGovernmentOfResidence: "Agege" })).toEqual([`${marker}Dog`]);
    expect(await lastNames({ class: agege.classId, enrolmentStatus: "all" })).toEqual([`${marker}Bee`, `${marker}Cat`]);
    expect(await lastNames({ startDate: "2030-01-01" })).toEqual([]);

    // The same pupils as the register's search with the same filter: the whole district, every status.
    const all = await downloaded({ enrolmentStatus: "all" });
    const search = await expectOk<StudentSearchAnswer>(
      await api.call("GET", "/student/search?enrolmentStatus=all&limit=1000", { token: admin1.authorizationToken }),
    );
    expect(all.slice(1).map((r) => r[column("Admission Number")])).toEqual(search.foundStudents.map((s) => s.admissionNumber));
  });

  it("is streamed as students.xlsx; values that would run as formulas stay themselves", async () => {
    const marker = "Riskyvalue";
    await insert([
      // An admission number that no form accepts (data from before the rules) and an address with a formula.
      pupil({ lastName: `${marker}A`, admissionNumber: '=HYPERLINK("http://x","y")', address: "=1+2" }),
      pupil({
        lastName: `${marker}B`,
        admissionNumber: "-DL/1",
        address: "@SUM(A1)",
        middleName: "+Ola",
        guardianPhoneCode: "+234",
        guardianPhone: "8031234567",
      }),
    ]);
    const response = await download({ searchTerm: marker });
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain('filename="students.xlsx"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    const rows = await cellsOf(bytes);
    expect(rows.slice(1).map((r) => [r[column("Admission Number")], r[column("Address")], r[column("Middle Name")], r[column("Guardian Phone")]])).toEqual([
      ['=HYPERLINK("http://x","y")', "=1+2", "", "+23480366" + String(n - 1).padStart(5, "0")],
      ["-DL/1", "@SUM(A1)", "+Ola", "+2348031234567"],
    ]);
    // As the engine's own reader sees them (what an upload of this file reads): text, never a formula's result.
    const path = join(tmpdir(), `student-download-${Date.now()}.xlsx`);
    await writeFile(path, bytes);
    const readBack: string[][] = [];
    for await (const r of await readRows(path)) readBack.push(r.cells);
    expect(readBack.map((r) => [r[column("Admission Number")], r[column("Address")], r[column("Guardian Phone")]])).toEqual([
      ["Admission Number", "Address", "Guardian Phone"],
      ['=HYPERLINK("http://x","y")', "=1+2", "+23480366" + String(n - 1).padStart(5, "0")],
      ["-DL/1", "@SUM(A1)", "+2348031234567"],
    ]);
  });

  it("imports back through the upload unchanged: the same file creates the same pupils again", async () => {
    const marker = "Roundtrip";
    const alimosho = present(schools[ALIMOSHO]);
    const made = await insert([
      pupil({ lastName: `${marker}One`, admissionNumber: "-RT/2024/1", address: '=HYPERLINK("http://x")', middleName: "Chidinma" }),
      pupil({ lastName: `${marker}Two`, schoolId: alimosho.id, classId: alimosho.classId, specialNeeds: "Hearing", guardianEmail: "parent.two@example.org" }),
      pupil({
        lastName: `${marker}Three`,
        classId: null,
        gender: "Male",
        guardianRelationship: "Grandparent",
        stateOfResidence: "Ogun",
        localGovernmentOfResidence: "Ifo",
      }),
    ]);
    const response = await download({ searchTerm: marker });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await cellsOf(bytes)).length).toBe(4);

    const ids = made.map((r) => r.id);
    await api.db.delete(student).where(and(eq(student.districtId, d1), inArray(student.id, ids)));
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), "students.xlsx");
    const staged = await expectOk<ImportRowsPage>(await api.call("POST", "/student/upload-multiple", { token: admin1.authorizationToken, form }), 201);
    expect(staged.rows.map((r) => r.errors)).toEqual([{}, {}, {}]);
    expect(staged).toMatchObject({ totalRows: 3, validRows: 3 });
    await expectOk(await api.call("POST", `/student/create-multiple/${staged.importId}`, { token: admin1.authorizationToken }));
    const again = await api.db
      .select()
      .from(student)
      .where(and(eq(student.districtId, d1), inArray(student.lastName, [`${marker}One`, `${marker}Two`, `${marker}Three`])));
    const comparable = ({ id: _id, importId: _import, createdAt: _c, updatedAt: _u, ...rest }: StudentRow) => rest;
    const byLastName = (rows: StudentRow[]) => rows.map(comparable).sort((x, y) => x.lastName.localeCompare(y.lastName));
    expect(byLastName(again)).toEqual(byLastName(made));
  });

  it("needs student.download; another district is 404; an LGEA administrator downloads only their schools' pupils", async () => {
    await expectError(await api.call("GET", "/student/download"), 401, authMessages.notSignedIn);
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await download({}, teacher.authorizationToken), 403, authMessages.forbidden);
    // The School Supervisor views the register but may not download it.
    const supervisor = await api.login("babatunde.adeyemi@example.org", demoPasswords.staff);
    expect(supervisor.permissions).toContain("student.view");
    expect(supervisor.permissions).not.toContain("student.download");
    await expectError(await download({}, supervisor.authorizationToken), 403, authMessages.forbidden);
    await expectError(await download({ "district[0]": d2 }), 404, authMessages.notFound);
    await expectError(await download({ "district[0]": randomId() }), 404, authMessages.notFound);

    // Funmilayo Ogunleye given the LGEA Administrator role at the Alimosho LGEA, working there.
    const switched = await workingAtAlimoshoLgea(api, admin1);
    const rows = await downloaded({ enrolmentStatus: "all" }, switched.authorizationToken);
    const theirs = await api.db
      .select()
      .from(student)
      .where(and(eq(student.districtId, d1), eq(student.schoolId, present(schools[ALIMOSHO]).id)));
    expect(rows.length - 1).toBe(theirs.length);
    expect(new Set(rows.slice(1).map((r) => r[column("School")]))).toEqual(new Set([ALIMOSHO]));
  });
});
