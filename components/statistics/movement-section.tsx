import { statisticsMessages as m, type MovementStatistics } from "@/lib/contract/statistics-values";
import { PairBars } from "./bars";
import { FigureTable, formatCount } from "./figure-table";
import { GenderBars } from "./gender-bars";
import { Headline } from "./section-state";

/** Movement (issue: statistics): admissions, pupils moved and staff transferred in the session, in and out of each LGEA. */
export function MovementSection({ figures }: { figures: MovementStatistics }) {
  const { totals } = figures;
  const nothing = totals.admissions.total + totals.pupilsIn + totals.pupilsOut + totals.staffIn + totals.staffOut === 0;
  const count = (key: "pupilsIn" | "pupilsOut" | "staffIn" | "staffOut", label: string) => ({
    key,
    label,
    value: (r: MovementStatistics["totals"]) => r[key],
    numeric: true,
    render: (r: MovementStatistics["totals"]) => formatCount(r[key]),
  });
  return (
    <>
      <p className="text-sm">
        From {figures.from} to {figures.to}. Into and out of the reach as a whole:
      </p>
      <Headline
        items={[
          ["Pupils admitted", formatCount(totals.admissions.total)],
          ["Pupils moved in", formatCount(totals.pupilsIn)],
          ["Pupils moved out", formatCount(totals.pupilsOut)],
          ["Staff transferred in", formatCount(totals.staffIn)],
          ["Staff transferred out", formatCount(totals.staffOut)],
        ]}
      />
      {nothing ? null : (
        <>
          <GenderBars title="Pupils admitted by LGEA" rows={figures.byLgea.map((l) => ({ ...l.admissions, label: l.lgea }))} />
          <PairBars
            title="Pupils moved in and out, by LGEA"
            parts={["In", "Out"]}
            withTotal={false}
            rows={figures.byLgea.map((l) => ({ label: l.lgea, first: l.pupilsIn, second: l.pupilsOut }))}
          />
          <PairBars
            title="Staff transferred in and out, by LGEA"
            parts={["In", "Out"]}
            withTotal={false}
            rows={figures.byLgea.map((l) => ({ label: l.lgea, first: l.staffIn, second: l.staffOut }))}
          />
        </>
      )}
      <h3 className="text-lg font-semibold">Movement by LGEA</h3>
      {nothing ? <p className="text-sm text-muted-foreground">{m.noMovement}</p> : null}
      <FigureTable
        caption="Movement by LGEA"
        rows={figures.byLgea}
        rowKey={(r) => r.lgeaId ?? r.lgea}
        columns={[
          { key: "lgea", label: "LGEA", value: (r) => r.lgea },
          { key: "af", label: "Admitted female", value: (r) => r.admissions.female, numeric: true, render: (r) => formatCount(r.admissions.female) },
          { key: "am", label: "Admitted male", value: (r) => r.admissions.male, numeric: true, render: (r) => formatCount(r.admissions.male) },
          { key: "at", label: "Admitted", value: (r) => r.admissions.total, numeric: true, render: (r) => formatCount(r.admissions.total) },
          count("pupilsIn", "Pupils in"),
          count("pupilsOut", "Pupils out"),
          count("staffIn", "Staff in"),
          count("staffOut", "Staff out"),
        ]}
        empty={m.noMovement}
      />
    </>
  );
}
