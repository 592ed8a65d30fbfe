import { statisticsMessages as m, type ClassArmLoad, type ClassStatistics } from "@/lib/contract/statistics-values";
import { ValueBars } from "./bars";
import { FigureTable, formatCount, type FigureColumn } from "./figure-table";
import { Headline } from "./section-state";

const armColumns = (withSchool: boolean): FigureColumn<ClassArmLoad>[] => [
  ...(withSchool
    ? [
        { key: "school", label: "School", value: (r: ClassArmLoad) => r.school },
        { key: "lgea", label: "LGEA", value: (r: ClassArmLoad) => r.lgea },
      ]
    : []),
  { key: "className", label: "Class arm", value: (r) => r.className },
  { key: "pupils", label: "Pupils", value: (r) => r.pupils, numeric: true, render: (r) => formatCount(r.pupils) },
  { key: "capacity", label: "Capacity", value: (r) => r.capacity, numeric: true, render: (r) => formatCount(r.capacity) },
  { key: "over", label: "Over capacity", value: (r) => r.over, numeric: true, render: (r) => (r.over > 0 ? <strong>{formatCount(r.over)}</strong> : "0") },
];

/** How many of the most crowded arms the chart shows (the table lists them all). */
const CHARTED_ARMS = 10;

/** Arms as the chart draws them: pupils as the bar, the capacity as the mark. */
const armBars = (arms: readonly ClassArmLoad[], withSchool: boolean) =>
  arms.map((a) => ({
    label: withSchool ? `${a.school} · ${a.className}` : a.className,
    value: a.pupils,
    mark: a.capacity,
    text: `${formatCount(a.pupils)} of ${formatCount(a.capacity)}${a.over > 0 ? ` · ${formatCount(a.over)} over` : ""}`,
  }));

/** Classes (issue: statistics): pupils per class arm against its capacity, the over-capacity arms listed, most over first. */
export function ClassesSection({ figures }: { figures: ClassStatistics }) {
  return (
    <>
      <Headline
        items={[
          ["Class arms", formatCount(figures.arms)],
          ["Seats", formatCount(figures.seats)],
          ["Pupils in a class", formatCount(figures.pupils)],
          ["Arms over capacity", formatCount(figures.overCapacity.length)],
        ]}
      />
      <ValueBars
        title={
          figures.overCapacity.length > CHARTED_ARMS
            ? `The ${CHARTED_ARMS} arms most over capacity (of ${formatCount(figures.overCapacity.length)})`
            : "Class arms over capacity"
        }
        legend={["Pupils", "Capacity"]}
        rows={armBars(figures.overCapacity.slice(0, CHARTED_ARMS), true)}
      />
      <h3 className="text-lg font-semibold">Class arms over capacity</h3>
      <FigureTable
        caption="Class arms over capacity"
        rows={figures.overCapacity}
        rowKey={(r) => r.classId}
        columns={armColumns(true)}
        empty={figures.arms === 0 ? m.noArms : m.noneOverCapacity}
      />
      <h3 className="text-lg font-semibold">Class arms against capacity</h3>
      {figures.byArm ? <ValueBars title="Pupils against capacity" legend={["Pupils", "Capacity"]} rows={armBars(figures.byArm, false)} /> : null}
      {figures.byArm ? (
        <FigureTable caption="Class arms against capacity" rows={figures.byArm} rowKey={(r) => r.classId} columns={armColumns(false)} empty={m.noArms} />
      ) : (
        <p className="text-sm text-muted-foreground print:hidden">{m.chooseSchool}</p>
      )}
    </>
  );
}
