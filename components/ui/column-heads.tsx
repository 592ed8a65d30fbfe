import type { ReactNode } from "react";

/** A table's column headers, one row of them (`scope="col"`), each with the table's cell padding. */
export function ColumnHeads({
  labels,
  cellClassName,
  className = "bg-muted",
  rowIndex,
  cellClassNames,
  rowClassName,
}: {
  labels: ReactNode[];
  cellClassName: string;
  /** Classes added to some cells, by position (a phone's layout of one header). */
  cellClassNames?: (string | undefined)[];
  rowClassName?: string;
  className?: string;
  /** The header row's place, for a table that draws only some of its rows (aria-rowcount). */
  rowIndex?: number;
}) {
  return (
    <thead className={className}>
      <tr aria-rowindex={rowIndex} className={rowClassName}>
        {labels.map((label, i) => (
          <th key={i} scope="col" className={cellClassNames?.[i] ? `${cellClassName} ${cellClassNames[i]}` : cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
