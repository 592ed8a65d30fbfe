import { and, asc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { levelsOfCategory } from "../../../lib/contract/classes-values";
import type { SchoolCategory } from "../../../lib/contract/schools-values";
import { NO_SPECIALISATION, retirementDate, type RetirementStatistics } from "../../../lib/contract/statistics";
import type { AuthResult } from "../../../lib/contract/user";
import { staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { statisticsCalls } from "./statistics-test-support";

type Counts = { past: number; byYear: number[]; total: number };
const zero = (): Counts => ({ past: 0, byYear: [0, 0, 0, 0, 0], total: 0 });

/**
 * Retirements (issue: statistics): for the seeded district with dates of birth and first appointment spread so
 * that staff reach their point in the past, in each of the next five years and later, and some dates missing,
 * the figures equal what the staff register's download gives when counted by hand with the statutory rules.
 */
describe("GET /statistics/retirements: the figures agree with the staff register", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let calls: ReturnType<typeof statisticsCalls>;
  const get = async (who: AuthResult, q: Record<string, string> = {}) =>
    expectOk<RetirementStatistics>(await api.call("GET", `/statistics/retirements?${new URLSearchParams(q)}`, { token: who.authorizationToken }));

  beforeAll(async () => {
    api = await createTestApi();
    calls = statisticsCalls(api);
    admin1 = await api.loginAdmin(1);
    const districtId = admin1.staff.district.id;
    const year = new Date().getUTCFullYear();
    const everyone = await api.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.districtId, districtId), ne(staff.id, admin1.staff.id)))
      .orderBy(asc(staff.id));
    for (const [i, s] of everyone.entries()) {
      await api.db
        .update(staff)
        .set({
          dob: i % 7 === 0 ? null : `${year - 66 + (i % 8)}-06-15`,
          dateOfFirstAppointment: i % 7 === 1 ? null : `${year - 30 - (i % 5)}-01-10`,
        })
        .where(eq(staff.id, s.id));
    }
    // The spread above depends on how many staff the district has and in what order their ids fall, and on the day
    // of the year (a June birthday is past from mid-June), so two teachers are placed for certain: one past the
    // point (born 70 years ago) and one reaching 65 next year; both dates present.
    const [veteran, nextYear] = await api.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.districtId, districtId), ne(staff.id, admin1.staff.id), eq(staff.staffType, "Teaching")))
      .orderBy(asc(staff.lastName), asc(staff.id))
      .limit(2);
    if (!veteran || !nextYear) throw new Error("the demo district has fewer than two teachers");
    await api.db
      .update(staff)
      .set({ dob: `${year - 70}-06-15`, dateOfFirstAppointment: `${year - 45}-01-10` })
      .where(eq(staff.id, veteran.id));
    await api.db
      .update(staff)
      .set({ dob: `${year - 64}-06-15`, dateOfFirstAppointment: `${year - 30}-01-10` })
      .where(eq(staff.id, nextYear.id));
    // The administrator (who does not see themselves in the download) is far from retiring.
    await api.db.update(staff).set({ dob: "1995-03-01", dateOfFirstAppointment: "2020-01-06" }).where(eq(staff.id, admin1.staff.id));
  });
  afterAll(() => api.close());

  it("counts by year, type and area of specialisation as the staff download does, and lists the staff missing a date", async () => {
    const figures = await get(admin1);
    expect(figures.rules).toEqual({ teaching: { age: 65, serviceYears: 40 }, nonTeaching: { age: 60, serviceYears: 35 } });
    const first = new Date().getUTCFullYear();
    expect(figures.years).toEqual([first, first + 1, first + 2, first + 3, first + 4]);
    const today = new Date().toISOString().slice(0, 10);

    const rows = await calls.sheet(admin1, "/staff/download");
    const expected = { Teaching: zero(), "Non-Teaching": zero() };
    const byArea = new Map<string, Counts>();
    const missing: string[] = [];
    for (const r of rows) {
      const type = r["Staff Type"] === "Teaching" ? "Teaching" : "Non-Teaching";
      const rule = type === "Teaching" ? figures.rules.teaching : figures.rules.nonTeaching;
      const due = retirementDate(r["Date of Birth"] || null, r["Date of First Appointment"] || null, rule);
      if (!due) {
        missing.push(`${r["Last Name"]}, ${r["First Name"]}`);
        continue;
      }
      const year = Number(due.slice(0, 4));
      if (due >= today && year >= first + 5) continue;
      const key = `${r["Area of Specialization"]?.trim() || NO_SPECIALISATION}|${type}`;
      const area = byArea.get(key) ?? zero();
      for (const into of [expected[type], area]) {
        if (due < today) into.past++;
        else into.byYear[year - first] = (into.byYear[year - first] ?? 0) + 1;
        into.total++;
      }
      byArea.set(key, area);
    }
    expect(figures.totals.teaching).toEqual(expected.Teaching);
    expect(figures.totals.nonTeaching).toEqual(expected["Non-Teaching"]);
    expect(figures.totals.teaching.past + figures.totals.nonTeaching.past).toBeGreaterThan(0);
    expect(figures.totals.teaching.byYear.some((n) => n > 0)).toBe(true);
    expect(new Map(figures.bySpecialisation.map((a) => [`${a.area}|${a.staffType}`, { past: a.past, byYear: a.byYear, total: a.total }]))).toEqual(byArea);
    // The LGEA rows add up to the totals, teaching and non-teaching apart.
    for (const type of ["Teaching", "Non-Teaching"] as const) {
      const sum = figures.byLgea.filter((l) => l.staffType === type).reduce((n, l) => n + l.total, 0);
      expect(sum).toBe(expected[type].total);
    }
    expect(figures.notCountedTotal).toBe(missing.length);
    expect(missing.length).toBeGreaterThan(0);
    expect(figures.notCounted.map((s) => s.name).sort()).toEqual([...missing].sort());
    for (const s of figures.notCounted) expect(s.missing.length).toBeGreaterThan(0);
  });

  it("applies the level filter by the level of the school each is posted to, leaving the offices out", async () => {
    const [all, junior, rows, schools] = await Promise.all([
      get(admin1),
      get(admin1, { level: "Junior Secondary" }),
      calls.sheet(admin1, "/staff/download"),
      calls.sheet(admin1, "/school/download"),
    ]);
    // A school teaches at the levels of its category (a primary school may have a nursery section).
    const juniorSchools = new Set(schools.filter((s) => levelsOfCategory[s.Category as SchoolCategory]?.includes("Junior Secondary")).map((s) => s.Name));
    expect(juniorSchools.size).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date().getUTCFullYear();
    let counted = 0;
    let missing = 0;
    for (const r of rows.filter((row) => juniorSchools.has(row.School ?? ""))) {
      const rule = r["Staff Type"] === "Teaching" ? junior.rules.teaching : junior.rules.nonTeaching;
      const due = retirementDate(r["Date of Birth"] || null, r["Date of First Appointment"] || null, rule);
      if (!due) missing++;
      else if (due < today || Number(due.slice(0, 4)) < first + 5) counted++;
    }
    expect(junior.totals.teaching.total + junior.totals.nonTeaching.total).toBe(counted);
    expect(junior.notCountedTotal).toBe(missing);
    expect(counted).toBeLessThan(all.totals.teaching.total + all.totals.nonTeaching.total);
    expect(junior.byLgea.some((l) => l.lgeaId === null)).toBe(false);
    // Another level's figures hold none of these schools' staff.
    const senior = await get(admin1, { level: "Senior Secondary" });
    expect(senior.notCounted.every((s) => !juniorSchools.has(s.posting))).toBe(true);
  });

  it("narrows to an LGEA's staff, equal to the district's row for that LGEA", async () => {
    const role = await expectOk<{ role: { id: string } }>(
      await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Retirement Statistics", operations: ["statistics.view"] } }),
      201,
    );
    const viewer = await workingAtAlimoshoLgea(api, admin1, role.role.id);
    const lgea = await get(viewer);
    const district = await get(admin1);
    expect(lgea.reach.level).toBe("lgea");
    expect(lgea.byLgea.every((l) => l.lgea === "Alimosho LGEA")).toBe(true);
    for (const type of ["Teaching", "Non-Teaching"] as const) {
      const inDistrict = district.byLgea.find((l) => l.lgea === "Alimosho LGEA" && l.staffType === type);
      const inLgea = lgea.byLgea.find((l) => l.staffType === type);
      expect(inLgea?.total ?? 0).toBe(inDistrict?.total ?? 0);
    }
    expect(lgea.notCounted.every((s) => district.notCounted.some((d) => d.staffId === s.staffId))).toBe(true);
  });
});

describe("GET /statistics/retirements: the rules are configuration", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({
      RETIREMENT_TEACHING_AGE: 60,
      RETIREMENT_TEACHING_SERVICE_YEARS: 35,
      RETIREMENT_OTHER_AGE: 55,
      RETIREMENT_OTHER_SERVICE_YEARS: 30,
    });
  });
  afterAll(() => api.close());

  it("states the configured ages and years of service it computes with", async () => {
    const admin = await api.loginAdmin(1);
    const figures = await expectOk<RetirementStatistics>(await api.call("GET", "/statistics/retirements", { token: admin.authorizationToken }));
    expect(figures.rules).toEqual({ teaching: { age: 60, serviceYears: 35 }, nonTeaching: { age: 55, serviceYears: 30 } });
  });
});
