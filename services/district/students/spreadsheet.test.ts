import { and, eq, inArray, like } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed, type ImportRowsPage, type StagedRow } from "../../../lib/contract/imports";
import { authMessages, fieldMessages, successNotices } from "../../../lib/contract/messages";
import { staffMessages, staffRegisterMessages } from "../../../lib/contract/staff";
import { studentMessages } from "../../../lib/contract/students";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, dataImport, lgea, school, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, roleRow, staffRow } from "../../test/helpers";
import { readWorkbook, workbooks } from "../../test/workbooks";
import { studentSheetColumns } from "./spreadsheet";

/** The template's columns, by key and header, in order: what every test sheet is written in. */
const columns = [
  ["admissionNumber", "Admission Number"],
  ["firstName", "First Name"],
  ["lastName", "Last Name"],
  ["middleName", "Middle Name"],
  ["gender", "Gender"],
  ["dob", "Date of Birth"],
  ["school", "School"],
  ["class", "Class"],
  ["dateOfAdmission", "Date of Admission"],
  ["stateOfOrigin", "State of Origin"],
  ["localGovernmentOfOrigin", "LGA of Origin"],
  ["stateOfResidence", "State of Residence"],
  ["localGovernmentOfResidence", "LGA of Residence"],
  ["address", "Address"],
  ["guardianName", "Guardian Name"],
  ["guardianRelationship", "Guardian Relationship"],
  ["guardianPhone", "Guardian Phone"],
  ["guardianEmail", "Guardian E-mail"],
  ["specialNeeds", "Special Needs"],
] as const;
type Key = (typeof columns)[number][0];
type Pupil = Record<Key, string>;
const header = columns.map(([, name]) => name);

const AGEGE = "Agege Senior Grammar School";
const ALIMOSHO = "Alimosho Junior High School";
const IFAKO = "Ifako Community Primary School";

let n = 0;
/** A pupil as a sheet row's cells by key, with a last name no other row uses; the admission number is left to the district. */
const pupil = (overrides: Partial<Pupil> = {}): Pupil => {
  n++;
  return {
    admissionNumber: "",
    firstName: "Kemi",
    lastName: `Sheet${n}`,
    middleName: "",
    gender: "Female",
    dob: "2012-06-01",
    school: ALIMOSHO,
    class: "JSS 1A",
    dateOfAdmission: "2024-09-16",
    stateOfOrigin: "Oyo",
    localGovernmentOfOrigin: "Ibadan North",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Alimosho",
    address: "3 Ikotun Road, Alimosho",
    guardianName: "Bola Sheet",
    guardianRelationship: "Father",
    guardianPhone: "08031112233",
    guardianEmail: "",
    specialNeeds: "",
    ...overrides,
  };
};
const sheet = (pupils: Pupil[]) => [header, ...pupils.map((p) => columns.map(([key]) => p[key]))];

describe("student spreadsheets: template, upload with admission-number duplicates, fixes, confirm with generated numbers, download", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;

  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
  });
  afterAll(() => api.close());

  const token = () => admin1.authorizationToken;
  const upload = (bytes: Buffer, t = token(), filename = "students.csv") => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), filename);
    return api.call("POST", "/student/upload-multiple", { token: t, form });
  };
  const uploadPupils = async (pupils: Pupil[], t = token()) => expectOk<ImportRowsPage>(await upload(workbooks.csv(sheet(pupils)), t), 201);
  const confirm = (importId: string, t = token()) => api.call("POST", `/student/create-multiple/${importId}`, { token: t });
  const fix = (importId: string, rowId: string, data: Partial<Pupil>) =>
    api.call("PATCH", `/student/imports/${importId}/rows/${rowId}`, { token: token(), body: { data } });
  const drop = (importId: string, rowId: string) => api.call("DELETE", `/student/imports/${importId}/rows/${rowId}`, { token: token() });
  const rowsOf = async (importId: string) =>
    (await expectOk<ImportRowsPage>(await api.call("GET", `/student/imports/${importId}/rows?limit=500`, { token: token() }))).rows;
  const row = (rows: StagedRow[], rowNumber: number) =>
    present(
      rows.find((r) => r.rowNumber === rowNumber),
      `row ${rowNumber}`,
    );
  const pupilsNamed = (lastNames: string[]) => api.db.select().from(student).where(inArray(student.lastName, lastNames));
  const schoolId = async (name: string) =>
    present(
      (
        await api.db
          .select()
          .from(school)
          .where(and(eq(school.districtId, d1), eq(school.name, name)))
      )[0],
    ).id;

  it("exports the columns the template, the upload and the download share", () => {
    expect(studentSheetColumns.map((c) => [c.key, c.header])).toEqual(columns.map(([key, name]) => [key, name]));
  });

  it("offers a template with every column of the student form, an example row, and the schools, classes and lists allowed", async () => {
    const response = await api.call("GET", "/student/template", { token: token() });
    expect(response.headers.get("content-disposition")).toContain('filename="students-template.xlsx"');
    const [data, allowed] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    expect(data?.name).toBe("Students");
    expect(data?.rows[0]?.map((c) => c.value)).toEqual(header);
    expect(data?.rows).toHaveLength(2);
    const allowedHeader = allowed?.rows[0]?.map((c) => c.value) ?? [];
    expect(allowedHeader).toEqual(["Gender", "Guardian Relationship", "Special Needs", "State of Origin and Residence", "School", "Class"]);
    const column = (name: string) =>
      (allowed?.rows ?? [])
        .slice(1)
        .map((r) => r[allowedHeader.indexOf(name)]?.value)
        .filter(Boolean);
    expect(column("Gender")).toEqual(["Male", "Female"]);
    expect(column("Special Needs")).toEqual(["None", "Visual", "Hearing", "Physical", "Learning", "Other"]);
    expect(column("State of Origin and Residence")).toHaveLength(37);
    expect(column("School")).toEqual([AGEGE, ALIMOSHO, IFAKO]);
    expect(column("Class")).toEqual([
      ...["SSS 1A", "SSS 2A", "SSS 3A"].map((c) => `${AGEGE} — ${c}`),
      ...["JSS 1A", "JSS 2A", "JSS 3A"].map((c) => `${ALIMOSHO} — ${c}`),
      ...[1, 2, 3, 4, 5, 6].map((c) => `${IFAKO} — Primary ${c}A`),
    ]);
  });

  it("stages good rows (forgiving spellings, day-first dates, phone forms, 'School — Class') and puts each rule's message on its column", async () => {
    const good = pupil({
      gender: "female",
      dob: "01/06/2012",
      school: `  ${ALIMOSHO.toUpperCase()} `,
      class: `${ALIMOSHO} — jss 1a`,
      dateOfAdmission: "16/09/2024",
      stateOfResidence: "lagos",
      localGovernmentOfResidence: "alimosho",
      guardianRelationship: "grand parent",
      guardianPhone: "+234 (0)803 111 2244",
      guardianEmail: "Bola@Example.org",
      specialNeeds: "visual",
    });
    const noClass = pupil({ class: "", school: IFAKO, localGovernmentOfResidence: "Ifako-Ijaiye" });
    const pupils = [
      good,
      noClass,
      pupil({ firstName: "", lastName: "Al", gender: "X", guardianPhone: "12345", guardianEmail: "nope" }),
      pupil({ dob: "2999-01-01", dateOfAdmission: "2999-01-02", guardianRelationship: "Neighbour", specialNeeds: "Gifted" }),
      pupil({ dob: "31/02/2012", address: "", guardianName: "" }),
      pupil({ dob: "2015-01-01", dateOfAdmission: "2014-09-01" }),
      // Places that are none, a school that is not the district's, a class of another school.
      pupil({ stateOfOrigin: "Atlantis", localGovernmentOfResidence: "Ibadan North", school: "Hogwarts" }),
      pupil({ class: "SSS 1A" }),
      pupil({ class: `${AGEGE} — SSS 1A` }),
      pupil({ school: "", admissionNumber: "ADM 2024" }),
    ];
    const page = await expectOk<ImportRowsPage>(await upload(await workbooks.foreign(sheet(pupils)), undefined, "students.xlsx"), 201);
    expect(page).toMatchObject({ filename: "students.xlsx", totalRows: 10, validRows: 2, invalidRows: 8, status: "staged" });
    expect(page.columns.map((c) => c.header)).toEqual(header);
    expect(row(page.rows, 2)).toMatchObject({ valid: true, errors: {} });
    expect(row(page.rows, 3)).toMatchObject({ valid: true, errors: {} });
    expect(row(page.rows, 4).errors).toEqual({
      firstName: fieldMessages.nameRequired,
      lastName: fieldMessages.nameTooShort,
      gender: fieldMessages.required,
      guardianPhone: fieldMessages.phoneDigits,
      guardianEmail: fieldMessages.emailInvalid,
    });
    expect(row(page.rows, 5).errors).toEqual({
      dob: studentMessages.dobInFuture,
      dateOfAdmission: studentMessages.admissionInFuture,
      guardianRelationship: studentMessages.relationshipRequired,
      specialNeeds: fieldMessages.required,
    });
    expect(row(page.rows, 6).errors).toEqual({ dob: staffMessages.dateInvalid, address: fieldMessages.required, guardianName: fieldMessages.nameRequired });
    expect(row(page.rows, 7).errors).toEqual({ dateOfAdmission: studentMessages.admissionBeforeBirth });
    expect(row(page.rows, 8).errors).toEqual({
      school: staffRegisterMessages.schoolUnknown,
      stateOfOrigin: fieldMessages.stateRequired,
      localGovernmentOfResidence: fieldMessages.lgaRequired,
    });
    expect(row(page.rows, 9).errors).toEqual({ class: studentMessages.classNotInSchool });
    expect(row(page.rows, 10).errors).toEqual({ class: studentMessages.classNotInSchool });
    expect(row(page.rows, 11).errors).toEqual({ school: studentMessages.schoolRequired, admissionNumber: studentMessages.admissionNumberFormat });

    // Drop the bad rows; what is created is what the form would have stored.
    for (const r of page.rows.filter((x) => !x.valid)) await expectOk(await drop(page.importId, r.id));
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toEqual({
      message: successNotices.studentsUploaded,
      created: 2,
      alreadyConfirmed: false,
    });
    const [created] = await pupilsNamed([good.lastName]);
    expect(created).toMatchObject({
      districtId: d1,
      schoolId: await schoolId(ALIMOSHO),
      gender: "Female",
      dob: "2012-06-01",
      dateOfAdmission: "2024-09-16",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Alimosho",
      guardianRelationship: "Grandparent",
      guardianPhoneCode: "+234",
      guardianPhone: "8031112244",
      guardianEmail: "bola@example.org",
      specialNeeds: "Visual",
      middleName: null,
      importId: page.importId,
      enrolmentStatus: "Enrolled",
      accountStatus: "Active",
    });
    expect(created?.classId).not.toBeNull();
    const [plain] = await pupilsNamed([noClass.lastName]);
    expect(plain).toMatchObject({ classId: null, specialNeeds: "None", schoolId: await schoolId(IFAKO) });
  });

  it("flags admission numbers taken in the file and in the district on their cells, and rechecks them on a fix or a drop", async () => {
    const seeded = present((await api.db.select().from(student).where(eq(student.districtId, d1)))[0]);
    const in2020 = (overrides: Partial<Pupil> = {}) => pupil({ dateOfAdmission: "2020-09-14", ...overrides });
    const pupils = [
      in2020({ admissionNumber: "BULK/1" }),
      in2020({ admissionNumber: " bulk/1 " }),
      in2020({ admissionNumber: seeded.admissionNumber.toLowerCase() }),
      in2020({ admissionNumber: "BULK/2" }),
      in2020(),
      in2020(),
    ];
    const page = await uploadPupils(pupils);
    expect(page).toMatchObject({ totalRows: 6, validRows: 4, invalidRows: 2 });
    expect(row(page.rows, 3).errors).toEqual({ admissionNumber: importMessages.duplicateInFile(2) });
    expect(row(page.rows, 4).errors).toEqual({ admissionNumber: studentMessages.admissionNumberTaken });
    // Rows without a number are not duplicates of one another: the district gives them theirs.
    expect(row(page.rows, 6).valid && row(page.rows, 7).valid).toBe(true);
    await expectError(await confirm(page.importId), 400, importMessages.fixFirst(2));

    const rejected = await readWorkbook(
      new Uint8Array(await (await api.call("GET", `/student/imports/${page.importId}/rejected`, { token: token() })).arrayBuffer()),
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
    expect(done).toEqual({ message: "Multiple Students Upload Successfully", created: 5, alreadyConfirmed: false });
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
    expect(done).toEqual({ message: successNotices.studentsUploaded, created: 6, alreadyConfirmed: false });
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
    for (const p of made) expect(p).toMatchObject({ importId: page.importId, districtId: d1, version: 1 });
    const audits = await api.db.select().from(auditLog).where(eq(auditLog.recordId, page.importId));
    expect(audits).toMatchObject([
      { operation: "student.import", actorStaffId: admin1.staff.id, districtId: d1, after: { filename: "students.csv", created: 6 } },
    ]);

    // The same import again: the first answer's count, no one created twice.
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toEqual({
      message: successNotices.studentsUploaded,
      created: 6,
      alreadyConfirmed: true,
    });
    expect(await pupilsNamed(pupils.map((p) => p.lastName))).toHaveLength(6);
    await expectError(await fix(page.importId, present(page.rows[0]).id, { firstName: "Late" }), 409, "This upload has been created already.");
  });

  it("creates nothing when a number was taken since the upload; the import stays staged to fix", async () => {
    const pupils = [pupil(), pupil({ admissionNumber: "RACE/1" }), pupil()];
    const page = await uploadPupils(pupils);
    expect(page.validRows).toBe(3);
    // Meanwhile someone admits a pupil with row 3's number.
    await expectOk(
      await api.call("POST", "/student/add", {
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
    await expectError(await confirm(page.importId), 409, `Row 3: ${studentMessages.admissionNumberTaken}`);
    expect(await pupilsNamed(pupils.map((p) => p.lastName))).toEqual([]);
    const [record] = await api.db.select().from(dataImport).where(eq(dataImport.id, page.importId));
    expect(record?.status).toBe("staged");
    // The row fixed, the whole file goes in.
    await expectOk(await fix(page.importId, row(page.rows, 3).id, { admissionNumber: "RACE/2" }));
    expect((await expectOk<ImportConfirmed>(await confirm(page.importId))).created).toBe(3);
  });

  it("needs student.upload to upload, fix and confirm and student.download to download; another district's import is not found", async () => {
    // The Records Officer creates and updates pupils but does not upload or download them.
    const officer = await api.login("tunde.bakare@example.org", demoPasswords.staff);
    const t = officer.authorizationToken;
    await expectError(await upload(workbooks.csv(sheet([pupil()])), t), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/student/template", { token: t }), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/student/download", { token: t }), 403, authMessages.forbidden);
    const page = await uploadPupils([pupil()]);
    await expectError(await confirm(page.importId, t), 403, authMessages.forbidden);
    await expectError(
      await api.call("PATCH", `/student/imports/${page.importId}/rows/${present(page.rows[0]).id}`, { token: t, body: { data: {} } }),
      403,
      authMessages.forbidden,
    );

    const other = admin2.authorizationToken;
    const notFound = importMessages.importNotFound;
    const rowId = present(page.rows[0]).id;
    await expectError(await api.call("GET", `/student/imports/${page.importId}/rows`, { token: other }), 404, notFound);
    await expectError(await api.call("PATCH", `/student/imports/${page.importId}/rows/${rowId}`, { token: other, body: { data: {} } }), 404, notFound);
    await expectError(await api.call("DELETE", `/student/imports/${page.importId}/rows/${rowId}`, { token: other }), 404, notFound);
    await expectError(await api.call("GET", `/student/imports/${page.importId}/rejected`, { token: other }), 404, notFound);
    await expectError(await confirm(page.importId, other), 404, notFound);
    // A staff import is not a student import, even in one's own district.
    await expectError(await api.call("POST", `/staff/create-multiple/${page.importId}`, { token: token() }), 404, notFound);
    // District 2's schools are not district 1's.
    const elsewhere = await uploadPupils([pupil()], other);
    expect(present(elsewhere.rows[0]).errors).toEqual({ school: staffRegisterMessages.schoolUnknown });
  });

  it("lets an LGEA administrator upload pupils only to the LGEA's schools", async () => {
    const [alimosho] = await api.db
      .select()
      .from(lgea)
      .where(and(eq(lgea.districtId, d1), eq(lgea.localGovernment, "Alimosho")));
    const lgeaAdmin = await roleRow(api, d1, "LGEA Administrator");
    const person = (await staffRow(api, "funmilayo.ogunleye@example.org")).id;
    const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
      await api.call("POST", "/role/assign", { token: token(), body: { staffId: person, roleId: lgeaAdmin.id, organizationId: present(alimosho).id } }),
      201,
    );
    const signedIn = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
    const lgeaToken = (await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken })))
      .authorizationToken;
    const [, allowed] = await readWorkbook(new Uint8Array(await (await api.call("GET", "/student/template", { token: lgeaToken })).arrayBuffer()));
    const schoolsAllowed = (allowed?.rows ?? [])
      .slice(1)
      .map((r) => r[4]?.value)
      .filter(Boolean);
    expect(schoolsAllowed).toEqual([ALIMOSHO]);
    const page = await uploadPupils([pupil(), pupil({ school: AGEGE, class: "SSS 1A", localGovernmentOfResidence: "Agege" })], lgeaToken);
    expect(row(page.rows, 2).valid).toBe(true);
    expect(row(page.rows, 3).errors).toEqual({ school: staffRegisterMessages.schoolUnknown });
    await expectOk(await api.call("DELETE", `/student/imports/${page.importId}/rows/${row(page.rows, 3).id}`, { token: lgeaToken }));
    expect((await expectOk<ImportConfirmed>(await confirm(page.importId, lgeaToken))).created).toBe(1);
  });

  it("downloads the register's filtered pupils in the template's columns, formula-safe, and the file imports back unchanged", async () => {
    const marker = `Roundtrip${n}`;
    const pupils = [
      pupil({ lastName: `${marker}B`, address: '=HYPERLINK("http://x")', middleName: "-", guardianEmail: "guardian.b@example.org", specialNeeds: "Physical" }),
      pupil({ lastName: `${marker}A`, class: "", school: IFAKO, localGovernmentOfResidence: "Ifako-Ijaiye", admissionNumber: "-RT/1" }),
      pupil({ lastName: `${marker}C`, gender: "Male" }),
    ];
    const staged = await uploadPupils(pupils);
    expect(staged.validRows).toBe(3);
    await expectOk(await confirm(staged.importId));

    const response = await api.call("GET", `/student/download?searchTerm=${marker}&gender=Female`, { token: token() });
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

    // Back into the district: refused for the admission numbers only, which the pupils have.
    const again = await expectOk<ImportRowsPage>(await upload(bytes, token(), "students.xlsx"), 201);
    expect(again.rows.map((r) => r.errors)).toEqual([
      { admissionNumber: studentMessages.admissionNumberTaken },
      { admissionNumber: studentMessages.admissionNumberTaken },
    ]);
    // Once those pupils are gone, the same file creates them again as they were.
    const before = await api.db
      .select()
      .from(student)
      .where(like(student.lastName, `${marker}%`));
    await api.db.delete(student).where(and(eq(student.districtId, d1), like(student.lastName, `${marker}_`), eq(student.gender, "Female")));
    const back = await expectOk<ImportRowsPage>(await upload(bytes, token(), "students.xlsx"), 201);
    expect(back).toMatchObject({ totalRows: 2, validRows: 2 });
    await expectOk(await confirm(back.importId));
    const after = await api.db
      .select()
      .from(student)
      .where(like(student.lastName, `${marker}%`));
    const comparable = ({ id: _id, importId: _import, createdAt: _c, updatedAt: _u, ...rest }: typeof student.$inferSelect) => rest;
    const byName = (rows: (typeof student.$inferSelect)[]) => rows.map(comparable).sort((x, y) => x.lastName.localeCompare(y.lastName));
    expect(byName(after)).toEqual(byName(before));
  });
});
