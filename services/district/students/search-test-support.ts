import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { EnrolmentStatus, StudentSearchAnswer, StudentSearchTotal, StudentSummary } from "../../../lib/contract/students";
import type { AccountStatus, AuthResult } from "../../../lib/contract/user";
import { classType, school, schoolClass, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";

export type StudentRow = typeof student.$inferSelect;
export type Query = Record<string, string>;

export const AGEGE = "Agege Senior Grammar School";
export const ALIMOSHO = "Alimosho Junior High School";
export const IFAKO = "Ifako Community Primary School";

/** The register's order: last name, then first name (case ignored), then id. The test's names are plain letters and digits. */
const byName = (a: StudentRow, b: StudentRow) => {
  const key = (s: StudentRow) => [s.lastName.toLowerCase(), s.firstName.toLowerCase(), s.id];
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] ?? "") < (y[i] ?? "") ? -1 : 1;
  return 0;
};

/** What the admission-register tests (search-*.test.ts) share: district 1's administrator, both districts and district 1's schools. */
export type SearchWorld = {
  api: TestApi;
  admin1: AuthResult;
  d1: string;
  d2: string;
  /** District 1's schools by name, with their classes. */
  schools: Record<string, { id: string; classes: { id: string; name: string; level: string }[] }>;
};

/**
 * Opens a test API for the file (closed after its tests), adds the register's 60 test pupils, and gives the search helpers
 * over it. `w` is filled in before the first test runs, so its fields are read inside tests, never while the file is being collected.
 */
export function searchTest() {
  const w = {} as SearchWorld;

  beforeAll(async () => {
    const api = await createTestApi();
    const admin1 = await api.loginAdmin(1);
    const d1 = admin1.staff.district.id;
    const d2 = (await api.loginAdmin(2)).staff.district.id;
    const schools: SearchWorld["schools"] = {};
    for (const s of await api.db.select().from(school).where(eq(school.districtId, d1))) {
      const classes = await api.db
        .select({ id: schoolClass.id, name: schoolClass.name, level: classType.level })
        .from(schoolClass)
        .innerJoin(classType, eq(classType.id, schoolClass.classTypeId))
        .where(eq(schoolClass.schoolId, s.id))
        .orderBy(schoolClass.name);
      schools[s.name] = { id: s.id, classes };
    }
    Object.assign(w, { api, admin1, d1, d2, schools } satisfies SearchWorld);
    // 60 pupils of a kind the demo has none of, spread over every filter, so each filter's effect is known.
    const names = [AGEGE, ALIMOSHO, IFAKO];
    const statuses: EnrolmentStatus[] = ["Enrolled", "Enrolled", "Enrolled", "Withdrawn", "Graduated", "Transferred out"];
    const rows = Array.from({ length: 60 }, (_, i) => {
      const at = present(schools[present(names[i % 3])]);
      return {
        districtId: d1,
        schoolId: at.id,
        // Every fifth pupil has no class yet.
        classId: i % 5 === 4 ? null : present(at.classes[i % at.classes.length]).id,
        firstName: `Kunle${String(i).padStart(2, "0")}`,
        lastName: i % 2 === 0 ? "Registerova" : "Registerska",
        middleName: i % 4 === 0 ? "Olamide" : null,
        gender: i % 3 === 0 ? "Male" : "Female",
        dob: `2012-0${1 + (i % 9)}-1${i % 10}`,
        admissionNumber: `REG/20${String(15 + (i % 10))}/${String(i).padStart(5, "0")}`,
        stateOfOrigin: i % 2 === 0 ? "Ogun" : "Oyo",
        localGovernmentOfOrigin: i % 2 === 0 ? "Abeokuta North" : "Ibadan North",
        stateOfResidence: i % 10 === 9 ? "Ogun" : "Lagos",
        localGovernmentOfResidence: i % 10 === 9 ? "Abeokuta South" : i < 30 ? "Ikeja" : "Agege",
        dateOfAdmission: `20${String(15 + (i % 10))}-09-1${i % 7}`,
        address: `${i} Register Road, Ikeja`,
        guardianName: "Mrs Registerova",
        guardianRelationship: "Mother",
        guardianPhoneCode: "+234",
        guardianPhone: `80777${String(i).padStart(5, "0")}`,
        accountStatus: (i % 7 === 6 ? "Suspended" : "Active") as AccountStatus,
        enrolmentStatus: present(statuses[i % statuses.length]),
      };
    });
    await api.db.insert(student).values(rows);
  });
  afterAll(() => w.api.close());

  const adminToken = () => w.admin1.authorizationToken;
  const search = (q: Query, token = adminToken()) => w.api.call("GET", `/student/search?${new URLSearchParams(q)}`, { token });
  const page = async (q: Query, token?: string) => (await expectOk<StudentSearchAnswer>(await search(q, token))).foundStudents;
  const total = async (q: Query, token = adminToken()) =>
    (await expectOk<StudentSearchTotal>(await w.api.call("GET", `/student/search-total?${new URLSearchParams(q)}`, { token }))).total;
  const summary = async (token = adminToken(), q: Query = {}) =>
    expectOk<StudentSummary>(await w.api.call("GET", `/student/summary?${new URLSearchParams(q)}`, { token }));
  const ids = (list: { id: string }[]) => list.map((s) => s.id);
  /** District 1's pupils as stored, in the register's order, that pass `keep`. */
  const stored = async (keep: (s: StudentRow) => boolean) =>
    (await w.api.db.select().from(student).where(eq(student.districtId, w.d1))).filter(keep).sort(byName);
  const ours = (s: StudentRow) => s.lastName.startsWith("Register");
  const schoolId = (name: string) => present(w.schools[name]).id;

  return { w, search, page, total, summary, ids, stored, ours, schoolId };
}
