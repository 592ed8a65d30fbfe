import { describe, expect, it } from "vitest";
import type { ImportConfirmed, ImportRowsPage } from "../../../lib/contract/imports";
import { fieldMessages, successNotices } from "../../../lib/contract/messages";
import { staffMessages, staffRegisterMessages } from "../../../lib/contract/staff";
import { studentMessages } from "../../../lib/contract/students";
import { expectOk } from "../../test/helpers";
import { readWorkbook, workbooks } from "../../test/workbooks";
import { studentSheetColumns } from "./spreadsheet";
import { AGEGE, ALIMOSHO, IFAKO, columns, header, pupil, sheet, spreadsheetTest } from "./spreadsheet-test-support";

describe("student spreadsheets: the template, and checking an upload", () => {
  const { w, token, upload, confirm, drop, row, pupilsNamed, schoolId } = spreadsheetTest();

  it("exports the columns the template, the upload and the download share", () => {
    expect(studentSheetColumns.map((c) => [c.key, c.header])).toEqual(columns.map(([key, name]) => [key, name]));
  });

  it("offers a template with every column of the student form, an example row, and the schools, classes and lists allowed", async () => {
    const response = await w.api.call("GET", "/student/template", { token: token() });
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
      updated: 0,
      alreadyConfirmed: false,
    });
    const [created] = await pupilsNamed([good.lastName]);
    expect(created).toMatchObject({
      districtId: w.d1,
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
});
