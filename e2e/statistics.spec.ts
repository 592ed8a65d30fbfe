import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import type {
  ClassStatistics,
  EnrolmentStatistics,
  MovementStatistics,
  PupilTeacherRatio,
  RetirementCounts,
  RetirementStatistics,
  TeacherStatistics,
  TrendFigures,
  TrendStatistics,
} from "../lib/contract/statistics-values";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";

/** The statistics area (issue: statistics) for district 2's administrator: the figures of their reach, at desktop and on a 360 px phone. */
const STATISTICS = "/administration/statistics";

const n = (value: number) => value.toLocaleString("en-NG");
const ratio = (r: PupilTeacherRatio) => (r.value === null ? "not computable" : `${r.value.toFixed(1)}${r.aboveThreshold ? " ⚠ above threshold" : ""}`);

/** A figures table's body as its cells' texts, row by row, in the order shown. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const rows = page.getByRole("region", { name, exact: true }).locator("tbody tr");
  return await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => (td.textContent ?? "").trim())));
}

/**
 * The API's figures as the page was drawn from them. Other tests of the suite write to this district at the same
 * time, so the figures are read before and after the page loads, again until both reads agree: the page then
 * drew from those figures, and must show exactly them.
 */
async function figuresAroundLoad<T>(read: () => Promise<T>, load: () => Promise<void>): Promise<T> {
  // When the figures were computed is no figure: it differs between any two reads.
  const figures = (answer: T) =>
    JSON.stringify(answer, function (this: { live?: boolean }, key, value: unknown) {
      return key === "computedAt" || (key === "takenAt" && this.live) ? undefined : value;
    });
  for (let attempt = 1; ; attempt++) {
    const before = figures(await read());
    await load();
    const after = await read();
    if (figures(after) === before) return after;
    if (attempt === 5) throw new Error("the district's figures changed during each of five page loads");
  }
}

async function figuresOf<T>(path: string): Promise<T> {
  const response = await districtApi("GET", path, await apiToken(accounts.admin2));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Every sheet of a downloaded workbook by name, each cell as text, header row first. */
async function workbookSheets(path: string): Promise<Map<string, string[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheets = new Map<string, string[][]>();
  for (const sheet of book.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: row.cellCount }, (_, i) => String(row.getCell(i + 1).value ?? ""))));
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

test.describe("statistics", () => {
  test("fits a phone and keeps to the keyboard @demo @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin2, { next: STATISTICS });
    await expect(page.getByRole("region", { name: "Enrolment by LGEA" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Staff by LGEA", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Class arms over capacity" })).toBeVisible();
    await expect(page.getByText("Computing the figures…")).toHaveCount(0);
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Session").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("LGEA", { exact: true })).toBeFocused();
  });

  test("shows exactly what the statistics API answers @demo @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin2);
    const [enrolment, teachers, classes, retirements, movement] = await figuresAroundLoad(
      () =>
        Promise.all([
          figuresOf<EnrolmentStatistics>("/statistics/enrolment"),
          figuresOf<TeacherStatistics>("/statistics/teachers"),
          figuresOf<ClassStatistics>("/statistics/classes"),
          figuresOf<RetirementStatistics>("/statistics/retirements"),
          figuresOf<MovementStatistics>("/statistics/movement"),
        ]),
      async () => {
        await page.goto(STATISTICS);
        await expect(page.getByRole("region", { name: "Staff by LGEA", exact: true })).toBeVisible();
        await expect(page.getByText("Computing the figures…")).toHaveCount(0);
      },
    );

    expect(await tableRows(page, "Enrolment by LGEA")).toEqual(
      enrolment.byLgea.map((l) => [
        l.lgea,
        n(l.female),
        n(l.male),
        n(l.total),
        l.parity.value === null ? "not computable" : `${l.parity.value.toFixed(2)}${l.parity.flagged ? " ⚠ outside parity" : ""}`,
      ]),
    );
    const staff = (s: TeacherStatistics["totals"]) =>
      [s.teaching.female, s.teaching.male, s.teaching.total, s.nonTeaching.female, s.nonTeaching.male, s.nonTeaching.total].map(n);
    expect(await tableRows(page, "Staff by LGEA")).toEqual(teachers.byLgea.map((l) => [l.lgea, ...staff(l), n(l.ratio.pupils), ratio(l.ratio)]));
    expect(await tableRows(page, "Staff by school")).toEqual(
      teachers.bySchool.map((s) => [s.school, s.lgea, s.category, ...staff(s), n(s.ratio.pupils), ratio(s.ratio)]),
    );
    expect(await tableRows(page, "Staff by area of specialisation")).toEqual(teachers.bySpecialisation.map((a) => [a.area, ...staff(a)]));
    const teaching = page.locator("[data-section=teachers] dl");
    await expect(teaching).toContainText(`Teaching staff${n(teachers.totals.teaching.total)}`);
    await expect(teaching).toContainText(`Non-teaching staff${n(teachers.totals.nonTeaching.total)}`);

    const arms = page.locator("[data-section=classes] dl");
    await expect(arms).toContainText(`Class arms${n(classes.arms)}`);
    await expect(arms).toContainText(`Seats${n(classes.seats)}`);
    await expect(arms).toContainText(`Pupils in a class${n(classes.pupils)}`);
    if (classes.overCapacity.length === 0) await expect(page.getByText("No class arm is over its capacity.")).toBeVisible();
    else
      expect(await tableRows(page, "Class arms over capacity")).toEqual(
        classes.overCapacity.map((a) => [a.school, a.lgea, a.className, n(a.pupils), n(a.capacity), n(a.over)]),
      );

    const years = (c: RetirementCounts) => [c.past, ...c.byYear, c.total].map(n);
    if (retirements.byLgea.length === 0) await expect(page.getByText("No staff reach their retirement point in these five years.").first()).toBeVisible();
    else expect(await tableRows(page, "Retirements by LGEA")).toEqual(retirements.byLgea.map((r) => [r.lgea, r.staffType, ...years(r)]));
    if (retirements.bySpecialisation.length > 0)
      expect(await tableRows(page, "Retirements by area of specialisation")).toEqual(
        retirements.bySpecialisation.map((r) => [r.area, r.staffType, ...years(r)]),
      );
    if (retirements.notCounted.length > 0)
      expect(await tableRows(page, "Staff not counted")).toEqual(retirements.notCounted.map((r) => [r.name, r.posting, r.staffType, r.missing.join(", ")]));
    await expect(page.locator("[data-section=retirements] dl")).toContainText(`Not counted (a date missing)${n(retirements.notCountedTotal)}`);

    expect(await tableRows(page, "Movement by LGEA")).toEqual(
      movement.byLgea.map((l) => [
        l.lgea,
        n(l.admissions.female),
        n(l.admissions.male),
        n(l.admissions.total),
        n(l.pupilsIn),
        n(l.pupilsOut),
        n(l.staffIn),
        n(l.staffOut),
      ]),
    );
    await expect(page.locator("[data-section=movement] dl")).toContainText(`Pupils admitted${n(movement.totals.admissions.total)}`);

    // The charts write beside every bar the numbers the API answers.
    const chart = (name: string) => page.getByRole("figure", { name: new RegExp(`^${name}`) }).getByRole("listitem");
    await expect(chart("Pupil–teacher ratio by LGEA")).toHaveText(
      teachers.byLgea.filter((l) => l.ratio.pupils > 0 || l.ratio.teachers > 0).map((l) => `${l.lgea}${ratio(l.ratio)}`),
    );
    await expect(chart("Teaching and non-teaching staff by LGEA")).toHaveText(
      teachers.byLgea.map(
        (l) => `${l.lgea}Teaching ${n(l.teaching.total)} · Non-teaching ${n(l.nonTeaching.total)} · ${n(l.teaching.total + l.nonTeaching.total)}`,
      ),
    );
    if (classes.overCapacity.length > 0)
      await expect(chart("(Class arms over capacity|The 10 arms most over capacity)")).toHaveText(
        classes.overCapacity.slice(0, 10).map((a) => `${a.school} · ${a.className}${n(a.pupils)} of ${n(a.capacity)} · ${n(a.over)} over`),
      );
    const { teaching: t, nonTeaching: o } = retirements.totals;
    if (t.total + o.total > 0)
      await expect(chart("Staff reaching the retirement point")).toHaveText(
        [["Already past", t.past, o.past], ...retirements.years.map((year, i) => [String(year), t.byYear[i] ?? 0, o.byYear[i] ?? 0] as const)].map(
          ([label, a, b]) => `${label}Teachers ${n(Number(a))} · Other staff ${n(Number(b))} · ${n(Number(a) + Number(b))}`,
        ),
      );
    if (movement.byLgea.some((l) => l.staffIn + l.staffOut > 0))
      await expect(chart("Staff transferred in and out")).toHaveText(movement.byLgea.map((l) => `${l.lgea}In ${n(l.staffIn)} · Out ${n(l.staffOut)}`));
    await expectNoSeriousA11yViolations(page);
  });

  test("takes a snapshot and shows the trends exactly as the API answers them @demo @phone", async ({ page, signIn }) => {
    // Two loads of the page, unfiltered and filtered: 55 s at desktop on a loaded machine, past the default minute under more load.
    test.setTimeout(150_000);
    await signIn(accounts.admin2, { next: STATISTICS });
    const trends = page.getByRole("region", { name: "Headline figures by year" });
    await expect(trends).toBeVisible();
    await page.getByRole("button", { name: /^Take a snapshot of / }).click();
    await expect(page.getByText("Snapshot taken.")).toBeVisible();
    await expect(trends.locator("tbody tr").filter({ hasText: "(snapshot " }).first()).toBeVisible();
    const answer = await figuresAroundLoad(
      () => figuresOf<TrendStatistics>("/statistics/trends"),
      async () => {
        await page.reload();
        await expect(trends.locator("tbody tr").filter({ hasText: "(snapshot " }).first()).toBeVisible();
      },
    );
    expect(answer.sessions.some((s) => !s.live)).toBe(true);
    const day = (iso: string) => new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "Africa/Lagos" }).format(new Date(iso));
    const change = (now: number | null, before: number | null | undefined, digits = 0) => {
      if (now === null || before === null || before === undefined) return "—";
      const c = Math.round((now - before) * 10 ** digits) / 10 ** digits;
      const text = digits ? Math.abs(c).toFixed(digits) : n(Math.abs(c));
      return c > 0 ? `+${text}` : c < 0 ? `−${text}` : digits ? (0).toFixed(digits) : "0";
    };
    const label = (s: TrendFigures) => `${s.session} ${s.live ? "(now)" : `(snapshot ${day(s.takenAt)})`}`;
    const table = (t: TrendStatistics) =>
      t.sessions.map((s, i) => {
        const b = t.sessions[i - 1];
        return [
          label(s),
          n(s.pupils.female),
          n(s.pupils.male),
          n(s.pupils.total),
          change(s.pupils.total, b?.pupils.total),
          s.parity.value === null ? "not computable" : s.parity.value.toFixed(2),
          n(s.teaching.total),
          change(s.teaching.total, b?.teaching.total),
          s.nonTeaching === null ? "not kept by gender" : n(s.nonTeaching),
          s.ratio.value === null ? "not computable" : s.ratio.value.toFixed(1),
          change(s.ratio.value, b?.ratio.value, 1),
        ];
      });
    expect(await tableRows(page, "Headline figures by year")).toEqual(table(answer));
    // The charts write beside every bar the numbers the API answers.
    const chart = (name: string) => page.getByRole("figure", { name: new RegExp(`^${name}`) }).getByRole("listitem");
    const pupils = (t: TrendStatistics) => t.sessions.map((s) => `${label(s)}F ${n(s.pupils.female)} · M ${n(s.pupils.male)} · ${n(s.pupils.total)}`);
    await expect(chart("Pupils by session")).toHaveText(pupils(answer));
    await expect(chart("Staff by session")).toHaveText(
      answer.sessions.map(
        (s) => `${label(s)}Teaching ${n(s.teaching.total)} · Non-teaching ${n(s.nonTeaching ?? 0)} · ${n(s.teaching.total + (s.nonTeaching ?? 0))}`,
      ),
    );
    await expect(chart("Pupil–teacher ratio by session")).toHaveText(answer.sessions.map((s) => `${label(s)}${ratio(s.ratio)}`));
    await expect(page.locator("[data-section=trends] [role=note]")).toHaveCount(0);
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);

    // Filtered in the URL: the trends follow the gender as far as the snapshots keep it, and say what they do not follow.
    const girls = await figuresAroundLoad(
      () => figuresOf<TrendStatistics>("/statistics/trends?category=Primary&gender=Female"),
      async () => {
        await page.goto(`${STATISTICS}?category=Primary&gender=Female`);
        await expect(page.getByRole("figure", { name: /^Pupils by session/ })).toBeVisible();
      },
    );
    expect(girls.notFollowed).toEqual(["category", "gender"]);
    await expect(page.locator("[data-section=trends] [role=note]")).toHaveText([
      "The school category filter does not apply: a snapshot does not keep its schools' categories, so these figures are for every category.",
      "The gender filter applies to the pupils and the teaching staff: a snapshot keeps non-teaching staff as one number, so they are not shown by gender. The pupil–teacher ratio counts every pupil and teacher.",
    ]);
    await expect(chart("Pupils by session")).toHaveText(pupils(girls));
    await expect(chart("Teaching staff by session")).toHaveText(girls.sessions.map((s) => `${label(s)}${n(s.teaching.total)}`));
    expect(await tableRows(page, "Headline figures by year")).toEqual(table(girls));
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("downloads every table as the page shows it, and prints on A4 without the portal's frame @demo", async ({ page, signIn }) => {
    await signIn(accounts.admin2, { next: STATISTICS });
    await expect(page.getByRole("region", { name: "Staff by LGEA", exact: true })).toBeVisible();
    await expect(page.getByText("Computing the figures…")).toHaveCount(0);
    const saved = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download all tables" }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe("statistics.xlsx");
    const sheets = await workbookSheets(await download.path());
    const shown = (sheet: string, columns: number) =>
      sheets
        .get(sheet)
        ?.slice(1)
        .map((row) => row.slice(0, columns).map((v, i) => (i === 0 ? v : n(Number(v)))));
    expect(shown("Enrolment by LGEA", 4)).toEqual((await tableRows(page, "Enrolment by LGEA")).map((row) => row.slice(0, 4)));
    expect(shown("Enrolment by school", 1)).toEqual((await tableRows(page, "Enrolment by school")).map((row) => row.slice(0, 1)));
    expect(
      sheets
        .get("Staff by school")
        ?.slice(1)
        .map((row) => [row[0], row[1], row[2], ...row.slice(3, 9).map((v) => n(Number(v)))]),
    ).toEqual((await tableRows(page, "Staff by school")).map((row) => row.slice(0, 9)));
    expect(shown("Movement by LGEA", 8)).toEqual(await tableRows(page, "Movement by LGEA"));

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Download all tables" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "Teachers", exact: true })).toBeVisible();
  });
});
