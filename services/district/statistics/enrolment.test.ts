import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnrolmentStatistics } from "../../../lib/contract/statistics";
import type { AuthResult } from "../../../lib/contract/user";
import { school, schoolClass, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { present } from "../../test/helpers";
import { statisticsCalls } from "./statistics-test-support";

const count = (r: { male: number; female: number; total: number }) => ({ male: r.male, female: r.female, total: r.total });

/**
 * Enrolment (issue: statistics) for the seeded district: every figure of GET /statistics/enrolment equals the
 * one counted by hand from the admission register's and the school list's downloads.
 */
describe("GET /statistics/enrolment: the figures agree with the registers", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let calls: ReturnType<typeof statisticsCalls>;
  let figures: EnrolmentStatistics;

  beforeAll(async () => {
    api = await createTestApi();
    calls = statisticsCalls(api);
    admin1 = await api.loginAdmin(1);
    // An uneven school, so the parity index has something to flag: four more girls at the Agege school, one of
    // them without a class, and a pupil who has left (not counted).
    const d1 = admin1.staff.district.id;
    const [agege] = await api.db.select().from(school).where(eq(school.name, "Agege Senior Grammar School"));
    const [klass] = await api.db
      .select()
      .from(schoolClass)
      .where(eq(schoolClass.schoolId, present(agege).id))
      .orderBy(schoolClass.name)
      .limit(1);
    const pupil = (n: number, extra: Partial<typeof student.$inferInsert> = {}) => ({
      districtId: d1,
      schoolId: present(agege).id,
      classId: present(klass).id,
      firstName: "Zainab",
      lastName: `Statistics${n}`,
      gender: "Female",
      admissionNumber: `STAT/${n}`,
      dateOfAdmission: "2024-09-16",
      ...extra,
    });
    await api.db
      .insert(student)
      .values([pupil(1), pupil(2), pupil(3), pupil(4, { classId: null }), pupil(5, { gender: "Male", enrolmentStatus: "Withdrawn" })]);
    figures = await calls.enrolment(admin1);
  });
  afterAll(() => api.close());

  it("counts pupils by school, LGEA and class exactly as the register downloads do, with totals that add up", async () => {
    const registers = await calls.fromRegisters(admin1);
    expect(figures.totals.total).toBe(registers.total);
    expect(figures.totals.total).toBe(48 + 4);
    expect(figures.totals).toEqual({ male: 24, female: 28, total: 52 });
    expect(new Map(figures.bySchool.map((s) => [s.school, count(s)]))).toEqual(registers.bySchool);
    expect(new Map(figures.byLgea.map((l) => [l.lgea, count(l)]))).toEqual(registers.byLgea);
    // Each school's class arms, asked one school at a time, as the register's Class column has them.
    const arms = new Map<string, { male: number; female: number; total: number }>();
    for (const s of figures.bySchool) {
      const one = await calls.enrolment(admin1, { schoolId: s.schoolId });
      for (const a of one.byArm ?? []) if (a.total > 0) arms.set(`${a.school} — ${a.className}`, count(a));
      // Every arm of the school is listed, with no pupils if it has none, and they add up to the school.
      expect(one.byArm?.reduce((sum, a) => sum + a.total, 0)).toBe(s.total);
    }
    expect(arms).toEqual(registers.byClass);
    // The class types and levels add up to the same total.
    expect(figures.byClassType.reduce((sum, t) => sum + t.total, 0)).toBe(52);
    expect(figures.byLevel.reduce((sum, l) => sum + l.total, 0)).toBe(52);
    expect(figures.byClassType.at(-1)).toMatchObject({ classType: "No class", level: null, female: 1, male: 0 });
    // Arms are listed only for one school at a time.
    expect(figures.byArm).toBeNull();
  });

  it("gives the gender parity index per LGEA and level, flagging it outside 0.97–1.03", async () => {
    const agege = present(figures.byLgea.find((l) => l.lgea === "Agege LGEA"));
    // 6 boys, 6 + 4 girls.
    expect(agege).toMatchObject({ male: 6, female: 10, parity: { value: 1.67, flagged: true } });
    const others = figures.byLgea.filter((l) => l.lgea !== "Agege LGEA");
    for (const l of others) expect(l.parity).toEqual({ value: 1, flagged: false });
    const senior = present(figures.byLevel.find((l) => l.level === "Senior Secondary"));
    expect(senior.parity).toEqual({ value: Math.round((senior.female / senior.male) * 100) / 100, flagged: true });
  });

  it("never divides by zero: with no boys the index is not computable and not flagged", async () => {
    const girls = await calls.enrolment(admin1, { gender: "Female" });
    expect(girls.totals).toEqual({ male: 0, female: 28, total: 28 });
    for (const l of [...girls.byLgea, ...girls.byLevel]) expect(l.parity).toEqual({ value: null, flagged: false });
  });

  it("says which session, reach and moment the figures were computed for", () => {
    expect(figures.session).toMatch(/^\d{4}\/\d{4}$/);
    expect(figures.reach).toEqual({ level: "district", name: admin1.staff.district.name });
    expect(Date.now() - Date.parse(figures.computedAt)).toBeLessThan(60_000);
  });
});
