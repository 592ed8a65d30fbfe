import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { LgeaPage } from "../../../lib/contract/lgea";
import type { EnrolmentStatistics, StatisticsQuery } from "../../../lib/contract/statistics";
import type { AuthResult } from "../../../lib/contract/user";
import type { TestApi } from "../../test/harness";
import { expectOk } from "../../test/helpers";
import { readWorkbook } from "../../test/workbooks";

/** The statistics API tests' calls, and the same figures counted by hand from the register downloads. */
export function statisticsCalls(api: TestApi) {
  const query = (q: StatisticsQuery) =>
    new URLSearchParams(Object.entries(q).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();
  const enrolmentCall = (who: AuthResult, q: StatisticsQuery = {}) => api.call("GET", `/statistics/enrolment?${query(q)}`, { token: who.authorizationToken });
  const enrolment = async (who: AuthResult, q: StatisticsQuery = {}) => expectOk<EnrolmentStatistics>(await enrolmentCall(who, q));

  /** A download's one sheet as records by header, every cell text (as the registers write them). */
  const sheet = async (who: AuthResult, path: string) => {
    const response = await api.call("GET", path, { token: who.authorizationToken });
    expect(response.status).toBe(200);
    const [first] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    const [header = [], ...rows] = first?.rows ?? [];
    for (const r of rows) for (const c of r) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
    const names = header.map((c) => String(c.value));
    return rows.map((r) => Object.fromEntries(names.map((n, i) => [n, String(r[i]?.value ?? "")])));
  };

  /**
   * Enrolment counted from the admission register's download (Enrolled pupils, as it lists by default) and the
   * school list's, with each school's LGEA found by its local government in the LGEA list: by school, LGEA and
   * class, by gender.
   */
  const fromRegisters = async (who: AuthResult) => {
    const [pupils, schools, lgeas] = await Promise.all([
      sheet(who, "/student/download"),
      sheet(who, "/school/download"),
      expectOk<LgeaPage>(await api.call("GET", "/lgea/search?limit=1000", { token: who.authorizationToken })),
    ]);
    const lgeaOf = new Map(lgeas.lgeas.map((l) => [l.localGovernment, l.name]));
    const schoolLgea = new Map(schools.map((s) => [s.Name, lgeaOf.get(s["Local Government"] ?? "") ?? "No LGEA"]));
    const tally = (map: Map<string, { male: number; female: number; total: number }>, key: string, gender: string) => {
      const row = map.get(key) ?? { male: 0, female: 0, total: 0 };
      if (gender === "Male") row.male++;
      if (gender === "Female") row.female++;
      row.total++;
      map.set(key, row);
    };
    const bySchool = new Map<string, { male: number; female: number; total: number }>();
    const byLgea = new Map<string, { male: number; female: number; total: number }>();
    const byClass = new Map<string, { male: number; female: number; total: number }>();
    for (const p of pupils) {
      const school = p.School ?? "";
      tally(bySchool, school, p.Gender ?? "");
      tally(byLgea, schoolLgea.get(school) ?? "No LGEA", p.Gender ?? "");
      tally(byClass, `${school} — ${p.Class || "No class"}`, p.Gender ?? "");
    }
    return { total: pupils.length, bySchool, byLgea, byClass };
  };

  return { query, enrolmentCall, enrolment, fromRegisters, sheet };
}
