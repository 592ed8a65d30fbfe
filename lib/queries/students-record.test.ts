import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { blankStudent, studentFormValues } from "../../components/students/record/student-form-values";
import { studentMoveSchema, newStudentSchema, studentUpdateSchema, type StudentRecord } from "../contract/students";
import { classKeys, classReads } from "./classes";
import { movesPageFrom, studentKeys, studentRecordKeys, studentRecordMutations, studentRecordReads, studentSpreadsheets } from "./students";

const id = "0b8f2c3e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const schoolId = "1c9a3d4f-5e6b-4c7d-9e8f-0a1b2c3d4e5f";
const classId = "2d0b4e5a-6f7c-4d8e-8f9a-1b2c3d4e5f6a";

/** A record as GET /student/view-by-id answers it. */
const record: StudentRecord = {
  id,
  admissionNumber: "ADM/2026/00042",
  firstName: "Amaka",
  lastName: "Okonkwo",
  middleName: null,
  gender: "Female",
  dob: "2016-05-01",
  school: { id: schoolId, name: "Ikeja Primary", category: "Primary" },
  class: { id: classId, name: "Primary 4A", level: "Primary" },
  dateOfAdmission: "2026-09-14",
  stateOfOrigin: "Lagos",
  localGovernmentOfOrigin: "Ikorodu",
  stateOfResidence: "Lagos",
  localGovernmentOfResidence: "Kosofe",
  address: "2 Form Road",
  guardianName: "Ngozi Okonkwo",
  guardianRelationship: "Mother",
  guardianPhoneCode: "+234",
  guardianPhone: "8031234567",
  guardianEmail: null,
  specialNeeds: null,
  photo: null,
  enrolmentStatus: "Enrolled",
  accountStatus: "Active",
  version: 3,
};

describe("the students' record reads", () => {
  it("name the API's routes, every key under the students' key", () => {
    expect(studentRecordReads.record(id).path).toBe(`student/view-by-id/${id}`);
    const question = { firstName: "Amaka", lastName: "Okonkwo", gender: "Female", dob: "2016-05-01" };
    expect(studentRecordReads.duplicates(question).path).toBe("student/possible-duplicates?firstName=Amaka&lastName=Okonkwo&gender=Female&dob=2016-05-01");
    expect(studentRecordReads.duplicates({ ...question, exceptId: id }).path).toContain(`&exceptId=${id}`);
    expect(studentRecordReads.moves(3).path).toBe("student/moves?limit=20&page=3");
    for (const key of [studentRecordKeys.record(id), studentRecordKeys.duplicates(question), studentRecordKeys.moves(1)])
      expect(key[0]).toBe(studentKeys.all[0]);
    // Editing and admitting ask different questions: the pupil being edited is not their own duplicate.
    expect(studentRecordKeys.duplicates({ ...question, exceptId: id })).not.toEqual(studentRecordKeys.duplicates(question));
  });

  it("ask a school's classes (or every class in reach) 1,000 at a time, under the classes' key", () => {
    expect(classReads.ofSchool(schoolId).path).toBe(`class/view-all?school=${schoolId}&limit=1000`);
    expect(classReads.ofSchool("").path).toBe("class/view-all?limit=1000");
    expect(classReads.ofSchool(schoolId).queryKey[0]).toBe(classKeys.all[0]);
  });

  it("read the page of moves from the URL, the first for anything that is no page", () => {
    for (const [value, page] of [
      ["3", 3],
      ["", 1],
      ["0", 1],
      ["-1", 1],
      ["2.5", 1],
      ["two", 1],
      [null, 1],
      [undefined, 1],
    ] as const)
      expect(movesPageFrom(value)).toBe(page);
  });
});

describe("the students' record changes", () => {
  const sent: { url: string; method: string; body: unknown }[] = [];
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method ?? "GET", body: typeof init.body === "string" ? JSON.parse(init.body) : init.body });
      return new Response(JSON.stringify({ message: "ok" }), { status: 200, headers: { "content-type": "application/json" } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("go through the BFF to the routes they name, with the bodies the forms make", async () => {
    const filled = newStudentSchema.parse({
      ...blankStudent(),
      firstName: " Amaka ",
      lastName: "Okonkwo",
      gender: "Female",
      dob: "2016-05-01",
      schoolId,
      stateOfOrigin: "Lagos",
      localGovernmentOfOrigin: "Ikorodu",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Kosofe",
      address: "2 Form Road",
      guardianName: "Ngozi Okonkwo",
      guardianRelationship: "Mother",
      guardianPhone: "8031234567",
    });
    await studentRecordMutations.create(filled);
    await studentRecordMutations.update(id, studentUpdateSchema.parse(studentFormValues(record)));
    const move = studentMoveSchema.parse({ studentIds: [id], toSchoolId: "", toClassId: classId });
    await studentRecordMutations.reviewMove(move);
    await studentRecordMutations.move(move);
    await studentRecordMutations.reverseMove(id);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      "POST /api/district/student/add",
      `PATCH /api/district/student/update/${id}`,
      "POST /api/district/student/move-review",
      "POST /api/district/student/move",
      `POST /api/district/student/moves/${id}/reverse`,
    ]);
    // Left empty, the admission number, class and e-mail go as null (the API gives the number); the names trimmed.
    expect(sent[0]?.body).toMatchObject({
      admissionNumber: null,
      classId: null,
      guardianEmail: null,
      firstName: "Amaka",
      guardianPhoneCode: "+234",
      specialNeeds: "None",
    });
    // The record as it is, with the version it was read at.
    expect(sent[1]?.body).toMatchObject({ admissionNumber: "ADM/2026/00042", schoolId, classId, middleName: null, specialNeeds: "None", version: 3 });
    expect(sent[2]?.body).toEqual({ studentIds: [id], toSchoolId: null, toClassId: classId });
  });

  it("send the photo as a form, and confirm an upload by the staged import's id", async () => {
    await studentRecordMutations.setPhoto(id, new Blob(["jpeg"], { type: "image/jpeg" }));
    await studentSpreadsheets.confirm(id);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST /api/district/student/upload-photo/${id}`,
      `POST /api/district/student/create-multiple/${id}`,
    ]);
    expect(sent[0]?.body).toBeInstanceOf(FormData);
    expect(studentSpreadsheets.templateHref).toBe("/api/district/student/template");
    expect(studentSpreadsheets.uploadUrl).toBe("/api/district/student/upload-multiple");
    expect(studentSpreadsheets.createdKey).toEqual(studentKeys.all);
  });
});

describe("the student form's values", () => {
  it("open a new pupil admitted today, with +234 and no special needs", () => {
    expect(blankStudent()).toMatchObject({
      admissionNumber: "",
      guardianPhoneCode: "+234",
      specialNeeds: "None",
      dateOfAdmission: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it("start an edit from the record as it is, empty where it has nothing", () => {
    expect(studentFormValues({ ...record, class: null, middleName: null, guardianPhoneCode: null })).toMatchObject({
      classId: "",
      middleName: "",
      guardianPhoneCode: "+234",
      guardianEmail: "",
      specialNeeds: "None",
      enrolmentStatus: "Enrolled",
      version: 3,
    });
  });
});
