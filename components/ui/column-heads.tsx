import type { ReactNode } from "react";

/** A table's column headers, one row of them (`scope="col"`), each with the table's cell padding. */
export function ColumnHeads({
  labels,
  cellClassName,
  className = "bg-muted",
  rowIndex,
}: {
  labels: ReactNode[];
  cellClassName: string;
  className?: string;
  /** The header row's place, for a table that draws only some of its rows (aria-rowcount). */
  rowIndex?: number;
}) {
  return (
    <thead className={className}>
      <tr aria-rowindex={rowIndex}>
        {labels.map((label, i) => (
          <th key={i} scope="col" className={cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
