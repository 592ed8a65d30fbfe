import type {
  ClassArmLoad,
  ClassStatistics,
  EnrolmentStatistics,
  GenderCount,
  MovementStatistics,
  Parity,
  PupilTeacherRatio,
  RetirementCounts,
  RetirementStatistics,
  StaffCount,
  StatisticsFilters,
  TeacherStatistics,
  TrendStatistics,
} from "../../../lib/contract/statistics";
import { statisticsDefinitions } from "../../../lib/contract/statistics-values";
import type { SheetSource } from "../../spreadsheet/xlsx-writer";

export type AllStatistics = {
  enrolment: EnrolmentStatistics;
  teachers: TeacherStatistics;
  classes: ClassStatistics;
  retirements: RetirementStatistics;
  movement: MovementStatistics;
  trends: TrendStatistics;
};

/** A number as the API holds it; a null (not computable) as an empty cell; a flag as Yes or No. */
const cell = (value: number | string | boolean | null | undefined): string =>
  value === null || value === undefined ? "" : typeof value === "boolean" ? (value ? "Yes" : "No") : String(value);
const gender = (c: GenderCount) => [c.female, c.male, c.total].map(cell);
const genderHeader = ["Female", "Male", "Total"];
const parity = (p: Parity) => [cell(p.value), cell(p.flagged)];
const parityHeader = ["Parity index (F ÷ M)", "Outside parity"];
const staff = (s: StaffCount) => [...gender(s.teaching), ...gender(s.nonTeaching)];
const staffHeader = ["Teaching female", "Teaching male", "Teaching total", "Non-teaching female", "Non-teaching male", "Non-teaching total"];
const ratio = (r: PupilTeacherRatio) => [cell(r.pupils), cell(r.teachers), cell(r.value), cell(r.aboveThreshold)];
const ratioHeader = (threshold: number) => ["Pupils", "Teaching staff", "Pupil–teacher ratio", `Above ${threshold}`];
const arm = (a: ClassArmLoad) => [a.school, a.lgea, a.className, cell(a.pupils), cell(a.capacity), cell(a.over)];
const armHeader = ["School", "LGEA", "Class arm", "Pupils", "Capacity", "Over capacity"];
const counts = (c: RetirementCounts) => [cell(c.past), ...c.byYear.map(cell), cell(c.total)];

const sheet = (name: string, header: string[], rows: string[][]): SheetSource => ({ name, rows: [header, ...rows] });

/**
 * Every table of the statistics page as a sheet of one workbook (the trends last, for the place the LGEA or school
 * filter names, whatever the session filter), in the page's order, each cell the value the
 * API answers (numbers as written, not computable as empty, flags as Yes or No); a first sheet says when, for
 * whom and with which filters the figures were computed, and what they mean. The writer keeps every cell text
 * and quote-prefixes what a spreadsheet would take for a formula.
 */
export function statisticsSheets(all: AllStatistics, filters: StatisticsFilters): SheetSource[] {
  const { enrolment: e, teachers: t, classes: k, retirements: r, movement: m, trends: w } = all;
  const choices = e.choices;
  const filterRows = [
    ["LGEA", choices.lgeas.find((l) => l.id === filters.lgeaId)?.name ?? ""],
    ["School", choices.schools.find((s) => s.id === filters.schoolId)?.name ?? ""],
    ["School category", filters.category ?? ""],
    ["Level", filters.level ?? ""],
    ["Gender", filters.gender ?? ""],
  ].filter(([, value]) => value);
  const sheets: SheetSource[] = [
    sheet(
      "About",
      ["Item", "Value"],
      [
        ["Computed at", e.computedAt],
        ["Reach", `${e.reach.name} (${e.reach.level})`],
        ["Session", e.session],
        ...filterRows.map(([name = "", value = ""]) => [`Filter: ${name}`, value]),
        ...Object.entries(statisticsDefinitions).map(([key, text]) => [`Definition: ${key}`, text]),
      ],
    ),
    sheet(
      "Enrolment by LGEA",
      ["LGEA", ...genderHeader, ...parityHeader],
      e.byLgea.map((l) => [l.lgea, ...gender(l), ...parity(l.parity)]),
    ),
    sheet(
      "Enrolment by level",
      ["Level", ...genderHeader, ...parityHeader],
      e.byLevel.map((l) => [l.level ?? "No class", ...gender(l), ...parity(l.parity)]),
    ),
    sheet(
      "Enrolment by class",
      ["Class", "Level", ...genderHeader],
      e.byClassType.map((c) => [c.classType, c.level ?? "", ...gender(c)]),
    ),
    sheet(
      "Enrolment by school",
      ["School", "LGEA", "Category", ...genderHeader],
      e.bySchool.map((s) => [s.school, s.lgea, s.category, ...gender(s)]),
    ),
  ];
  if (e.byArm)
    sheets.push(
      sheet(
        "Enrolment by class arm",
        ["School", "Class arm", "Class", ...genderHeader],
        e.byArm.map((a) => [a.school, a.className, a.classType, ...gender(a)]),
      ),
    );
  sheets.push(
    sheet(
      "Staff by LGEA",
      ["LGEA", ...staffHeader, ...ratioHeader(t.threshold)],
      t.byLgea.map((l) => [l.lgea, ...staff(l), ...ratio(l.ratio)]),
    ),
    sheet(
      "Staff by school",
      ["School", "LGEA", "Category", ...staffHeader, ...ratioHeader(t.threshold)],
      t.bySchool.map((s) => [s.school, s.lgea, s.category, ...staff(s), ...ratio(s.ratio)]),
    ),
    sheet(
      "Staff by specialisation",
      ["Area of specialisation", ...staffHeader],
      t.bySpecialisation.map((a) => [a.area, ...staff(a)]),
    ),
    sheet("Class arms over capacity", armHeader, k.overCapacity.map(arm)),
  );
  if (k.byArm) sheets.push(sheet("Class arms", armHeader, k.byArm.map(arm)));
  const yearHeader = ["Already past", ...r.years.map(String), "Total"];
  sheets.push(
    sheet(
      "Retirements by LGEA",
      ["LGEA", "Staff type", ...yearHeader],
      r.byLgea.map((l) => [l.lgea, l.staffType, ...counts(l)]),
    ),
    sheet(
      "Retirements by specialisation",
      ["Area of specialisation", "Staff type", ...yearHeader],
      r.bySpecialisation.map((a) => [a.area, a.staffType, ...counts(a)]),
    ),
    sheet(
      "Staff not counted",
      ["Name", "Posted at", "Staff type", "Missing"],
      r.notCounted.map((s) => [s.name, s.posting, s.staffType, s.missing.join(", ")]),
    ),
    sheet(
      "Movement by LGEA",
      ["LGEA", "Admitted female", "Admitted male", "Admitted", "Pupils in", "Pupils out", "Staff in", "Staff out"],
      m.byLgea.map((l) => [l.lgea, ...gender(l.admissions), cell(l.pupilsIn), cell(l.pupilsOut), cell(l.staffIn), cell(l.staffOut)]),
    ),
    sheet(
      "Trends",
      [
        "Session",
        "Figures",
        "Taken at",
        "Taken by",
        ...genderHeader,
        ...parityHeader,
        "Teaching female",
        "Teaching male",
        "Teaching total",
        "Non-teaching total",
        ...ratioHeader(w.threshold),
      ],
      w.sessions.map((s) => [
        s.session,
        s.live ? "Now" : "Snapshot",
        s.takenAt,
        s.takenBy ?? "",
        ...gender(s.pupils),
        ...parity(s.parity),
        ...gender(s.teaching),
        cell(s.nonTeaching),
        ...ratio(s.ratio),
      ]),
    ),
  );
  return sheets;
}
