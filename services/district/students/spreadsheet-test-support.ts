import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { ImportRowsPage, StagedRow } from "../../../lib/contract/imports";
import type { AuthResult } from "../../../lib/contract/user";
import { school, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";
import { workbooks } from "../../test/workbooks";

/** The template's columns, by key and header, in order: what every test sheet is written in. */
export const columns = [
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
export type Pupil = Record<Key, string>;
export const header = columns.map(([, name]) => name);

export const AGEGE = "Agege Senior Grammar School";
export const ALIMOSHO = "Alimosho Junior High School";
export const IFAKO = "Ifako Community Primary School";

let n = 0;
/** How many pupils `pupil` has made in this file: a number no earlier row's name holds. */
export const pupilsMade = () => n;
/** A pupil as a sheet row's cells by key, with a last name no other row uses; the admission number is left to the district. */
export const pupil = (overrides: Partial<Pupil> = {}): Pupil => {
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
export const sheet = (pupils: Pupil[]) => [header, ...pupils.map((p) => columns.map(([key]) => p[key]))];

/** What the student-spreadsheet tests (spreadsheet-*.test.ts) share: the seeded districts' administrators. */
export type SpreadsheetWorld = { api: TestApi; admin1: AuthResult; admin2: AuthResult; d1: string };

/**
 * Opens a test API for the file (closed after its tests) and gives the upload, fix and confirm helpers over it. `w` is
 * filled in before the first test runs, so its fields are read inside tests, never while the file is being collected.
 */
export function spreadsheetTest() {
  const w = {} as SpreadsheetWorld;

  beforeAll(async () => {
    const api = await createTestApi();
    const [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    Object.assign(w, { api, admin1, admin2, d1: admin1.staff.district.id } satisfies SpreadsheetWorld);
  });
  afterAll(() => w.api.close());

  const token = () => w.admin1.authorizationToken;
  const upload = (bytes: Buffer, t = token(), filename = "students.csv") => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), filename);
    return w.api.call("POST", "/student/upload-multiple", { token: t, form });
  };
  const uploadPupils = async (pupils: Pupil[], t = token()) => expectOk<ImportRowsPage>(await upload(workbooks.csv(sheet(pupils)), t), 201);
  const confirm = (importId: string, t = token()) => w.api.call("POST", `/student/create-multiple/${importId}`, { token: t });
  const fix = (importId: string, rowId: string, data: Partial<Pupil>) =>
    w.api.call("PATCH", `/student/imports/${importId}/rows/${rowId}`, { token: token(), body: { data } });
  const drop = (importId: string, rowId: string) => w.api.call("DELETE", `/student/imports/${importId}/rows/${rowId}`, { token: token() });
  const rowsOf = async (importId: string) =>
    (await expectOk<ImportRowsPage>(await w.api.call("GET", `/student/imports/${importId}/rows?limit=500`, { token: token() }))).rows;
  const row = (rows: StagedRow[], rowNumber: number) =>
    present(
      rows.find((r) => r.rowNumber === rowNumber),
      `row ${rowNumber}`,
    );
  const pupilsNamed = (lastNames: string[]) => w.api.db.select().from(student).where(inArray(student.lastName, lastNames));
  const schoolId = async (name: string) =>
    present(
      (
        await w.api.db
          .select()
          .from(school)
          .where(and(eq(school.districtId, w.d1), eq(school.name, name)))
      )[0],
    ).id;

  return { w, token, upload, uploadPupils, confirm, fix, drop, rowsOf, row, pupilsNamed, schoolId };
}
