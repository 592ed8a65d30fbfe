import type { Page } from "@playwright/test";
import type { StudentRecord } from "../../lib/contract/students";
import { apiJson, me } from "./district-admin";
import { accounts, apiToken, districtApi, expect } from "./fixtures";

/*
 * Pupils made for a test through the district API (district 2, whose figures no test counts), and read back
 * the same way. Every run makes its own school, classes and pupils, named with its own stamp.
 */

type Place = { id: string; name: string };
type Listed = { id: string; admissionNumber: string; firstName: string; dateOfAdmission: string; class: Place | null };

export const lagosToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
/** A date of birth `years` before this year (on 12 April): 8 is a primary pupil's age, 20 is not. */
export const bornYearsAgo = (years: number) => `${Number(lagosToday().slice(0, 4)) - years}-04-12`;

/** A primary school of this test's own with one class ("<type> A") of each class type named, through the API. */
export async function schoolWithClasses(seed: string, classTypes: string[]) {
  const token = await apiToken(accounts.admin2);
  const { staff } = await me(token);
  const name = `Pupils Primary ${seed}`;
  const created = await districtApi("POST", "/school/add", token, {
    name,
    description: "Students test",
    address: "4 Pupil Road",
    localGovernment: "Kosofe",
    category: "Primary",
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const school: Place = { id: ((await created.json()) as { school: { id: string } }).school.id, name };
  const { classTypes: types } = await apiJson<{ classTypes: Place[] }>(token, "/class-arm/list-of-class-types");
  const classes: Record<string, string> = {};
  for (const typeName of classTypes) {
    const type = types.find((t) => t.name === typeName);
    expect(type, `class type ${typeName}`).toBeTruthy();
    const made = await districtApi("POST", "/class/add", token, { schoolId: school.id, classTypeId: type?.id, arm: "A", capacity: 40 });
    expect(made.status, await made.clone().text()).toBe(201);
    const { class: c } = (await made.json()) as { class: Place };
    classes[c.name] = c.id;
  }
  return { districtId: staff.district.id, school, classes };
}

/** POST /student/add's body: a pupil of Lagos with a guardian, and what the test cares about in `details`. */
export function pupilBody(details: { firstName: string; lastName: string; gender: string; dob: string; schoolId: string } & Record<string, unknown>) {
  return {
    dateOfAdmission: lagosToday(),
    stateOfOrigin: "Lagos",
    localGovernmentOfOrigin: "Ikorodu",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Kosofe",
    address: "3 Pupil Road",
    guardianName: "Funke Guardian",
    guardianRelationship: "Mother",
    guardianPhone: "8031234567",
    ...details,
  };
}

/** Admits a pupil (POST /student/add, which must answer 201) and gives back the record made. */
export async function admit(token: string, body: Record<string, unknown>) {
  const response = await districtApi("POST", "/student/add", token, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { student: StudentRecord }).student;
}

/** PATCH /student/update/{id}'s body for a record as it is, at its version. */
export const updateBody = (s: StudentRecord) => ({
  admissionNumber: s.admissionNumber,
  firstName: s.firstName,
  lastName: s.lastName,
  middleName: s.middleName,
  gender: s.gender,
  dob: s.dob,
  schoolId: s.school.id,
  classId: s.class?.id ?? null,
  dateOfAdmission: s.dateOfAdmission,
  stateOfOrigin: s.stateOfOrigin,
  localGovernmentOfOrigin: s.localGovernmentOfOrigin,
  stateOfResidence: s.stateOfResidence,
  localGovernmentOfResidence: s.localGovernmentOfResidence,
  address: s.address,
  guardianName: s.guardianName,
  guardianRelationship: s.guardianRelationship,
  guardianPhoneCode: s.guardianPhoneCode ?? "+234",
  guardianPhone: s.guardianPhone,
  guardianEmail: s.guardianEmail,
  specialNeeds: s.specialNeeds ?? "None",
  enrolmentStatus: s.enrolmentStatus,
  version: s.version,
});

/** The pupils of the district a search term finds, through the API (a fresh token: the suite's last seconds). */
export async function pupilsNamed(districtId: string, searchTerm: string) {
  const { foundStudents } = await apiJson<{ foundStudents: Listed[] }>(
    await apiToken(accounts.admin2),
    `/student/search?district[0]=${districtId}&searchTerm=${encodeURIComponent(searchTerm)}&limit=50`,
  );
  return foundStudents;
}

export const recordOf = async (id: string) => apiJson<StudentRecord>(await apiToken(accounts.admin2), `/student/view-by-id/${id}`);

/** The admission register's rows, by their pupils' names. */
export const registerRows = (page: Page) => page.getByRole("table", { name: /^Students, page 1/ }).getByRole("rowheader");
