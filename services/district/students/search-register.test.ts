import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formInvalidMessage } from "../../../lib/contract/messages";
import { studentMessages, type StudentListItem, type StudentSearchAnswer } from "../../../lib/contract/students";
import { school, student } from "../../db/schema";
import { expectError, expectOk, present, randomId } from "../../test/helpers";
import { AGEGE, ALIMOSHO, IFAKO, searchTest, type Query, type StudentRow } from "./search-test-support";

describe("the admission register: GET /student/search, /student/search-total and /student/summary", () => {
  const { w, search, page, total, summary, ids, stored, ours, schoolId } = searchTest();

  it("lists the district's Enrolled pupils by last and first name, 50 to a page, with the register's columns", async () => {
    const enrolled = await stored((s) => s.enrolmentStatus === "Enrolled");
    const first = await page({});
    expect(ids(first)).toEqual(ids(enrolled.slice(0, 50)));
    expect(await total({})).toBe(enrolled.length);
    expect(await page({ "district[0]": w.d1 })).toEqual(first);
    const answer = await expectOk<StudentSearchAnswer>(await search({ limit: "5", page: "3" }));
    expect(answer).toMatchObject({ page: 3, limit: 5 });
    expect(ids(answer.foundStudents)).toEqual(ids(enrolled.slice(10, 15)));
    expect(ids(await page({ limit: "1000" }))).toEqual(ids(enrolled));
    // Past the last pupil, within the depth a list may be paged to (MAX_PAGED_ROWS).
    expect(await page({ page: "200" })).toEqual([]);

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
      class: { id: present(row.classId), name: present(present(w.schools[AGEGE]).classes[0]).name },
      localGovernmentOfResidence: "Ikeja",
      enrolmentStatus: "Enrolled",
      accountStatus: "Active",
    });
    // A pupil without a class shows none.
    expect((await page({ searchTerm: "Kunle04", enrolmentStatus: "all" }))[0]?.class).toBeNull();
  });

  it("applies every filter, alone and together, and counts what it selects", async () => {
    const { id: ifakoClass } = present(present(w.schools[IFAKO]).classes[2]);
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
    const [other] = await w.api.db.select().from(school).where(eq(school.districtId, w.d2)).limit(1);
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
    const [theirs] = await w.api.db.select().from(student).where(eq(student.districtId, w.d2)).limit(1);
    expect(await term(present(theirs).admissionNumber)).toEqual([]);
  });

  it("counts the students area's Enrolled pupils by school, class level (no class last) and gender", async () => {
    const enrolled = await stored((s) => s.enrolmentStatus === "Enrolled");
    const counted = await summary();
    expect(counted.total).toBe(enrolled.length);
    expect(counted.bySchool).toEqual(
      [AGEGE, ALIMOSHO, IFAKO].map((name) => ({ id: schoolId(name), name, count: enrolled.filter((s) => s.schoolId === schoolId(name)).length })),
    );
    const levelOf = new Map(Object.values(w.schools).flatMap((s) => s.classes.map((c) => [c.id, c.level] as const)));
    const levels = ["Primary", "Junior Secondary", "Senior Secondary", "No class"];
    expect(counted.byLevel).toEqual(
      levels.map((level) => ({ level, count: enrolled.filter((s) => (s.classId ? levelOf.get(s.classId) : "No class") === level).length })),
    );
    expect(counted.byGender).toEqual(["Female", "Male"].map((gender) => ({ gender, count: enrolled.filter((s) => s.gender === gender).length })));
    expect(await summary(w.admin1.authorizationToken, { "district[0]": w.d1 })).toEqual(counted);
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
      await w.api.call("GET", "/student/search-total?startDate=2020-01-01&endDate=2019-01-01", { token: w.admin1.authorizationToken }),
      400,
      formInvalidMessage,
    );
    expect(totalDates.issues).toEqual([{ path: "endDate", message: studentMessages.startAfterEnd }]);
    await expectError(await search({ enrolmentStatus: "Expelled" }), 400, formInvalidMessage);
    await expectError(await search({ accountStatus: "Retired" }), 400, formInvalidMessage);
    await expectError(await search({ class: "not-an-id" }), 400, formInvalidMessage);
    // Day/month/year is read as the forms read it (issue 34); an eight-digit run could be either order.
    await expectError(await search({ startDate: "20200201" }), 400, formInvalidMessage);
    expect((await search({ startDate: "01/02/2020" })).status).toBe(200);
  });
});
