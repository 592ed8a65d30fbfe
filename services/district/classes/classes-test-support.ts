import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { ClassItem, ClassPage } from "../../../lib/contract/classes";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { classType, school, schoolClass, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present, staffRow } from "../../test/helpers";

export type ClassAnswer = { message: string; class: ClassItem };

export const AGEGE = "Agege Senior Grammar School";
export const ALIMOSHO = "Alimosho Junior High School";
export const IFAKO = "Ifako Community Primary School";

/** What the classes tests share, filled before the file's tests run. */
export type ClassesWorld = {
  api: TestApi;
  admin1: AuthResult;
  /** Babatunde Adeyemi: the School Supervisor role (class.view, no class.create or class.update). */
  supervisor: AuthResult;
  d1: string;
  d2: string;
  /** District 2's first school, class and class type. */
  school2: string;
  class2: string;
  type2: string;
};

/**
 * The classes tests' setup (one seeded database per file) and their calls: district 1's schools and class
 * types by name, district 2's first school, class and class type, and the routes' calls as district 1's administrator.
 */
export function classesTest() {
  const w = {} as ClassesWorld;
  const schools: Record<string, string> = {};
  const types: Record<string, string> = {};
  beforeAll(async () => {
    w.api = await createTestApi();
    const api = w.api;
    let admin2: AuthResult;
    [w.admin1, admin2, w.supervisor] = await Promise.all([
      api.loginAdmin(1),
      api.loginAdmin(2),
      api.login("babatunde.adeyemi@example.org", demoPasswords.staff),
    ]);
    w.d1 = w.admin1.staff.district.id;
    w.d2 = admin2.staff.district.id;
    for (const row of await api.db.select().from(school).where(eq(school.districtId, w.d1))) schools[row.name] = row.id;
    for (const row of await api.db.select().from(classType).where(eq(classType.districtId, w.d1))) types[row.name] = row.id;
    w.school2 = present((await api.db.select().from(school).where(eq(school.districtId, w.d2)))[0]).id;
    w.class2 = present((await api.db.select().from(schoolClass).where(eq(schoolClass.districtId, w.d2)))[0]).id;
    w.type2 = present((await api.db.select().from(classType).where(eq(classType.districtId, w.d2)))[0]).id;
  });
  afterAll(() => w.api.close());

  const token = () => w.admin1.authorizationToken;
  const id = (record: Record<string, string>, name: string) => present(record[name], name);
  return {
    w,
    schools,
    types,
    token,
    id,
    viewAll: async (query = "", t = token()) => expectOk<ClassPage>(await w.api.call("GET", `/class/view-all?${query}`, { token: t })),
    add: (body: unknown, t = token()) => w.api.call("POST", "/class/add", { token: t, body }),
    update: (classId: string, body: unknown, t = token()) => w.api.call("PATCH", `/class/update/${classId}`, { token: t, body }),
    review: (body: unknown, t = token()) => w.api.call("POST", "/class/standard-set-review", { token: t, body }),
    addSet: (body: unknown, t = token()) => w.api.call("POST", "/class/add-standard-set", { token: t, body }),
    staffId: async (email: string) => (await staffRow(w.api, email)).id,
    classesAt: async (schoolId: string) => (await w.api.db.select().from(schoolClass).where(eq(schoolClass.schoolId, schoolId))).map((r) => r.name).sort(),
    pupilsOf: async (classId: string) => present((await w.api.db.select({ n: count() }).from(student).where(eq(student.classId, classId)))[0]).n,
    /** A JSS 1 class at Alimosho (arm A exists from the demo). */
    alimoshoClass: (overrides: Record<string, unknown> = {}) => ({
      schoolId: id(schools, ALIMOSHO),
      classTypeId: id(types, "JSS 1"),
      arm: "b",
      capacity: 35,
      ...overrides,
    }),
  };
}
