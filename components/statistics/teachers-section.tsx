import { statisticsMessages as m, type GenderCount, type PupilTeacherRatio, type StaffCount, type TeacherStatistics } from "@/lib/contract/statistics-values";
import { PairBars, ValueBars } from "./bars";
import { FigureTable, formatCount, schoolColumns, type FigureColumn } from "./figure-table";
import { Headline } from "./section-state";

/** A pupil–teacher ratio in words: one place, 'above threshold' where it is, 'not computable' without a teacher. */
export const ratioText = (ratio: PupilTeacherRatio) =>
  ratio.value === null ? m.notComputable : `${ratio.value.toFixed(1)}${ratio.aboveThreshold ? ` ⚠ ${m.aboveThreshold}` : ""}`;

/** A pupil–teacher ratio as shown: one place, 'above threshold' in words where it is, 'not computable' without a teacher. */
function RatioCell({ ratio }: { ratio: PupilTeacherRatio }) {
  if (ratio.value === null) return <span className="text-muted-foreground">{m.notComputable}</span>;
  return (
    <span className={ratio.aboveThreshold ? "font-semibold" : ""}>
      {ratio.value.toFixed(1)}
      {ratio.aboveThreshold ? ` ⚠ ${m.aboveThreshold}` : ""}
    </span>
  );
}

const count = (label: string, key: string, pick: (c: GenderCount) => number, part: (r: StaffCount) => GenderCount) =>
  ({
    key,
    label,
    value: (r: StaffCount) => pick(part(r)),
    numeric: true,
    render: (r: StaffCount) => formatCount(pick(part(r))),
  }) satisfies FigureColumn<StaffCount>;

/** Teaching staff by gender and in all, then non-teaching staff in all. */
const staffParts = [
  ["Teaching", "t", (r: StaffCount) => r.teaching],
  ["Non-teaching", "n", (r: StaffCount) => r.nonTeaching],
] as const;
const genderParts = [
  ["female", "f"],
  ["male", "m"],
  ["total", "t"],
] as const;
const staffColumns = <R extends StaffCount>(): FigureColumn<R>[] =>
  staffParts.flatMap(([label, key, part]) => genderParts.map(([gender, g]) => count(`${label} ${gender}`, `${key}${g}`, (c) => c[gender], part)));

const ratioColumns = <R extends { ratio: PupilTeacherRatio }>(): FigureColumn<R>[] => [
  { key: "pupils", label: "Pupils", value: (r) => r.ratio.pupils, numeric: true, render: (r) => formatCount(r.ratio.pupils) },
  { key: "ratio", label: "Pupil–teacher ratio", value: (r) => r.ratio.value, numeric: true, render: (r) => <RatioCell ratio={r.ratio} /> },
];

const staffTotals = (t: StaffCount) =>
  [t.teaching.female, t.teaching.male, t.teaching.total, t.nonTeaching.female, t.nonTeaching.male, t.nonTeaching.total].map(formatCount);

/**
 * Teachers (issue: statistics): teaching and non-teaching staff by LGEA, school and area of specialisation, by
 * gender, and the pupil–teacher ratio per LGEA and school, the schools above the district's threshold first.
 */
export function TeachersSection({ figures }: { figures: TeacherStatistics }) {
  const { totals } = figures;
  const above = figures.bySchool.filter((s) => s.ratio.aboveThreshold).length;
  return (
    <>
      <Headline
        items={[
          ["Teaching staff", formatCount(totals.teaching.total)],
          ["Non-teaching staff", formatCount(totals.nonTeaching.total)],
          [`Schools above ${figures.threshold} pupils per teacher`, formatCount(above)],
        ]}
      />
      <PairBars
        title="Teaching and non-teaching staff by LGEA"
        parts={["Teaching", "Non-teaching"]}
        rows={figures.byLgea.map((l) => ({ label: l.lgea, first: l.teaching.total, second: l.nonTeaching.total }))}
      />
      <ValueBars
        title="Pupil–teacher ratio by LGEA"
        legend={["Pupils per teacher", `Threshold ${figures.threshold}`]}
        mark={figures.threshold}
        rows={figures.byLgea
          .filter((l) => l.ratio.pupils > 0 || l.ratio.teachers > 0)
          .map((l) => ({ label: l.lgea, value: l.ratio.value, text: ratioText(l.ratio) }))}
      />
      <h3 className="text-lg font-semibold">Staff by LGEA</h3>
      <FigureTable
        caption="Staff by LGEA"
        rows={figures.byLgea}
        rowKey={(r) => r.lgeaId ?? r.lgea}
        columns={[{ key: "lgea", label: "LGEA", value: (r) => r.lgea }, ...staffColumns(), ...ratioColumns()]}
        total={["Total", ...staffTotals(totals), "", ""]}
        empty={m.noStaff}
      />
      <h3 className="text-lg font-semibold">Staff by school</h3>
      <p className="text-sm">
        Schools whose pupil–teacher ratio is above {figures.threshold} (the district&apos;s threshold, set in its configuration) are listed first.
      </p>
      <FigureTable
        caption="Staff by school"
        rows={figures.bySchool}
        rowKey={(r) => r.schoolId}
        columns={[...schoolColumns(), ...staffColumns(), ...ratioColumns()]}
        empty={m.noStaff}
      />
      <h3 className="text-lg font-semibold">Staff by area of specialisation</h3>
      <FigureTable
        caption="Staff by area of specialisation"
        rows={figures.bySpecialisation}
        rowKey={(r) => r.area}
        columns={[{ key: "area", label: "Area of specialisation", value: (r) => r.area }, ...staffColumns()]}
        total={["Total", ...staffTotals(totals)]}
        empty={m.noStaff}
      />
    </>
  );
}
