import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { ImportRowsPage, StagedRow } from "../../../lib/contract/imports";
import type { AuthResult } from "../../../lib/contract/user";
import { outbox, school, staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";
import { workbooks } from "../../test/workbooks";

/** The template's columns, by key and header, in order: what every test sheet is written in. */
export const columns = [
  ["title", "Title"],
  ["firstName", "First Name"],
  ["lastName", "Last Name"],
  ["middleName", "Middle Name"],
  ["oracleNumber", "Oracle Number"],
  ["tescomNumber", "Staff Number"],
  ["gender", "Gender"],
  ["dob", "Date of Birth"],
  ["phoneNumber", "Phone Number"],
  ["email", "E-mail"],
  ["address", "Address"],
  ["countryOfOrigin", "Country of Origin"],
  ["stateOfOrigin", "State of Origin"],
  ["localGovernmentOfOrigin", "LGA of Origin"],
  ["countryOfResidence", "Country of Residence"],
  ["stateOfResidence", "State of Residence"],
  ["localGovernmentOfResidence", "LGA of Residence"],
  ["areaOfSpecialization", "Area of Specialization"],
  ["dateOfEmployment", "Date of Employment"],
  ["dateOfLastPromotion", "Date of Last Promotion"],
  ["dateOfFirstAppointment", "Date of First Appointment"],
  ["dateOfPresentAppointment", "Date of Present Appointment"],
  ["lastDateOfPosting", "Last Date of Posting"],
  ["maritalStatus", "Marital Status"],
  ["staffType", "Staff Type"],
  ["school", "School"],
] as const;
type Key = (typeof columns)[number][0];
export type Person = Record<Key, string>;
export const header = columns.map(([, name]) => name);

/**
 * A maker of staff members whose e-mail, phone and numbers no other row (of any test file) uses, as a sheet row's
 * cells by key: each test file takes its own `tag` (its names and numbers) and `phonePrefix`.
 */
export const personMaker = (tag: string, phonePrefix: string) => {
  let n = 0;
  return (overrides: Partial<Person> = {}): Person => {
    n++;
    return {
      title: "Mrs",
      firstName: "Folake",
      lastName: `${tag}${n}`,
      middleName: "",
      oracleNumber: `ORC-${tag.toUpperCase()}-${n}`,
      tescomNumber: `TSC-${tag.toUpperCase()}-${n}`,
      gender: "Female",
      dob: "1988-04-12",
      phoneNumber: `${phonePrefix}${String(n).padStart(7, "0")}`,
      email: `${tag.toLowerCase()}.${n}@staff.example.org`,
      address: "12 Awolowo Way, Ikeja",
      countryOfOrigin: "Nigeria",
      stateOfOrigin: "Ogun",
      localGovernmentOfOrigin: "Abeokuta North",
      countryOfResidence: "Nigeria",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Ikeja",
      areaOfSpecialization: "Mathematics",
      dateOfEmployment: "2015-09-01",
      dateOfLastPromotion: "",
      dateOfFirstAppointment: "",
      dateOfPresentAppointment: "",
      lastDateOfPosting: "",
      maritalStatus: "Married",
      staffType: "Teaching",
      school: "",
      ...overrides,
    };
  };
};
export const person = personMaker("Match", "0815");
export const sheet = (people: Person[]) => [header, ...people.map((p) => columns.map(([key]) => p[key]))];

/** Opens a test API for the file (closed after its tests) and gives the upload, choice and confirm helpers over it; `w` is filled before the first test. */
export function staffSheetTest() {
  const w = {} as { api: TestApi; admin1: AuthResult; d1: string };
  beforeAll(async () => {
    const api = await createTestApi();
    const admin1 = await api.loginAdmin(1);
    Object.assign(w, { api, admin1, d1: admin1.staff.district.id });
  });
  afterAll(() => w.api.close());

  const token = () => w.admin1.authorizationToken;
  const upload = (bytes: Buffer, t = token()) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), "staff.csv");
    return w.api.call("POST", "/staff/upload-multiple", { token: t, form });
  };
  const uploadPeople = async (people: Person[], t = token()) => expectOk<ImportRowsPage>(await upload(workbooks.csv(sheet(people)), t), 201);
  const confirm = (importId: string, t = token(), rows?: "valid") =>
    w.api.call("POST", `/staff/create-multiple/${importId}${rows ? `?rows=${rows}` : ""}`, { token: t });
  const choose = (importId: string, existing: string, t = token()) => w.api.call("PATCH", `/staff/imports/${importId}`, { token: t, body: { existing } });
  const rowsOf = async (importId: string) =>
    (await expectOk<ImportRowsPage>(await w.api.call("GET", `/staff/imports/${importId}/rows?limit=500`, { token: token() }))).rows;
  const row = (rows: StagedRow[], rowNumber: number) =>
    present(
      rows.find((r) => r.rowNumber === rowNumber),
      `row ${rowNumber}`,
    );
  const staffWithEmails = (emails: string[]) => w.api.db.select().from(staff).where(inArray(staff.email, emails));
  /** Staff made through an upload confirmed by the district's administrator: their records. */
  const hired = async (people: Person[]) => {
    const page = await uploadPeople(people);
    await expectOk(await confirm(page.importId));
    const rows = await staffWithEmails(people.map((p) => p.email));
    return people.map((p) => present(rows.find((r) => r.email === p.email)));
  };
  const mailTo = async (emails: string[]) => {
    await w.api.mailer.flush();
    return w.api.db.select().from(outbox).where(inArray(outbox.to, emails));
  };
  const schoolNamed = async (name: string) => present((await w.api.db.select().from(school).where(eq(school.name, name)))[0], name);
  return { w, token, upload, uploadPeople, confirm, choose, rowsOf, row, staffWithEmails, hired, mailTo, schoolNamed };
}
