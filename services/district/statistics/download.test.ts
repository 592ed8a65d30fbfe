import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import type {
  ClassStatistics,
  EnrolmentStatistics,
  MovementStatistics,
  RetirementStatistics,
  TeacherStatistics,
  TrendStatistics,
} from "../../../lib/contract/statistics";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { school } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";

/**
 * The statistics download (issue: statistics): one workbook, every table a sheet, read back with ExcelJS and
 * compared cell by cell with what the statistics API answers for the same filters; every cell is text, and a
 * name a spreadsheet would take for a formula stays text.
 */
describe("GET /statistics/download", () => {
  let api: TestApi;
  let admin1: AuthResult;
  const get = async <T>(path: string, q: Record<string, string> = {}) =>
    expectOk<T>(await api.call("GET", `/statistics/${path}?${new URLSearchParams(q)}`, { token: admin1.authorizationToken }));

  /** Each sheet by name: its rows, every cell's text (and every cell checked to be text or empty). */
  async function download(q: Record<string, string> = {}) {
    const response = await api.call("GET", `/statistics/download?${new URLSearchParams(q)}`, { token: admin1.authorizationToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("content-disposition")).toContain("statistics.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await response.arrayBuffer()).buffer as Parameters<typeof book.xlsx.load>[0]);
    const sheets = new Map<string, string[][]>();
    for (const sheet of book.worksheets) {
      const rows: string[][] = [];
      sheet.eachRow((row) => {
        const cells: string[] = [];
        for (let i = 1; i <= row.cellCount; i++) {
          const c = row.getCell(i);
          expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
          cells.push(c.value === null ? "" : String(c.value));
        }
        rows.push(cells);
      });
      sheets.set(sheet.name, rows);
    }
    return sheets;
  }

  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    // A school whose name a spreadsheet would take for a formula.
    await api.db
      .update(school)
      .set({ name: "=1+1 Model School" })
      .where(and(eq(school.districtId, admin1.staff.district.id), eq(school.name, "Agege Senior Grammar School")));
  });
  afterAll(() => api.close());

  it("gives every table as a sheet, each cell the API's value", async () => {
    const [sheets, e, t, k, r, m, w] = await Promise.all([
      download(),
      get<EnrolmentStatistics>("enrolment"),
      get<TeacherStatistics>("teachers"),
      get<ClassStatistics>("classes"),
      get<RetirementStatistics>("retirements"),
      get<MovementStatistics>("movement"),
      get<TrendStatistics>("trends"),
    ]);
    expect([...sheets.keys()]).toEqual([
      "About",
      "Enrolment by LGEA",
      "Enrolment by level",
      "Enrolment by class",
      "Enrolment by school",
      "Staff by LGEA",
      "Staff by school",
      "Staff by specialisation",
      "Class arms over capacity",
      "Retirements by LGEA",
      "Retirements by specialisation",
      "Staff not counted",
      "Movement by LGEA",
      "Trends",
    ]);
    const s = (v: number | null) => (v === null ? "" : String(v));
    const yes = (b: boolean) => (b ? "Yes" : "No");
    const body = (name: string) => sheets.get(name)?.slice(1);
    expect(sheets.get("About")?.slice(1, 4)).toEqual([
      ["Computed at", expect.any(String)],
      ["Reach", `${e.reach.name} (district)`],
      ["Session", e.session],
    ]);
    expect(body("Enrolment by LGEA")).toEqual(e.byLgea.map((l) => [l.lgea, s(l.female), s(l.male), s(l.total), s(l.parity.value), yes(l.parity.flagged)]));
    expect(body("Enrolment by level")).toEqual(
      e.byLevel.map((l) => [l.level ?? "No class", s(l.female), s(l.male), s(l.total), s(l.parity.value), yes(l.parity.flagged)]),
    );
    expect(body("Enrolment by class")).toEqual(e.byClassType.map((c) => [c.classType, c.level ?? "", s(c.female), s(c.male), s(c.total)]));
    expect(body("Enrolment by school")).toEqual(e.bySchool.map((x) => [x.school, x.lgea, x.category, s(x.female), s(x.male), s(x.total)]));
    expect(body("Enrolment by school")?.some((row) => row[0] === "=1+1 Model School")).toBe(true);
    const staff = (x: TeacherStatistics["totals"]) =>
      [x.teaching.female, x.teaching.male, x.teaching.total, x.nonTeaching.female, x.nonTeaching.male, x.nonTeaching.total].map(s);
    expect(sheets.get("Staff by LGEA")?.[0]?.at(-1)).toBe(`Above ${t.threshold}`);
    expect(body("Staff by LGEA")).toEqual(
      t.byLgea.map((l) => [l.lgea, ...staff(l), s(l.ratio.pupils), s(l.ratio.teachers), s(l.ratio.value), yes(l.ratio.aboveThreshold)]),
    );
    expect(body("Staff by school")).toEqual(
      t.bySchool.map((x) => [x.school, x.lgea, x.category, ...staff(x), s(x.ratio.pupils), s(x.ratio.teachers), s(x.ratio.value), yes(x.ratio.aboveThreshold)]),
    );
    expect(body("Staff by specialisation")).toEqual(t.bySpecialisation.map((a) => [a.area, ...staff(a)]));
    expect(body("Class arms over capacity")).toEqual(k.overCapacity.map((a) => [a.school, a.lgea, a.className, s(a.pupils), s(a.capacity), s(a.over)]));
    expect(sheets.get("Retirements by LGEA")?.[0]).toEqual(["LGEA", "Staff type", "Already past", ...r.years.map(String), "Total"]);
    expect(body("Retirements by LGEA")).toEqual(r.byLgea.map((l) => [l.lgea, l.staffType, s(l.past), ...l.byYear.map(s), s(l.total)]));
    expect(body("Retirements by specialisation")).toEqual(r.bySpecialisation.map((a) => [a.area, a.staffType, s(a.past), ...a.byYear.map(s), s(a.total)]));
    expect(body("Staff not counted")).toEqual(r.notCounted.map((x) => [x.name, x.posting, x.staffType, x.missing.join(", ")]));
    expect(body("Movement by LGEA")).toEqual(
      m.byLgea.map((l) => [
        l.lgea,
        s(l.admissions.female),
        s(l.admissions.male),
        s(l.admissions.total),
        s(l.pupilsIn),
        s(l.pupilsOut),
        s(l.staffIn),
        s(l.staffOut),
      ]),
    );
    // The trends: the current session's figures now (no snapshot has been taken here), computed a moment apart.
    expect(body("Trends")?.map((row) => [...row.slice(0, 2), ...row.slice(3)])).toEqual(
      w.sessions.map((x) => [
        x.session,
        x.live ? "Now" : "Snapshot",
        x.takenBy ?? "",
        s(x.pupils.female),
        s(x.pupils.male),
        s(x.pupils.total),
        s(x.parity.value),
        yes(x.parity.flagged),
        s(x.teaching.female),
        s(x.teaching.male),
        s(x.teaching.total),
        s(x.nonTeaching),
        s(x.ratio.pupils),
        s(x.ratio.teachers),
        s(x.ratio.value),
        yes(x.ratio.aboveThreshold),
      ]),
    );
  });

  it("follows the filters: one school adds its class arms, and the filters are written on the first sheet", async () => {
    const e = await get<EnrolmentStatistics>("enrolment");
    const one = e.bySchool.find((x) => x.school === "=1+1 Model School");
    const sheets = await download({ schoolId: one?.schoolId ?? "" });
    expect(sheets.get("About")).toContainEqual(["Filter: School", "=1+1 Model School"]);
    const arms = await get<EnrolmentStatistics>("enrolment", { schoolId: one?.schoolId ?? "" });
    expect(sheets.get("Enrolment by class arm")?.slice(1)).toEqual(
      arms.byArm?.map((a) => [a.school, a.className, a.classType, String(a.female), String(a.male), String(a.total)]),
    );
    expect(sheets.has("Class arms")).toBe(true);
    expect(
      sheets
        .get("Enrolment by school")
        ?.slice(1)
        .map((row) => row[0]),
    ).toEqual(["=1+1 Model School"]);
  });

  it("is refused without statistics.view", async () => {
    const teacher = await api.login("emeka.eze@example.org", demoPasswords.staff);
    await expectError(await api.call("GET", "/statistics/download", { token: teacher.authorizationToken }), 403, authMessages.forbidden);
  });
});
