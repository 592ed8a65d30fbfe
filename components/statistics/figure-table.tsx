"use client";

import { useState, type ReactNode } from "react";

/** A column of a figures table: its heading, the value it sorts by, and (optionally) how a cell shows it. */
export type FigureColumn<R> = { key: string; label: string; value: (row: R) => string | number | null; numeric?: boolean; render?: (row: R) => ReactNode };

type Sort = { key: string; direction: "ascending" | "descending" } | null;

const cell = "px-3 py-2 text-left align-top";
const compare = (a: string | number | null, b: string | number | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b), "en", { numeric: true, sensitivity: "base" });
};

export const formatCount = (n: number) => n.toLocaleString("en-NG");

/** The first columns of every table by school: the school, its LGEA and its category. */
export const schoolColumns = <R extends { school: string; lgea: string; category: string }>(): FigureColumn<R>[] => [
  { key: "school", label: "School", value: (r) => r.school },
  { key: "lgea", label: "LGEA", value: (r) => r.lgea },
  { key: "category", label: "Category", value: (r) => r.category },
];

/**
 * A table of figures that sorts by any column (its heading is a button; the sorted one says which way), inside
 * a region that scrolls sideways on a phone and can be reached with the keyboard to do so. `total` is a last
 * row that stays last, whatever the order.
 */
export function FigureTable<R>({
  caption,
  rows,
  columns,
  rowKey,
  total,
  empty,
}: {
  caption: string;
  rows: readonly R[];
  columns: FigureColumn<R>[];
  rowKey: (row: R) => string;
  total?: ReactNode[];
  empty: string;
}) {
  const [sort, setSort] = useState<Sort>(null);
  const sorted = sort
    ? [...rows].sort((a, b) => {
        const column = columns.find((c) => c.key === sort.key);
        const order = column ? compare(column.value(a), column.value(b)) : 0;
        return sort.direction === "ascending" ? order : -order;
      })
    : rows;
  const toggle = (key: string) =>
    setSort((now) => (now?.key === key ? { key, direction: now.direction === "ascending" ? "descending" : "ascending" } : { key, direction: "descending" }));

  if (rows.length === 0) return <p className="rounded-lg border border-dashed border-border bg-card p-4 text-sm text-muted-foreground">{empty}</p>;
  return (
    <div
      role="region"
      aria-label={caption}
      // A region that takes focus, so a keyboard can scroll it sideways on a phone (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-primary print:overflow-visible"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" aria-sort={sort?.key === c.key ? sort.direction : undefined} className={`${cell} ${c.numeric ? "text-right" : ""}`}>
                <button
                  type="button"
                  onClick={() => toggle(c.key)}
                  className="inline-flex min-h-11 items-center gap-1 font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-primary print:min-h-0"
                >
                  {c.label}
                  <span aria-hidden className="text-xs print:hidden">
                    {sort?.key === c.key ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)} className="border-t border-border">
              {columns.map((c) => (
                <td key={c.key} className={`${cell} ${c.numeric ? "text-right tabular-nums" : ""}`}>
                  {c.render ? c.render(row) : (c.value(row) ?? "")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <tr className="border-t-2 border-foreground font-semibold">
              {total.map((value, i) => (
                <td key={i} className={`${cell} ${columns[i]?.numeric ? "text-right tabular-nums" : ""}`}>
                  {value}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
