import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed, type ImportRowsPage, type StagedRow } from "../../../lib/contract/imports";
import { authMessages, fieldMessages, successNotices } from "../../../lib/contract/messages";
import { staffMessages, staffRegisterMessages } from "../../../lib/contract/staff";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, dataImport, outbox, resetCode, school, staff } from "../../db/schema";
import { expectImportAudited } from "../../spreadsheet/import-audit-test-support";
import { readRows } from "../../spreadsheet/read-rows";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, staffRow } from "../../test/helpers";
import { readWorkbook, workbooks } from "../../test/workbooks";
import { auditView } from "./queries";
import { columns, header, personMaker, sheet, type Person } from "./spreadsheet-test-support";

const person = personMaker("Bulk", "0812");
/** The ten digits a sheet's phone cell of `person` stands for. */
const tenDigits = (phone: string) => phone.replace(/\D/g, "").slice(-10);

describe("staff spreadsheets: template, two-step upload with four unique keys, fixes, confirm with invitations, download", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  let schoolName: string;
  let schoolId: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
    const [first] = await api.db.select().from(school).where(eq(school.districtId, d1)).orderBy(school.name).limit(1);
    schoolName = present(first, "school").name;
    schoolId = present(first, "school").id;
  });
  afterAll(() => api.close());

  const upload = (bytes: Buffer, token = admin1.authorizationToken, filename = "staff.csv") => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), filename);
    return api.call("POST", "/staff/upload-multiple", { token, form });
  };
  const uploadPeople = async (people: Person[]) => expectOk<ImportRowsPage>(await upload(workbooks.csv(sheet(people))), 201);
  const confirm = (importId: string, token = admin1.authorizationToken) => api.call("POST", `/staff/create-multiple/${importId}`, { token });
  const fix = (importId: string, rowId: string, data: Partial<Person>) =>
    api.call("PATCH", `/staff/imports/${importId}/rows/${rowId}`, { token: admin1.authorizationToken, body: { data } });
  const drop = (importId: string, rowId: string) => api.call("DELETE", `/staff/imports/${importId}/rows/${rowId}`, { token: admin1.authorizationToken });
  const rowsOf = async (importId: string) =>
    (await expectOk<ImportRowsPage>(await api.call("GET", `/staff/imports/${importId}/rows?limit=500`, { token: admin1.authorizationToken }))).rows;
  const row = (rows: StagedRow[], rowNumber: number) =>
    present(
      rows.find((r) => r.rowNumber === rowNumber),
      `row ${rowNumber}`,
    );
  const staffWithEmails = (emails: string[]) => api.db.select().from(staff).where(inArray(staff.email, emails));
  const mailTo = async (emails: string[]) => {
    await api.mailer.flush();
    return api.db.select().from(outbox).where(inArray(outbox.to, emails));
  };

  it("offers a template with every column of the staff form, an example row and the allowed values", async () => {
    const response = await api.call("GET", "/staff/template", { token: admin1.authorizationToken });
    expect(response.headers.get("content-disposition")).toContain('filename="staffs-template.xlsx"');
    const [data, allowed] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    expect(data?.rows[0]?.map((c) => c.value)).toEqual(header);
    expect(data?.rows).toHaveLength(2);
    const allowedHeader = allowed?.rows[0]?.map((c) => c.value) ?? [];
    expect(allowedHeader).toEqual(["Title", "Gender", "Staff Type", "Marital Status", "State of Origin and Residence", "School"]);
    const column = (name: string) =>
      (allowed?.rows ?? [])
        .slice(1)
        .map((r) => r[allowedHeader.indexOf(name)]?.value)
        .filter(Boolean);
    expect(column("Staff Type")).toEqual(["Teaching", "Non-Teaching"]);
    expect(column("School")).toEqual(["Agege Senior Grammar School", "Alimosho Junior High School", "Ifako Community Primary School"]);
    expect(column("State of Origin and Residence")).toHaveLength(37);
  });

  it("stages good rows (forgiving spellings and defaults) and puts each rule's message on its column", async () => {
    const future = "2999-01-01";
    const good = person({
      title: "Doctor",
      gender: "FEMALE",
      dob: "12/04/1988",
      phoneNumber: "+234 (0)812 555 0101",
      stateOfResidence: "lagos",
      localGovernmentOfResidence: "ikeja",
      staffType: "NT",
      maritalStatus: "M",
      school: `  ${schoolName.toUpperCase()} `,
    });
    const defaults = person({ title: "", countryOfOrigin: "", countryOfResidence: "", middleName: "", maritalStatus: "", dateOfEmployment: "" });
    const people = [
      good,
      defaults,
      person({ firstName: "Al", lastName: "", email: "not-an-email", phoneNumber: "12345", gender: "X" }),
      person({ dob: future, dateOfEmployment: "2015-13-01", oracleNumber: "", tescomNumber: "", staffType: "Contract", maritalStatus: "Complicated" }),
      person({ dob: "31/02/1990", address: "" }),
      person({ dob: "1990-06-01", dateOfEmployment: "1989-09-01", lastDateOfPosting: "01/09/2030" }),
      // An LGA outside its state, a state that is none, and a school that is not the district's.
      person({ stateOfResidence: "Lagos", localGovernmentOfResidence: "Abeokuta North", stateOfOrigin: "Atlantis", school: "Hogwarts" }),
      // Outside Nigeria the places are not checked against Nigeria's lists.
      person({ countryOfOrigin: "Ghana", stateOfOrigin: "Ashanti", localGovernmentOfOrigin: "Kumasi" }),
    ];
    const page = await expectOk<ImportRowsPage>(await upload(await workbooks.foreign(sheet(people)), undefined, "staff.xlsx"), 201);
    expect(page).toMatchObject({ filename: "staff.xlsx", totalRows: 8, validRows: 3, invalidRows: 5, status: "staged" });
    expect(page.columns.map((c) => c.header)).toEqual(header);
    expect(row(page.rows, 2)).toMatchObject({ valid: true, errors: {} });
    expect(row(page.rows, 3)).toMatchObject({ valid: true, errors: {} });
    expect(row(page.rows, 4).errors).toEqual({
      firstName: fieldMessages.nameTooShort,
      lastName: fieldMessages.nameRequired,
      email: fieldMessages.emailInvalid,
      phoneNumber: fieldMessages.phoneDigits,
      gender: fieldMessages.required,
    });
    expect(row(page.rows, 5).errors).toEqual({
      dob: staffMessages.dobInFuture,
      dateOfEmployment: staffMessages.dateInvalid,
      oracleNumber: fieldMessages.required,
      tescomNumber: fieldMessages.required,
      staffType: fieldMessages.required,
      maritalStatus: fieldMessages.required,
    });
    expect(row(page.rows, 6).errors).toEqual({ dob: staffMessages.dateInvalid, address: fieldMessages.required });
    // A posting may be ahead (a transfer's day), but no employment date may be before the birth.
    expect(row(page.rows, 7).errors).toEqual({ dateOfEmployment: staffRegisterMessages.beforeBirth });
    expect(row(page.rows, 8).errors).toEqual({
      localGovernmentOfResidence: fieldMessages.lgaRequired,
      stateOfOrigin: fieldMessages.stateRequired,
      school: staffRegisterMessages.schoolUnknown,
    });
    expect(row(page.rows, 9)).toMatchObject({ valid: true });

    // Drop the bad rows; what is created is what the form would have stored.
    for (const r of page.rows.filter((x) => !x.valid)) await expectOk(await drop(page.importId, r.id));
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toEqual({
      message: successNotices.staffUploaded,
      created: 3,
      updated: 0,
      alreadyConfirmed: false,
    });
    const [created] = await staffWithEmails([good.email]);
    expect(created).toMatchObject({
      title: "Dr",
      gender: "Female",
      dob: "1988-04-12",
      phoneCode: "+234",
      phoneNumber: "8125550101",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Ikeja",
      staffType: "Non-Teaching",
      maritalStatus: "Married",
      schoolId,
      lgeaId: null,
      districtId: d1,
    });
    const [defaulted] = await staffWithEmails([defaults.email]);
    expect(defaulted).toMatchObject({
      title: "Mr",
      countryOfOrigin: "Nigeria",
      countryOfResidence: "Nigeria",
      middleName: null,
      maritalStatus: null,
      dateOfEmployment: null,
      schoolId: null,
    });
  });

  it("finds duplicates on each of the four keys within the file and against staff already in the product or the state", async () => {
    const admin = await staffRow(api, "admin.ed1@example.org");
    const elsewhere = await staffRow(api, "zainab.umar@example.org");
    expect(elsewhere.districtId).not.toBe(d1);
    const first = person();
    const people = [
      first,
      // The same values spelt otherwise: case, spaces, the phone's other forms.
      person({ email: ` ${first.email.toUpperCase()} ` }),
      person({ phoneNumber: `+234${tenDigits(first.phoneNumber)}` }),
      person({ oracleNumber: first.oracleNumber.toLowerCase() }),
      person({ tescomNumber: ` ${first.tescomNumber} ` }),
      // Taken already: e-mail and phone anywhere in the product, the numbers in another district of the state.
      // (An e-mail of a staff member in the uploader's scope names them: the row would be their update.)
      person({ email: elsewhere.email.toUpperCase() }),
      person({ phoneNumber: `0${admin.phoneNumber}` }),
      person({ oracleNumber: present(elsewhere.oracleNumber, "oracle number") }),
      person({ tescomNumber: present(elsewhere.tescomNumber, "staff number") }),
    ];
    const page = await uploadPeople(people);
    expect(page).toMatchObject({ totalRows: 9, validRows: 1, invalidRows: 8 });
    expect(row(page.rows, 2).valid).toBe(true);
    expect(row(page.rows, 3).errors).toEqual({ email: importMessages.duplicateInFile(2) });
    expect(row(page.rows, 4).errors).toEqual({ phoneNumber: importMessages.duplicateInFile(2) });
    expect(row(page.rows, 5).errors).toEqual({ oracleNumber: importMessages.duplicateInFile(2) });
    expect(row(page.rows, 6).errors).toEqual({ tescomNumber: importMessages.duplicateInFile(2) });
    expect(row(page.rows, 7).errors).toEqual({ email: fieldMessages.emailTaken });
    expect(row(page.rows, 8).errors).toEqual({ phoneNumber: fieldMessages.phoneTaken });
    expect(row(page.rows, 9).errors).toEqual({ oracleNumber: staffRegisterMessages.numberTaken });
    expect(row(page.rows, 10).errors).toEqual({ tescomNumber: staffRegisterMessages.numberTaken });

    // The rejected rows download names each problem's column.
    const rejected = await readWorkbook(
      new Uint8Array(await (await api.call("GET", `/staff/imports/${page.importId}/rejected`, { token: admin1.authorizationToken })).arrayBuffer()),
    );
    expect(rejected[0]?.rows.map((r) => r.at(-1)?.value)).toEqual([
      "Errors",
      "Row 3: E-mail: Duplicate of row 2 in this file.",
      "Row 4: Phone Number: Duplicate of row 2 in this file.",
      "Row 5: Oracle Number: Duplicate of row 2 in this file.",
      "Row 6: Staff Number: Duplicate of row 2 in this file.",
      `Row 7: E-mail: ${fieldMessages.emailTaken}`,
      `Row 8: Phone Number: ${fieldMessages.phoneTaken}`,
      `Row 9: Oracle Number: ${staffRegisterMessages.numberTaken}`,
      `Row 10: Staff Number: ${staffRegisterMessages.numberTaken}`,
    ]);
    await expectError(await confirm(page.importId), 400, importMessages.fixFirst(8));
  });

  it("rechecks every key of the rows a fix or a drop touches", async () => {
    const a = person();
    const b = person({ email: a.email, phoneNumber: a.phoneNumber });
    const c = person();
    const d = person();
    const page = await uploadPeople([a, b, c, d]);
    const [rowA, rowB, rowC, rowD] = [2, 3, 4, 5].map((number) => row(page.rows, number));
    expect(rowB?.errors).toEqual({ email: importMessages.duplicateInFile(2), phoneNumber: importMessages.duplicateInFile(2) });
    const id = (r: StagedRow | undefined) => present(r, "row").id;

    // A new e-mail clears that column only: the phone is still row 2's.
    const fixedEmail = await expectOk<{ row: StagedRow }>(await fix(page.importId, id(rowB), { email: `fixed.${d.lastName.toLowerCase()}@staff.example.org` }));
    expect(fixedEmail.row).toMatchObject({ valid: false, errors: { phoneNumber: importMessages.duplicateInFile(2) } });
    // Dropping row 2 lets row 3 stand.
    await expectOk(await drop(page.importId, id(rowA)));
    expect(row(await rowsOf(page.importId), 3)).toMatchObject({ valid: true, errors: {} });

    // Taking a later row's number makes that later row the duplicate, on its column; giving it back clears it.
    const taking = await expectOk<{ row: StagedRow }>(await fix(page.importId, id(rowC), { oracleNumber: d.oracleNumber }));
    expect(taking.row.valid).toBe(true);
    expect(row(await rowsOf(page.importId), 5).errors).toEqual({ oracleNumber: importMessages.duplicateInFile(4) });
    await expectOk(await fix(page.importId, id(rowC), { oracleNumber: c.oracleNumber }));
    expect(row(await rowsOf(page.importId), 5)).toMatchObject({ valid: true, errors: {} });

    // A fix to a value someone already holds is refused on its column, with the schema's messages first.
    const elsewhere = await staffRow(api, "zainab.umar@example.org");
    const clash = await expectOk<{ row: StagedRow }>(await fix(page.importId, id(rowD), { email: elsewhere.email, phoneNumber: "123" }));
    expect(clash.row.errors).toEqual({ email: fieldMessages.emailTaken, phoneNumber: fieldMessages.phoneDigits });
    await expectOk(await fix(page.importId, id(rowD), { email: d.email, phoneNumber: d.phoneNumber }));

    expect((await expectOk<ImportConfirmed>(await confirm(page.importId))).created).toBe(3);
  });

  it("confirms all rows in one transaction with their import, as ResetPassword, audited, inviting each once after the commit; a retry creates nothing", async () => {
    const people = [person(), person({ school: schoolName }), person({ staffType: "Non-Teaching" })];
    const emails = people.map((p) => p.email);
    const page = await uploadPeople(people);
    expect(page.validRows).toBe(3);
    expect(await mailTo(emails)).toEqual([]);

    const done = await expectOk<ImportConfirmed>(await confirm(page.importId));
    expect(done).toEqual({ message: "Multiple Staff Upload Successfully", created: 3, updated: 0, alreadyConfirmed: false });
    const created = await staffWithEmails(emails);
    expect(created).toHaveLength(3);
    for (const r of created) expect(r).toMatchObject({ importId: page.importId, accountStatus: "ResetPassword", districtId: d1, passwordHash: null });
    const mails = await mailTo(emails);
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    for (const mail of mails) expect(mail.subject).toBe("You have been added to Education District I on the district portal");
    const codes = await api.db
      .select()
      .from(resetCode)
      .where(
        inArray(
          resetCode.staffId,
          created.map((r) => r.id),
        ),
      );
    expect(codes.map((c) => c.purpose)).toEqual(["invitation", "invitation", "invitation"]);
    const audits = await api.db.select().from(auditLog).where(eq(auditLog.recordId, page.importId));
    expect(audits).toMatchObject([{ operation: "staff.import", actorStaffId: admin1.staff.id, districtId: d1, after: { filename: "staff.csv", created: 3 } }]);

    // The same import again: the first answer's count, nobody created or invited twice.
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toEqual({
      message: "Multiple Staff Upload Successfully",
      created: 3,
      updated: 0,
      alreadyConfirmed: true,
    });
    expect(await staffWithEmails(emails)).toHaveLength(3);
    expect(await mailTo(emails)).toHaveLength(3);
    // Each new staff member's entry is the single create's (no password hash), once.
    await expectImportAudited(api, { entity: "staff", importId: page.importId, actorStaffId: admin1.staff.id, created, view: auditView });
    await expectError(await fix(page.importId, present(page.rows[0]).id, { firstName: "Late" }), 409, "This upload has been created already.");
  });

  it("creates nothing and invites no one when a value was taken since the upload; the import stays staged to fix", async () => {
    const people = [person(), person(), person()];
    const emails = people.map((p) => p.email);
    const page = await uploadPeople(people);
    expect(page.validRows).toBe(3);
    // Meanwhile someone in the other district of the state takes row 4's staff number.
    const taker = present(people[2]);
    const rival = person({ tescomNumber: taker.tescomNumber });
    await expectOk(
      await api.call("POST", "/staff/create", { token: admin2.authorizationToken, body: { ...rival, phoneNumber: tenDigits(rival.phoneNumber) } }),
      201,
    );
    await expectError(await confirm(page.importId), 409, `Row 4: ${staffRegisterMessages.numberTaken}`);
    expect(await staffWithEmails(emails)).toEqual([]);
    expect(await mailTo(emails)).toEqual([]);
    const [record] = await api.db.select().from(dataImport).where(eq(dataImport.id, page.importId));
    expect(record?.status).toBe("staged");
  });

  it("needs staff.upload to upload, fix and confirm and staff.download to download; another district's import is not found", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const token = teacher.authorizationToken;
    await expectError(await upload(workbooks.csv(sheet([person()])), token), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/staff/template", { token }), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/staff/download", { token }), 403, authMessages.forbidden);
    const page = await uploadPeople([person()]);
    await expectError(await confirm(page.importId, token), 403, authMessages.forbidden);

    const other = admin2.authorizationToken;
    const notFound = importMessages.importNotFound;
    const rowId = present(page.rows[0]).id;
    await expectError(await api.call("GET", `/staff/imports/${page.importId}/rows`, { token: other }), 404, notFound);
    await expectError(await api.call("PATCH", `/staff/imports/${page.importId}/rows/${rowId}`, { token: other, body: { data: {} } }), 404, notFound);
    await expectError(await api.call("DELETE", `/staff/imports/${page.importId}/rows/${rowId}`, { token: other }), 404, notFound);
    await expectError(await api.call("GET", `/staff/imports/${page.importId}/rejected`, { token: other }), 404, notFound);
    await expectError(await confirm(page.importId, other), 404, notFound);
    // A school import is not a staff import, even in one's own district.
    await expectError(
      await api.call("POST", "/school/create-multiple-schools", { token: admin1.authorizationToken, body: { importId: page.importId } }),
      404,
      notFound,
    );
    expect(await staffWithEmails(page.rows.map((r) => r.data.email ?? ""))).toEqual([]);
  });

  it("downloads the register's filtered staff in the template's columns, formula-safe, and the file imports back unchanged", async () => {
    const marker = `Roundtrip${Date.now()}`;
    const people = [
      person({ lastName: `${marker}B`, address: '=HYPERLINK("http://x")', areaOfSpecialization: "+Maths", middleName: "-", school: schoolName }),
      person({ lastName: `${marker}A`, staffType: "Teaching", dateOfLastPromotion: "2020-02-02", maritalStatus: "Single" }),
      person({ lastName: `${marker}C`, staffType: "Non-Teaching" }),
    ];
    const staged = await uploadPeople(people);
    expect(staged.validRows).toBe(3);
    await expectOk(await confirm(staged.importId));

    const response = await api.call("GET", `/staff/download?district[0]=${d1}&searchTerm=${marker}&staffType=Teaching`, { token: admin1.authorizationToken });
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain('filename="staffs.xlsx"');
    const bytes = Buffer.from(await response.arrayBuffer());
    const [downloaded] = await readWorkbook(new Uint8Array(bytes));
    // A spreadsheet program shows a row's empty last cells as nothing at all.
    const cells = (downloaded?.rows ?? []).map((r) => header.map((_, i) => r[i]?.value ?? ""));
    for (const r of downloaded?.rows ?? []) for (const c of r) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
    // The filter keeps the two Teaching staff, in name order; every cell is what was uploaded, spelt as stored.
    const expected = (p: Person) => columns.map(([key]) => (key === "phoneNumber" ? `+234${tenDigits(p.phoneNumber)}` : p[key]));
    expect(cells).toEqual([header, expected(present(people[1])), expected(present(people[0]))]);

    // Risky values read back as themselves, not as formulas.
    const path = join(tmpdir(), `staff-download-${Date.now()}.xlsx`);
    await writeFile(path, bytes);
    const readBack: string[][] = [];
    for await (const r of await readRows(path)) readBack.push(r.cells);
    const risky = present(readBack.find((r) => r.includes(`${marker}B`)));
    expect(risky[header.indexOf("Address")]).toBe('=HYPERLINK("http://x")');
    expect(risky[header.indexOf("Area of Specialization")]).toBe("+Maths");
    expect(risky[header.indexOf("Phone Number")]).toBe(`+234${tenDigits(present(people[0]).phoneNumber)}`);

    // Into the other district of the state: refused for the four unique values only (and the school, which is not its own).
    const elsewhere = await expectOk<ImportRowsPage>(await upload(bytes, admin2.authorizationToken, "staffs.xlsx"), 201);
    const taken = {
      email: fieldMessages.emailTaken,
      phoneNumber: fieldMessages.phoneTaken,
      oracleNumber: staffRegisterMessages.numberTaken,
      tescomNumber: staffRegisterMessages.numberTaken,
    };
    expect(elsewhere.rows.map((r) => r.errors)).toEqual([taken, { ...taken, school: staffRegisterMessages.schoolUnknown }]);

    // Once those staff are gone, the same file is accepted and creates them again as they were.
    const emails = [present(people[0]).email, present(people[1]).email];
    const before = await staffWithEmails(emails);
    await api.db.delete(resetCode).where(
      inArray(
        resetCode.staffId,
        before.map((r) => r.id),
      ),
    );
    await api.db.delete(staff).where(and(eq(staff.districtId, d1), inArray(staff.email, emails)));
    const again = await expectOk<ImportRowsPage>(await upload(bytes, admin1.authorizationToken, "staffs.xlsx"), 201);
    expect(again).toMatchObject({ totalRows: 2, validRows: 2 });
    await expectOk(await confirm(again.importId));
    const after = await staffWithEmails(emails);
    const comparable = ({ id: _id, importId: _import, createdAt: _c, updatedAt: _u, ...rest }: typeof staff.$inferSelect) => rest;
    const byEmail = (rows: (typeof staff.$inferSelect)[]) => rows.map(comparable).sort((x, y) => x.email.localeCompare(y.email));
    expect(byEmail(after)).toEqual(byEmail(before));
  });
});
