import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { formInvalidMessage } from "../../../lib/contract/messages";
import type { StudentRecord, StudentSaved } from "../../../lib/contract/students";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { school, schoolClass, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present } from "../../test/helpers";

export const AGEGE = "Agege Senior Grammar School";
export const ALIMOSHO = "Alimosho Junior High School";
export const IFAKO = "Ifako Community Primary School";

/** What the student-record tests (records-*.test.ts) share: the seeded districts and staff, read once before the file's tests. */
export type RecordsWorld = {
  api: TestApi;
  admin1: AuthResult;
  admin2: AuthResult;
  /** Tunde Bakare: the Records Officer role (student.view, student.create, student.update). */
  officer: AuthResult;
  /** Babatunde Adeyemi: the School Supervisor role (student.view only). */
  supervisor: AuthResult;
  d1: string;
  /** District 1's schools by name, and their classes by "School/Class". */
  schools: Record<string, string>;
  classes: Record<string, string>;
  /** A school, a class and a pupil of district 2. */
  school2: string;
  class2: string;
  student2: string;
};

/**
 * Opens a test API for the file (closed after its tests) and gives the student-record helpers over it. `w` is filled in
 * before the first test runs, so its fields are read inside tests, never while the file is being collected.
 */
export function recordsTest() {
  const w = {} as RecordsWorld;

  beforeAll(async () => {
    const api = await createTestApi();
    const [admin1, admin2, officer, supervisor] = await Promise.all([
      api.loginAdmin(1),
      api.loginAdmin(2),
      api.login("tunde.bakare@example.org", demoPasswords.staff),
      api.login("babatunde.adeyemi@example.org", demoPasswords.staff),
    ]);
    const d1 = admin1.staff.district.id;
    const d2 = admin2.staff.district.id;
    const schools: Record<string, string> = {};
    const classes: Record<string, string> = {};
    for (const row of await api.db.select().from(school).where(eq(school.districtId, d1))) schools[row.name] = row.id;
    for (const row of await api.db
      .select({ name: schoolClass.name, school: school.name, id: schoolClass.id })
      .from(schoolClass)
      .innerJoin(school, eq(school.id, schoolClass.schoolId))
      .where(eq(schoolClass.districtId, d1)))
      classes[`${row.school}/${row.name}`] = row.id;
    Object.assign(w, {
      api,
      admin1,
      admin2,
      officer,
      supervisor,
      d1,
      schools,
      classes,
      school2: present((await api.db.select().from(school).where(eq(school.districtId, d2)))[0]).id,
      class2: present((await api.db.select().from(schoolClass).where(eq(schoolClass.districtId, d2)))[0]).id,
      student2: present((await api.db.select().from(student).where(eq(student.districtId, d2)))[0]).id,
    } satisfies RecordsWorld);
  });
  afterAll(() => w.api.close());

  const id = (record: Record<string, string>, name: string) => present(record[name], name);
  const token = () => w.admin1.authorizationToken;
  let n = 0;
  /** A new pupil's form at Alimosho, JSS 1A, admitted in 2021. */
  const pupil = (overrides: Record<string, unknown> = {}) => {
    n++;
    return {
      admissionNumber: "",
      firstName: "Amaka",
      lastName: `Okonkwo${String.fromCharCode(97 + (n % 26))}${n}`,
      middleName: "",
      gender: "Female",
      dob: "2010-03-21",
      schoolId: id(w.schools, ALIMOSHO),
      classId: id(w.classes, `${ALIMOSHO}/JSS 1A`),
      dateOfAdmission: "2021-09-13",
      stateOfOrigin: "Anambra",
      localGovernmentOfOrigin: "Awka South",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Alimosho",
      address: "7 Egbeda Road, Alimosho",
      guardianName: "Ngozi Okonkwo",
      guardianRelationship: "Mother",
      guardianPhoneCode: "+234",
      guardianPhone: "8031234567",
      guardianEmail: "",
      specialNeeds: "None",
      ...overrides,
    };
  };
  const add = (body: unknown, t = token()) => w.api.call("POST", "/student/add", { token: t, body });
  const added = async (body: unknown, t = token()) => (await expectOk<StudentSaved>(await add(body, t), 201)).student;
  const view = (studentId: string, t = token()) => w.api.call("GET", `/student/view-by-id/${studentId}`, { token: t });
  const update = (studentId: string, body: unknown, t = token()) => w.api.call("PATCH", `/student/update/${studentId}`, { token: t, body });
  /** The update form of a record as the page fills it. */
  const formOf = (r: StudentRecord, overrides: Record<string, unknown> = {}) => ({
    admissionNumber: r.admissionNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    middleName: r.middleName ?? "",
    gender: r.gender,
    dob: r.dob,
    schoolId: r.school.id,
    classId: r.class?.id ?? "",
    dateOfAdmission: r.dateOfAdmission,
    stateOfOrigin: r.stateOfOrigin,
    localGovernmentOfOrigin: r.localGovernmentOfOrigin,
    stateOfResidence: r.stateOfResidence,
    localGovernmentOfResidence: r.localGovernmentOfResidence,
    address: r.address,
    guardianName: r.guardianName,
    guardianRelationship: r.guardianRelationship,
    guardianPhoneCode: r.guardianPhoneCode,
    guardianPhone: r.guardianPhone,
    guardianEmail: r.guardianEmail ?? "",
    specialNeeds: r.specialNeeds ?? "None",
    enrolmentStatus: r.enrolmentStatus,
    version: r.version,
    ...overrides,
  });
  const rowOf = async (studentId: string) => present((await w.api.db.select().from(student).where(eq(student.id, studentId)))[0], "student row");
  const issuesOf = async (response: Response, status = 400, message: string = formInvalidMessage) => (await expectError(response, status, message)).issues;

  return { w, id, token, pupil, add, added, view, update, formOf, rowOf, issuesOf };
}
