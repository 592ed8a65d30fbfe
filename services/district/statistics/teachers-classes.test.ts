import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassStatistics, TeacherStatistics } from "../../../lib/contract/statistics";
import type { AuthResult } from "../../../lib/contract/user";
import { school, schoolClass } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { statisticsCalls } from "./statistics-test-support";

/**
 * Teachers and classes (issue: statistics) for the seeded district: staff by posting, type and gender, the
 * pupil–teacher ratio and class arms against capacity, each equal to what the staff and admission register
 * downloads give when counted by hand.
 */
describe("GET /statistics/teachers and /statistics/classes: the figures agree with the registers", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let calls: ReturnType<typeof statisticsCalls>;
  const get = async <T>(who: AuthResult, path: string, q: Record<string, string> = {}) =>
    expectOk<T>(await api.call("GET", `${path}?${new URLSearchParams(q)}`, { token: who.authorizationToken }));

  beforeAll(async () => {
    api = await createTestApi();
    calls = statisticsCalls(api);
    admin1 = await api.loginAdmin(1);
  });
  afterAll(() => api.close());

  it("counts staff by school, type and gender as the staff register's download does, and the ratio from both registers", async () => {
    const figures = await get<TeacherStatistics>(admin1, "/statistics/teachers");
    const [staffRows, pupilRows] = await Promise.all([calls.sheet(admin1, "/staff/download"), calls.sheet(admin1, "/student/download")]);
    const teachingAt = (name: string, type: string, gender?: string) =>
      staffRows.filter((r) => r.School === name && r["Staff Type"] === type && (!gender || r.Gender === gender)).length;
    expect(figures.bySchool.length).toBeGreaterThan(0);
    for (const s of figures.bySchool) {
      expect(s.teaching, s.school).toEqual({
        male: teachingAt(s.school, "Teaching", "Male"),
        female: teachingAt(s.school, "Teaching", "Female"),
        total: teachingAt(s.school, "Teaching"),
      });
      expect(s.nonTeaching.total, s.school).toBe(teachingAt(s.school, "Non-Teaching"));
      const pupils = pupilRows.filter((p) => p.School === s.school).length;
      const teachers = teachingAt(s.school, "Teaching");
      expect(s.ratio).toEqual({
        pupils,
        teachers,
        value: teachers ? Math.round((pupils / teachers) * 10) / 10 : null,
        aboveThreshold: teachers ? pupils / teachers > figures.threshold : false,
      });
    }
    const all = figures.totals.teaching.total + figures.totals.nonTeaching.total;
    // The register lists everyone but whoever downloads it: the administrator, non-teaching at the district office, is the one more.
    expect(all).toBe(staffRows.length + 1);
    expect(figures.totals.teaching.total).toBe(staffRows.filter((r) => r["Staff Type"] === "Teaching").length);
    expect(figures.byLgea.find((l) => l.lgea === "District office")?.nonTeaching.total).toBe(
      staffRows.filter((r) => !r.School && r["Staff Type"] !== "Teaching").length + 1,
    );
    const byArea = figures.bySpecialisation.reduce((sum, a) => sum + a.teaching.total + a.nonTeaching.total, 0);
    expect(byArea).toBe(all);
    // The gender filter keeps that gender's staff; the ratio still counts every pupil and teacher.
    const women = await get<TeacherStatistics>(admin1, "/statistics/teachers", { gender: "Female" });
    for (const s of women.bySchool) {
      const female = teachingAt(s.school, "Teaching", "Female");
      expect(s.teaching, s.school).toEqual({ male: 0, female, total: female });
      expect(s.ratio, s.school).toEqual(figures.bySchool.find((x) => x.schoolId === s.schoolId)?.ratio);
    }
    expect(women.totals.teaching.total).toBe(staffRows.filter((r) => r["Staff Type"] === "Teaching" && r.Gender === "Female").length);
    // Schools above the threshold come first; the rest follow by ratio.
    const flags = figures.bySchool.map((s) => s.ratio.aboveThreshold);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  it("narrows teachers to an LGEA's schools and office, with its ratio", async () => {
    const atLgea = await workingAtAlimoshoLgea(api, admin1);
    const role = await expectOk<{ role: { id: string } }>(
      await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Teacher Statistics", operations: ["statistics.view"] } }),
      201,
    );
    const viewer = await workingAtAlimoshoLgea(api, admin1, role.role.id);
    expect(atLgea.staff.id).toBe(viewer.staff.id);
    const lgea = await get<TeacherStatistics>(viewer, "/statistics/teachers");
    expect(lgea.reach.level).toBe("lgea");
    expect(lgea.bySchool.every((s) => s.lgea === "Alimosho LGEA")).toBe(true);
    expect(lgea.byLgea.map((l) => l.lgea)).toEqual(["Alimosho LGEA"]);
    const district = await get<TeacherStatistics>(admin1, "/statistics/teachers");
    expect(lgea.byLgea[0]?.ratio).toEqual(district.byLgea.find((l) => l.lgea === "Alimosho LGEA")?.ratio);
  });

  it("lists class arms over capacity, most over first, with every arm of one school against its capacity", async () => {
    const [agege] = await api.db
      .select()
      .from(school)
      .where(and(eq(school.districtId, admin1.staff.district.id), eq(school.name, "Agege Senior Grammar School")));
    const [first] = await api.db
      .select()
      .from(schoolClass)
      .where(eq(schoolClass.schoolId, present(agege).id))
      .orderBy(schoolClass.name)
      .limit(1);
    await api.db
      .update(schoolClass)
      .set({ capacity: 1 })
      .where(eq(schoolClass.id, present(first).id));
    const figures = await get<ClassStatistics>(admin1, "/statistics/classes");
    const pupils = await calls.sheet(admin1, "/student/download");
    const inClass = (schoolName: string, className: string) => pupils.filter((p) => p.School === schoolName && p.Class === className).length;
    expect(figures.pupils).toBe(pupils.filter((p) => p.Class).length);
    expect(figures.overCapacity).toEqual([
      expect.objectContaining({
        className: present(first).name,
        capacity: 1,
        pupils: inClass(present(agege).name, present(first).name),
        over: inClass(present(agege).name, present(first).name) - 1,
      }),
    ]);
    expect(figures.byArm).toBeNull();
    const one = await get<ClassStatistics>(admin1, "/statistics/classes", { schoolId: present(agege).id });
    expect(one.byArm?.map((a) => [a.className, a.pupils])).toEqual(one.byArm?.map((a) => [a.className, inClass(present(agege).name, a.className)]));
    expect(one.byArm?.length).toBe(3);
    // A category without schools: nothing, and nothing over.
    expect(await get<ClassStatistics>(admin1, "/statistics/classes", { category: "Technical College" })).toMatchObject({
      arms: 0,
      seats: 0,
      pupils: 0,
      overCapacity: [],
    });
  });
});
