import { NO_CLASS, statisticsMessages as m, type EnrolmentStatistics, type GenderCount, type Parity } from "@/lib/contract/statistics-values";
import { FigureTable, formatCount, schoolColumns, type FigureColumn } from "./figure-table";
import { GenderBars } from "./gender-bars";

/** A parity index as shown: two places, 'outside parity' in words where it is flagged, 'not computable' without boys. */
function ParityCell({ parity }: { parity: Parity }) {
  if (parity.value === null) return <span className="text-muted-foreground">{m.notComputable}</span>;
  return (
    <span className={parity.flagged ? "font-semibold" : ""}>
      {parity.value.toFixed(2)}
      {parity.flagged ? " ⚠ outside parity" : ""}
    </span>
  );
}

function genderColumns<R extends GenderCount>(): FigureColumn<R>[] {
  return [
    { key: "female", label: "Female", value: (r) => r.female, numeric: true, render: (r) => formatCount(r.female) },
    { key: "male", label: "Male", value: (r) => r.male, numeric: true, render: (r) => formatCount(r.male) },
    { key: "total", label: "Total", value: (r) => r.total, numeric: true, render: (r) => formatCount(r.total) },
  ];
}

const parityColumn = <R extends { parity: Parity }>(): FigureColumn<R> => ({
  key: "parity",
  label: "Parity index (F ÷ M)",
  value: (r) => r.parity.value,
  numeric: true,
  render: (r) => <ParityCell parity={r.parity} />,
});

const totalRow = (t: GenderCount, blanks: number) => [
  "Total",
  ...Array.from({ length: blanks }, () => ""),
  formatCount(t.female),
  formatCount(t.male),
  formatCount(t.total),
];

/** Enrolment (issue: statistics): pupils by LGEA, level, class, school and (for one school) arm, by gender, with totals and parity. */
export function EnrolmentSection({ figures }: { figures: EnrolmentStatistics }) {
  const { totals } = figures;
  return (
    <section aria-labelledby="enrolment-heading" className="flex flex-col gap-4">
      <h2 id="enrolment-heading" className="text-xl font-semibold">
        Enrolment
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {(
          [
            ["Pupils", totals.total],
            ["Female", totals.female],
            ["Male", totals.male],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-lg border border-border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatCount(n)}</dd>
          </div>
        ))}
      </dl>
      <GenderBars title="Pupils by LGEA" rows={figures.byLgea.map((l) => ({ ...l, label: l.lgea }))} />
      <h3 className="text-lg font-semibold">By LGEA</h3>
      <FigureTable
        caption="Enrolment by LGEA"
        rows={figures.byLgea}
        rowKey={(r) => r.lgeaId ?? "none"}
        columns={[{ key: "lgea", label: "LGEA", value: (r) => r.lgea }, ...genderColumns(), parityColumn()]}
        total={[...totalRow(totals, 0), ""]}
        empty={m.noPupils}
      />
      <GenderBars title="Pupils by level" rows={figures.byLevel.map((l) => ({ ...l, label: l.level ?? NO_CLASS }))} />
      <h3 className="text-lg font-semibold">By level</h3>
      <FigureTable
        caption="Enrolment by level"
        rows={figures.byLevel}
        rowKey={(r) => r.level ?? "none"}
        columns={[{ key: "level", label: "Level", value: (r) => r.level ?? NO_CLASS }, ...genderColumns(), parityColumn()]}
        total={[...totalRow(totals, 0), ""]}
        empty={m.noPupils}
      />
      <h3 className="text-lg font-semibold">By class</h3>
      <FigureTable
        caption="Enrolment by class"
        rows={figures.byClassType}
        rowKey={(r) => r.classType}
        columns={[
          { key: "classType", label: "Class", value: (r) => r.classType },
          { key: "level", label: "Level", value: (r) => r.level ?? "" },
          ...genderColumns(),
        ]}
        total={totalRow(totals, 1)}
        empty={m.noPupils}
      />
      <h3 className="text-lg font-semibold">By school</h3>
      <FigureTable
        caption="Enrolment by school"
        rows={figures.bySchool}
        rowKey={(r) => r.schoolId}
        columns={[...schoolColumns(), ...genderColumns()]}
        total={totalRow(totals, 2)}
        empty={m.noPupils}
      />
      <h3 className="text-lg font-semibold">By class arm</h3>
      {figures.byArm ? (
        <FigureTable
          caption="Enrolment by class arm"
          rows={figures.byArm}
          rowKey={(r) => r.classId ?? "none"}
          columns={[
            { key: "className", label: "Class arm", value: (r) => r.className },
            { key: "classType", label: "Class", value: (r) => r.classType },
            ...genderColumns(),
          ]}
          total={totalRow(
            figures.byArm.reduce((sum, a) => ({ male: sum.male + a.male, female: sum.female + a.female, total: sum.total + a.total }), {
              male: 0,
              female: 0,
              total: 0,
            }),
            1,
          )}
          empty={m.noPupils}
        />
      ) : (
        <p className="text-sm text-muted-foreground print:hidden">{m.chooseSchool}</p>
      )}
    </section>
  );
}
