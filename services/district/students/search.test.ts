import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import {
  studentMessages,
  type EnrolmentStatus,
  type StudentListItem,
  type StudentSearchAnswer,
  type StudentSearchTotal,
  type StudentSummary,
} from "../../../lib/contract/students";
import type { AccountStatus, AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { classType, lgea, school, schoolClass, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, randomId, roleRow, staffRow } from "../../test/helpers";

type StudentRow = typeof student.$inferSelect;
type Query = Record<string, string>;

/** The register's order: last name, then first name (case ignored), then id. The test's names are plain letters and digits. */
const byName = (a: StudentRow, b: StudentRow) => {
  const key = (s: StudentRow) => [s.lastName.toLowerCase(), s.firstName.toLowerCase(), s.id];
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] ?? "") < (y[i] ?? "") ? -1 : 1;
  return 0;
};

describe("the admission register: GET /student/search, /student/search-total and /student/summary", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let d1: string;
  let d2: string;
  /** District 1's schools by name, with their classes. */
  const schools: Record<string, { id: string; classes: { id: string; name: string; level: string }[] }> = {};
  const AGEGE = "Agege Senior Grammar School";
  const ALIMOSHO = "Alimosho Junior High School";
  const IFAKO = "Ifako Community Primary School";

  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    d1 = admin1.staff.district.id;
    d2 = (await api.loginAdmin(2)).staff.district.id;
    for (const s of await api.db.select().from(school).where(eq(school.districtId, d1))) {
      const classes = await api.db
        .select({ id: schoolClass.id, name: schoolClass.name, level: classType.level })
        .from(schoolClass)
        .innerJoin(classType, eq(classType.id, schoolClass.classTypeId))
        .where(eq(schoolClass.schoolId, s.id))
        .orderBy(schoolClass.name);
      schools[s.name] = { id: s.id, classes };
    }
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
  afterAll(() => api.close());

  const search = (q: Query, token = admin1.authorizationToken) => api.call("GET", `/student/search?${new URLSearchParams(q)}`, { token });
  const page = async (q: Query, token?: string) => (await expectOk<StudentSearchAnswer>(await search(q, token))).foundStudents;
  const total = async (q: Query, token = admin1.authorizationToken) =>
    (await expectOk<StudentSearchTotal>(await api.call("GET", `/student/search-total?${new URLSearchParams(q)}`, { token }))).total;
  const summary = async (token = admin1.authorizationToken, q: Query = {}) =>
    expectOk<StudentSummary>(await api.call("GET", `/student/summary?${new URLSearchParams(q)}`, { token }));
  const ids = (list: { id: string }[]) => list.map((s) => s.id);
  /** District 1's pupils as stored, in the register's order, that pass `keep`. */
  const stored = async (keep: (s: StudentRow) => boolean) => (await api.db.select().from(student).where(eq(student.districtId, d1))).filter(keep).sort(byName);
  const ours = (s: StudentRow) => s.lastName.startsWith("Register");
  const schoolId = (name: string) => present(schools[name]).id;

  it("lists the district's Enrolled pupils by last and first name, 50 to a page, with the register's columns", async () => {
    const enrolled = await stored((s) => s.enrolmentStatus === "Enrolled");
    const first = await page({});
    expect(ids(first)).toEqual(ids(enrolled.slice(0, 50)));
    expect(await total({})).toBe(enrolled.length);
    expect(await page({ "district[0]": d1 })).toEqual(first);
    const answer = await expectOk<StudentSearchAnswer>(await search({ limit: "5", page: "3" }));
    expect(answer).toMatchObject({ page: 3, limit: 5 });
    expect(ids(answer.foundStudents)).toEqual(ids(enrolled.slice(10, 15)));
    expect(ids(await page({ limit: "1000" }))).toEqual(ids(enrolled));
    expect(await page({ page: "1000" })).toEqual([]);

    const [kunle] = await page({ searchTerm: "Kunle00" });
    const row = present((await stored((s) => s.firstName === "Kunle00"))[0]);
    expect(kunle).toEqual<StudentListItem>({
      id: row.id,
      admissionNumber: "REG/2015/00000",
      firstName: "Kunle00",
      lastName: "Registerova",
      middleName: "Olamide",
      gender: "Male",
      dob: "2012-01-10",
      dateOfAdmission: "2015-09-10",
      school: { id: schoolId(AGEGE), name: AGEGE },
      class: { id: present(row.classId), name: present(present(schools[AGEGE]).classes[0]).name },
      localGovernmentOfResidence: "Ikeja",
      enrolmentStatus: "Enrolled",
      accountStatus: "Active",
    });
    // A pupil without a class shows none.
    expect((await page({ searchTerm: "Kunle04", enrolmentStatus: "all" }))[0]?.class).toBeNull();
  });

  it("applies every filter, alone and together, and counts what it selects", async () => {
    const { id: ifakoClass } = present(present(schools[IFAKO]).classes[2]);
    const cases: [Query, (s: StudentRow) => boolean][] = [
      [{ enrolmentStatus: "Withdrawn" }, (s) => s.enrolmentStatus === "Withdrawn"],
      [{ enrolmentStatus: "all" }, () => true],
      [{ startDate: "2018-01-01" }, (s) => s.enrolmentStatus === "Enrolled" && s.dateOfAdmission >= "2018-01-01"],
      [{ endDate: "2017-09-12" }, (s) => s.enrolmentStatus === "Enrolled" && s.dateOfAdmission <= "2017-09-12"],
      [
        { startDate: "2016-09-11", endDate: "2019-09-13", enrolmentStatus: "all" },
        (s) => s.dateOfAdmission >= "2016-09-11" && s.dateOfAdmission <= "2019-09-13",
      ],
      [{ stateOfResidence: "Ogun", enrolmentStatus: "all" }, (s) => s.stateOfResidence === "Ogun"],
      [{ localGovernmentOfResidence: "Agege" }, (s) => s.enrolmentStatus === "Enrolled" && s.localGovernmentOfResidence === "Agege"],
      [{ stateOfOrigin: "Oyo" }, (s) => s.enrolmentStatus === "Enrolled" && s.stateOfOrigin === "Oyo"],
      [{ localGovernmentOfOrigin: "Abeokuta North", enrolmentStatus: "all" }, (s) => s.localGovernmentOfOrigin === "Abeokuta North"],
      [{ accountStatus: "Suspended", enrolmentStatus: "all" }, (s) => s.accountStatus === "Suspended"],
      [{ school: schoolId(ALIMOSHO) }, (s) => s.enrolmentStatus === "Enrolled" && s.schoolId === schoolId(ALIMOSHO)],
      [{ class: ifakoClass, enrolmentStatus: "all" }, (s) => s.classId === ifakoClass],
      [{ gender: "Male" }, (s) => s.enrolmentStatus === "Enrolled" && s.gender === "Male"],
      [
        { gender: "Female", school: schoolId(IFAKO), stateOfResidence: "Lagos", localGovernmentOfResidence: "Ikeja", accountStatus: "Active" },
        (s) =>
          s.enrolmentStatus === "Enrolled" &&
          s.gender === "Female" &&
          s.schoolId === schoolId(IFAKO) &&
          s.localGovernmentOfResidence === "Ikeja" &&
          s.accountStatus === "Active",
      ],
      // Empty filters are no filters.
      [{ school: "", class: "", gender: "", accountStatus: "", startDate: "", endDate: "", stateOfOrigin: "" }, (s) => s.enrolmentStatus === "Enrolled"],
      // The place filters compare as the reference lists name places: another spelling is another place.
      [{ localGovernmentOfResidence: "ikeja" }, () => false],
    ];
    for (const [q, keep] of cases) {
      const expected = await stored(keep);
      const label = JSON.stringify(q);
      expect(ids(await page({ ...q, limit: "1000" })), label).toEqual(ids(expected));
      expect(await total(q), label).toBe(expected.length);
    }
    // A school or class of another district selects nobody.
    const [other] = await api.db.select().from(school).where(eq(school.districtId, d2)).limit(1);
    expect(await page({ school: present(other).id, enrolmentStatus: "all" })).toEqual([]);
    expect(await total({ class: randomId() })).toBe(0);
  });

  it("finds by first and last name, 'first last', middle name and admission number, ignoring case and extra spaces", async () => {
    const term = async (searchTerm: string, q: Query = {}) => (await page({ searchTerm, enrolmentStatus: "all", limit: "1000", ...q })).map((s) => s.firstName);
    expect(await term("KUNLE07")).toEqual(["Kunle07"]);
    expect(await term("  kunle07   registerska ")).toEqual(["Kunle07"]);
    expect(await term("registerova")).toEqual((await stored((s) => s.lastName === "Registerova")).map((s) => s.firstName));
    expect(await term("olamide")).toEqual((await stored((s) => s.middleName === "Olamide")).map((s) => s.firstName));
    expect(await term("reg/2019/00004")).toEqual(["Kunle04"]);
    expect(await term("/2019/")).toEqual((await stored((s) => s.admissionNumber.includes("/2019/"))).map((s) => s.firstName));
    // Together with the other filters, and counted the same way.
    const males = await stored((s) => ours(s) && s.gender === "Male" && s.enrolmentStatus === "Enrolled");
    expect(await term("register", { gender: "Male", enrolmentStatus: "Enrolled" })).toEqual(males.map((s) => s.firstName));
    expect(await total({ searchTerm: "register", gender: "Male" })).toBe(males.length);
    expect(await total({ searchTerm: "register", enrolmentStatus: "all" })).toBe(60);
    // Pages of a text search, in name order.
    const everyOne = await stored(ours);
    expect(ids(await page({ searchTerm: "register", enrolmentStatus: "all", limit: "7", page: "3" }))).toEqual(ids(everyOne.slice(14, 21)));
    // A name is not matched across two fields, LIKE's wildcards are taken literally, and another district's pupils are not found.
    expect(await term("olamide reg")).toEqual([]);
    expect(await term("%")).toEqual([]);
    expect(await term("_")).toEqual([]);
    const [theirs] = await api.db.select().from(student).where(eq(student.districtId, d2)).limit(1);
    expect(await term(present(theirs).admissionNumber)).toEqual([]);
  });

  it("counts the students area's Enrolled pupils by school, class level (no class last) and gender", async () => {
    const enrolled = await stored((s) => s.enrolmentStatus === "Enrolled");
    const counted = await summary();
    expect(counted.total).toBe(enrolled.length);
    expect(counted.bySchool).toEqual(
      [AGEGE, ALIMOSHO, IFAKO].map((name) => ({ id: schoolId(name), name, count: enrolled.filter((s) => s.schoolId === schoolId(name)).length })),
    );
    const levelOf = new Map(Object.values(schools).flatMap((s) => s.classes.map((c) => [c.id, c.level] as const)));
    const levels = ["Primary", "Junior Secondary", "Senior Secondary", "No class"];
    expect(counted.byLevel).toEqual(
      levels.map((level) => ({ level, count: enrolled.filter((s) => (s.classId ? levelOf.get(s.classId) : "No class") === level).length })),
    );
    expect(counted.byGender).toEqual(["Female", "Male"].map((gender) => ({ gender, count: enrolled.filter((s) => s.gender === gender).length })));
    expect(await summary(admin1.authorizationToken, { "district[0]": d1 })).toEqual(counted);
  });

  it("answers 400 to a bad filter, limit or page", async () => {
    for (const limit of ["0", "1001", "abc"]) {
      const error = await expectError(await search({ limit }), 400, formInvalidMessage);
      expect(error.issues, limit).toEqual([{ path: "limit", message: studentMessages.limitRange }]);
    }
    const pageError = await expectError(await search({ page: "0" }), 400, formInvalidMessage);
    expect(pageError.issues).toEqual([{ path: "page", message: studentMessages.pageRange }]);
    const dates = await expectError(await search({ startDate: "2020-01-01", endDate: "2019-01-01" }), 400, formInvalidMessage);
    expect(dates.issues).toEqual([{ path: "endDate", message: studentMessages.startAfterEnd }]);
    const totalDates = await expectError(
      await api.call("GET", "/student/search-total?startDate=2020-01-01&endDate=2019-01-01", { token: admin1.authorizationToken }),
      400,
      formInvalidMessage,
    );
    expect(totalDates.issues).toEqual([{ path: "endDate", message: studentMessages.startAfterEnd }]);
    await expectError(await search({ enrolmentStatus: "Expelled" }), 400, formInvalidMessage);
    await expectError(await search({ accountStatus: "Retired" }), 400, formInvalidMessage);
    await expectError(await search({ class: "not-an-id" }), 400, formInvalidMessage);
    await expectError(await search({ startDate: "01/02/2020" }), 400, formInvalidMessage);
  });

  it("answers 401 without a token, 403 without student.view, 404 for another district; a super administrator reads any district", async () => {
    await expectError(await api.call("GET", "/student/search"), 401, authMessages.notSignedIn);
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    for (const path of ["/student/search", "/student/search-total", "/student/summary"]) {
      await expectError(await api.call("GET", path, { token: teacher.authorizationToken }), 403, authMessages.forbidden);
      await expectError(await api.call("GET", `${path}?district[0]=${d2}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
      await expectError(await api.call("GET", `${path}?district[0]=${randomId()}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
    }
    // The School Supervisor role holds student.view (and not student.download).
    const supervisor = await api.login("babatunde.adeyemi@example.org", demoPasswords.staff);
    expect(supervisor.permissions).toContain("student.view");
    expect(await total({}, supervisor.authorizationToken)).toBe(await total({}));

    const superAdmin = await api.loginSuperAdmin();
    const theirs = (await api.db.select().from(student).where(eq(student.districtId, d2))).filter((s) => s.enrolmentStatus === "Enrolled");
    expect(await total({ "district[0]": d2 }, superAdmin.authorizationToken)).toBe(theirs.length);
    const found = await page({ "district[0]": d2, limit: "1000" }, superAdmin.authorizationToken);
    expect(ids(found).sort()).toEqual(ids(theirs).sort());
    expect((await summary(superAdmin.authorizationToken, { "district[0]": d2 })).total).toBe(theirs.length);
    // Without district[0], the district the super administrator works in.
    expect(await total({}, superAdmin.authorizationToken)).toBe(
      (await api.db.select().from(student).where(eq(student.districtId, superAdmin.staff.district.id))).filter((s) => s.enrolmentStatus === "Enrolled").length,
    );
  });

  describe("an LGEA administrator", () => {
    let lgeaToken: string;
    beforeAll(async () => {
      // Funmilayo Ogunleye given the district's LGEA Administrator role at the Alimosho LGEA, working there.
      const [alimosho] = await api.db
        .select()
        .from(lgea)
        .where(and(eq(lgea.districtId, d1), eq(lgea.localGovernment, "Alimosho")));
      const lgeaAdmin = await roleRow(api, d1, "LGEA Administrator");
      const person = (await staffRow(api, "funmilayo.ogunleye@example.org")).id;
      const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
        await api.call("POST", "/role/assign", {
          token: admin1.authorizationToken,
          body: { staffId: person, roleId: lgeaAdmin.id, organizationId: present(alimosho).id },
        }),
        201,
      );
      const signedIn = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
      const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken }));
      expect(switched.currentOrganization).toMatchObject({ id: present(alimosho).id, type: "LGEA" });
      lgeaToken = switched.authorizationToken;
    });

    it("sees only the pupils of the LGEA's schools: in the register, its total, a text search and the summary", async () => {
      const alimosho = schoolId(ALIMOSHO);
      const theirs = await stored((s) => s.schoolId === alimosho && s.enrolmentStatus === "Enrolled");
      expect(theirs.length).toBeGreaterThan(0);
      expect(ids(await page({ limit: "1000" }, lgeaToken))).toEqual(ids(theirs));
      expect(await total({}, lgeaToken)).toBe(theirs.length);
      expect(await total({ "district[0]": d1 }, lgeaToken)).toBe(theirs.length);
      const ourOwn = await stored((s) => ours(s) && s.schoolId === alimosho);
      expect(ids(await page({ searchTerm: "register", enrolmentStatus: "all", limit: "1000" }, lgeaToken))).toEqual(ids(ourOwn));
      // Another LGEA's school, or its pupil's admission number, finds nobody.
      expect(await page({ school: schoolId(AGEGE) }, lgeaToken)).toEqual([]);
      expect(await total({ school: schoolId(AGEGE) }, lgeaToken)).toBe(0);
      const agegePupil = present((await stored((s) => ours(s) && s.schoolId === schoolId(AGEGE)))[0]);
      expect(await page({ searchTerm: agegePupil.admissionNumber, enrolmentStatus: "all" }, lgeaToken)).toEqual([]);

      const counted = await summary(lgeaToken);
      expect(counted.total).toBe(theirs.length);
      expect(counted.bySchool).toEqual([{ id: alimosho, name: ALIMOSHO, count: theirs.length }]);
      expect(counted.byLevel.reduce((sum, l) => sum + l.count, 0)).toBe(theirs.length);
      expect(counted.byLevel.map((l) => l.level)).toEqual(["Junior Secondary", "No class"]);
      await expectError(await api.call("GET", `/student/search?district[0]=${d2}`, { token: lgeaToken }), 404, authMessages.notFound);
    });
  });
});
