import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { levelsOfCategory } from "../../../lib/contract/classes-values";
import type { DistrictConfiguration } from "../../../lib/contract/configuration";
import type { SchoolCategory } from "../../../lib/contract/schools-values";
import type { ClassStatistics, TeacherStatistics } from "../../../lib/contract/statistics";
import type { AuthResult } from "../../../lib/contract/user";
import { school, schoolClass, staff } from "../../db/schema";
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
    // By area of specialisation too: each area's women teachers as the register lists them, and the areas add up to
    // the women counted (the register leaves out the administrator downloading it, so the total is checked against the figures).
    const womenTeaching = (area: string) =>
      staffRows.filter((r) => r.Gender === "Female" && r["Staff Type"] === "Teaching" && (r["Area of Specialization"]?.trim() || "Not recorded") === area)
        .length;
    for (const a of women.bySpecialisation) expect(a.teaching, a.area).toEqual({ male: 0, female: womenTeaching(a.area), total: womenTeaching(a.area) });
    expect(women.bySpecialisation.reduce((sum, a) => sum + a.teaching.total + a.nonTeaching.total, 0)).toBe(
      women.totals.teaching.total + women.totals.nonTeaching.total,
    );
    // The level filter keeps the schools teaching at that level (by their category) and the staff posted there,
    // not the offices' staff, as the retirements do; the ratio still counts every pupil and teacher of the school.
    const schoolRows = await calls.sheet(admin1, "/school/download");
    const primary = new Set(schoolRows.filter((s) => levelsOfCategory[s.Category as SchoolCategory]?.includes("Primary")).map((s) => s.Name));
    const atPrimary = await get<TeacherStatistics>(admin1, "/statistics/teachers", { level: "Primary" });
    expect(atPrimary.bySchool.map((s) => s.school).sort()).toEqual([...primary].sort());
    for (const s of atPrimary.bySchool) expect(s.ratio, s.school).toEqual(figures.bySchool.find((x) => x.schoolId === s.schoolId)?.ratio);
    expect(atPrimary.totals.teaching.total + atPrimary.totals.nonTeaching.total).toBe(staffRows.filter((r) => primary.has(r.School ?? "")).length);
    expect(atPrimary.byLgea.some((l) => l.lgea === "District office")).toBe(false);
    // Schools above the threshold come first; the rest follow by ratio.
    const flags = figures.bySchool.map((s) => s.ratio.aboveThreshold);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  it("lists first the schools above the district's own threshold: changing it in the configuration changes which", async () => {
    // The demo's schools have few pupils per teacher: one school keeps a single teacher (the others count as
    // non-teaching for this test), so its ratio is its pupils, within the threshold's bounds of 10 to 100.
    const seeded = await get<TeacherStatistics>(admin1, "/statistics/teachers");
    const busiest = seeded.bySchool
      .filter((s) => s.ratio.teachers > 0 && s.ratio.pupils > 10 && s.ratio.pupils <= 100)
      .sort((a, b) => b.ratio.pupils - a.ratio.pupils)[0];
    if (!busiest) throw new Error("no demo school has from 11 to 100 pupils and a teacher");
    const [kept, ...others] = await api.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.schoolId, busiest.schoolId), eq(staff.staffType, "Teaching")))
      .orderBy(staff.id);
    expect(kept).toBeDefined();
    if (others.length)
      await api.db
        .update(staff)
        .set({ staffType: "Non-Teaching" })
        .where(
          inArray(
            staff.id,
            others.map((o) => o.id),
          ),
        );
    const before = await get<TeacherStatistics>(admin1, "/statistics/teachers");
    expect(before.bySchool.find((s) => s.schoolId === busiest.schoolId)?.ratio).toMatchObject({ teachers: 1, value: busiest.ratio.pupils });
    expect(before.threshold).toBe(40);
    const ratios = before.bySchool.map((s) => s.ratio.value).filter((v): v is number => v !== null);
    const aboveAt = (t: number) =>
      before.bySchool
        .filter((s) => s.ratio.value !== null && s.ratio.value > t)
        .map((s) => s.schoolId)
        .sort();
    // A threshold within the configuration's bounds that puts a different set of schools first than 40 does.
    const threshold = [...ratios.map((v) => Math.ceil(v) - 1), 10, 100]
      .map((t) => Math.min(100, Math.max(10, t)))
      .find((t) => t !== 40 && aboveAt(t).join() !== aboveAt(40).join());
    if (threshold === undefined) throw new Error("the seeded ratios give no other threshold a different order");

    const setThreshold = async (pupilTeacherThreshold: number) => {
      const { configuration } = await get<{ configuration: DistrictConfiguration }>(admin1, "/district-configuration/get");
      const { districtId: _d, ...body } = configuration;
      await expectOk(await api.call("PATCH", "/district-configuration/update", { token: admin1.authorizationToken, body: { ...body, pupilTeacherThreshold } }));
    };
    await setThreshold(threshold);
    try {
      const after = await get<TeacherStatistics>(admin1, "/statistics/teachers");
      expect(after.threshold).toBe(threshold);
      const first = (figures: TeacherStatistics) =>
        figures.bySchool
          .filter((s) => s.ratio.aboveThreshold)
          .map((s) => s.schoolId)
          .sort();
      expect(first(before)).toEqual(aboveAt(40));
      expect(first(after)).toEqual(aboveAt(threshold));
      expect(first(after)).not.toEqual(first(before));
      // Those schools lead the list, the rest follow; the counts and ratios themselves are unchanged.
      const leading = after.bySchool.slice(0, first(after).length).map((s) => s.schoolId);
      expect(leading.sort()).toEqual(first(after));
      expect(after.bySchool.map((s) => [s.schoolId, s.ratio.value]).sort()).toEqual(before.bySchool.map((s) => [s.schoolId, s.ratio.value]).sort());
      // The trends and the download flag by the same threshold.
      expect((await get<{ threshold: number }>(admin1, "/statistics/trends")).threshold).toBe(threshold);
    } finally {
      await setThreshold(40);
      if (others.length)
        await api.db
          .update(staff)
          .set({ staffType: "Teaching" })
          .where(
            inArray(
              staff.id,
              others.map((o) => o.id),
            ),
          );
    }
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
