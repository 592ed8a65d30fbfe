"use client";

import { Trash2 } from "lucide-react";
import type { ImportColumn, StagedRow } from "@/lib/contract/imports";

const kindLabel: Record<StagedRow["kind"], string> = { new: "New", update: "Update", unchanged: "Unchanged" };
const kindStyle: Record<StagedRow["kind"], string> = {
  new: "bg-success/15",
  update: "bg-primary/15",
  unchanged: "bg-muted",
};

type Props = {
  row: StagedRow;
  columns: ImportColumn[];
  onFix: (row: StagedRow, column: string, value: string) => void;
  onDrop: (row: StagedRow) => void;
};

/**
 * One staged row. Its first cell stays pinned at the left on any width: the row's number, whether it is new,
 * an update or unchanged, its errors and its drop button are seen together on a 360 px phone. A changed cell
 * shows the record's value beneath the new one.
 */
export function ImportRow({ row, columns, onFix, onDrop }: Props) {
  const problems = columns.filter((c) => row.errors[c.key]).map((c) => `${c.header}: ${row.errors[c.key]}`);
  return (
    <tr className={`border-t border-border align-top ${row.valid ? "" : "bg-danger/5"}`}>
      <th scope="row" className="sticky left-0 z-10 w-36 max-w-36 border-r border-border bg-card px-2 py-2 text-left font-normal">
        <div className="flex items-start justify-between gap-1">
          <span className="text-muted-foreground">Row {row.rowNumber}</span>
          <button type="button" aria-label={`Drop row ${row.rowNumber}`} onClick={() => onDrop(row)} className="rounded p-1 text-danger hover:bg-muted">
            <Trash2 size={16} aria-hidden />
          </button>
        </div>
        <span className={`mt-1 inline-block rounded-full px-2 text-xs ${kindStyle[row.kind]}`}>{kindLabel[row.kind]}</span>
        {problems.length > 0 ? (
          <ul className="mt-1 text-xs break-words whitespace-normal text-danger">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </th>
      {columns.map((c) => {
        const error = row.errors[c.key];
        const id = `${row.id}-${c.key}`;
        const before = row.kind === "update" && c.key in row.before ? row.before[c.key] : undefined;
        return (
          <td key={`${c.key}-${row.data[c.key] ?? ""}`} className={`px-1 py-1 ${before !== undefined ? "bg-primary/5" : ""}`}>
            <input
              aria-label={`${c.header}, row ${row.rowNumber}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error || before !== undefined ? `${id}-note` : undefined}
              defaultValue={row.data[c.key] ?? ""}
              onBlur={(event) => onFix(row, c.key, event.target.value)}
              onKeyDown={(event) => event.key === "Enter" && event.currentTarget.blur()}
              className={`min-h-9 w-full min-w-28 rounded border bg-card px-2 ${error ? "border-danger" : "border-transparent hover:border-border"}`}
            />
            {error || before !== undefined ? (
              <p id={`${id}-note`} className={`px-1 text-xs ${error ? "text-danger" : "text-muted-foreground"}`}>
                {error ?? `Was: ${before === "" ? "(empty)" : before}`}
              </p>
            ) : null}
          </td>
        );
      })}
    </tr>
  );
}
