import { statisticsMessages as m, type RetirementCounts, type RetirementNotCounted, type RetirementStatistics } from "@/lib/contract/statistics-values";
import { PairBars } from "./bars";
import { FigureTable, formatCount, type FigureColumn } from "./figure-table";
import { Headline } from "./section-state";

const countColumns = <R extends RetirementCounts>(years: number[]): FigureColumn<R>[] => [
  { key: "past", label: "Already past", value: (r) => r.past, numeric: true, render: (r) => formatCount(r.past) },
  ...years.map((year, i): FigureColumn<R> => ({
    key: String(year),
    label: String(year),
    value: (r) => r.byYear[i] ?? 0,
    numeric: true,
    render: (r) => formatCount(r.byYear[i] ?? 0),
  })),
  { key: "total", label: "Total", value: (r) => r.total, numeric: true, render: (r) => formatCount(r.total) },
];

const typeColumn = <R extends { staffType: string }>(): FigureColumn<R> => ({ key: "staffType", label: "Staff type", value: (r) => r.staffType });

/**
 * Retirements (issue: statistics): staff reaching their statutory retirement point, already past it and in each
 * of the next five years, by LGEA and area of specialisation; the staff missing a date are counted apart and listed.
 */
export function RetirementsSection({ figures }: { figures: RetirementStatistics }) {
  const { teaching, nonTeaching } = figures.rules;
  const within = (c: RetirementCounts) => c.byYear.reduce((a, b) => a + b, 0);
  const last = figures.years[figures.years.length - 1];
  return (
    <>
      <p className="text-sm">
        Retirement point: teachers at {teaching.age} years of age or {teaching.serviceYears} years of service, other staff at {nonTeaching.age} or{" "}
        {nonTeaching.serviceYears}, whichever comes first.
      </p>
      <Headline
        items={[
          [`Teachers retiring ${figures.years[0]}–${last}`, formatCount(within(figures.totals.teaching))],
          [`Other staff retiring ${figures.years[0]}–${last}`, formatCount(within(figures.totals.nonTeaching))],
          ["Already past the retirement point", formatCount(figures.totals.teaching.past + figures.totals.nonTeaching.past)],
          ["Not counted (a date missing)", formatCount(figures.notCountedTotal)],
        ]}
      />
      {figures.totals.teaching.total + figures.totals.nonTeaching.total > 0 ? (
        <PairBars
          title="Staff reaching the retirement point, by year"
          parts={["Teachers", "Other staff"]}
          rows={[
            { label: "Already past", first: figures.totals.teaching.past, second: figures.totals.nonTeaching.past },
            ...figures.years.map((year, i) => ({
              label: String(year),
              first: figures.totals.teaching.byYear[i] ?? 0,
              second: figures.totals.nonTeaching.byYear[i] ?? 0,
            })),
          ]}
        />
      ) : null}
      <h3 className="text-lg font-semibold">Retirements by LGEA</h3>
      <FigureTable
        caption="Retirements by LGEA"
        rows={figures.byLgea}
        rowKey={(r) => `${r.lgeaId ?? r.lgea}|${r.staffType}`}
        columns={[{ key: "lgea", label: "LGEA", value: (r) => r.lgea }, typeColumn(), ...countColumns(figures.years)]}
        empty={m.noRetirements}
      />
      <h3 className="text-lg font-semibold">Retirements by area of specialisation</h3>
      <FigureTable
        caption="Retirements by area of specialisation"
        rows={figures.bySpecialisation}
        rowKey={(r) => `${r.area}|${r.staffType}`}
        columns={[{ key: "area", label: "Area of specialisation", value: (r) => r.area }, typeColumn(), ...countColumns(figures.years)]}
        empty={m.noRetirements}
      />
      <h3 className="text-lg font-semibold">Staff not counted</h3>
      {figures.notCountedTotal > figures.notCounted.length ? (
        <p className="text-sm">
          Showing {formatCount(figures.notCounted.length)} of {formatCount(figures.notCountedTotal)}; narrow the filters to see the rest.
        </p>
      ) : null}
      <FigureTable<RetirementNotCounted>
        caption="Staff not counted"
        rows={figures.notCounted}
        rowKey={(r) => r.staffId}
        columns={[
          { key: "name", label: "Name", value: (r) => r.name },
          { key: "posting", label: "Posted at", value: (r) => r.posting },
          typeColumn(),
          { key: "missing", label: "Missing", value: (r) => r.missing.join(", ") },
        ]}
        empty={m.allCounted}
      />
    </>
  );
}
