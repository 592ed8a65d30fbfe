"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import type { ImportConfirmed, ImportRowsPage, StagedRow } from "@/lib/contract/imports";
import { useApiRead } from "@/lib/queries/api-read";
import type { SpreadsheetApi } from "@/lib/queries/imports";
import { useApiMutation } from "@/lib/use-api-mutation";

const PAGE_SIZE = 50;

type Props = {
  /** The staged import as step one answered it. */
  first: ImportRowsPage;
  /** The entity's spreadsheet calls (lib/queries/<resource>.ts). */
  api: SpreadsheetApi;
  /** What the rows become, one and many: ["school", "schools"]. */
  noun: readonly [string, string];
  onConfirmed: (answer: ImportConfirmed) => Promise<void>;
  onCancel: () => void;
};

/**
 * Between the two steps of an import (architecture 'Spreadsheets'): the staged rows a page at a time,
 * errors on their cells, counts of valid and invalid rows; a cell is fixed by editing it (checked again at
 * once), a row can be dropped, the rows in error can be downloaded; then all are created at once.
 */
export function ImportPreview({ first, api, noun, onConfirmed, onCancel }: Props) {
  const [page, setPage] = useState(1);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const importId = first.importId;
  const rows = useApiRead(api.rows(importId, page, PAGE_SIZE, onlyInvalid), {
    initialData: page === 1 && !onlyInvalid ? first : undefined,
    placeholderData: keepPreviousData,
  });
  const current = rows.data ?? first;
  const pages = Math.max(1, Math.ceil(current.shownRows / PAGE_SIZE));
  const invalidates = [api.rowsKey(importId)];

  // A fix is saved as the cell is left, without the overlay: the grid stays usable while it is checked.
  const fixCell = useApiMutation(
    (change: { row: StagedRow; column: string; value: string }) => api.fix(importId, change.row.id, { [change.column]: change.value }),
    {
      invalidates,
      inPlace: true,
    },
  );
  const fix = (row: StagedRow, column: string, value: string) => ((row.data[column] ?? "") === value.trim() ? undefined : fixCell.run({ row, column, value }));
  const dropRow = useApiMutation((row: StagedRow) => api.drop(importId, row.id), { invalidates, inPlace: true });
  const confirmAll = useApiMutation(() => api.confirm(importId), { invalidates: [api.createdKey], onSuccess: onConfirmed });
  const busy = dropRow.busy || confirmAll.busy;
  const drop = (row: StagedRow) => dropRow.run(row);
  const confirm = () => confirmAll.run();

  return (
    <section aria-label="Spreadsheet preview" className="flex flex-col gap-3">
      {busy ? <LoadingOverlay /> : null}
      <div className="flex flex-wrap items-center gap-3" aria-live="polite">
        <p className="font-medium">{current.filename}</p>
        <span className="rounded-full bg-muted px-3 py-1 text-sm">{current.totalRows} rows</span>
        <span className="rounded-full bg-success/15 px-3 py-1 text-sm text-foreground">{current.validRows} valid</span>
        <span className={`rounded-full px-3 py-1 text-sm ${current.invalidRows > 0 ? "bg-danger/15 text-danger" : "bg-muted"}`}>
          {current.invalidRows} with errors
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={onlyInvalid}
            onChange={(event) => {
              setOnlyInvalid(event.target.checked);
              setPage(1);
            }}
            className="h-4 w-4"
          />
          Only rows with errors
        </label>
        {current.invalidRows > 0 ? (
          <a href={api.rejectedHref(importId)} download className="text-sm font-medium text-primary hover:underline">
            Download the rows with errors
          </a>
        ) : null}
      </div>
      <div className="relative overflow-x-auto rounded-lg border border-border">
        <table className="w-full min-w-[720px] border-collapse text-sm">
          <caption className="sr-only">Rows of {current.filename}; edit a cell to fix it</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="px-2 py-2">
                Row
              </th>
              {current.columns.map((c) => (
                <th key={c.key} scope="col" className="px-2 py-2">
                  {c.header}
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Drop</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {current.rows.map((row) => (
              <tr key={row.id} className={`border-t border-border align-top ${row.valid ? "" : "bg-danger/5"}`}>
                <th scope="row" className="px-2 py-2 font-normal text-muted-foreground">
                  {row.rowNumber}
                </th>
                {current.columns.map((c) => {
                  const error = row.errors[c.key];
                  const id = `${row.id}-${c.key}`;
                  return (
                    <td key={`${c.key}-${row.data[c.key] ?? ""}`} className="px-1 py-1">
                      <input
                        aria-label={`${c.header}, row ${row.rowNumber}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        defaultValue={row.data[c.key] ?? ""}
                        onBlur={(event) => void fix(row, c.key, event.target.value)}
                        onKeyDown={(event) => event.key === "Enter" && event.currentTarget.blur()}
                        className={`min-h-9 w-full min-w-28 rounded border bg-card px-2 ${error ? "border-danger" : "border-transparent hover:border-border"}`}
                      />
                      {error ? (
                        <p id={`${id}-error`} className="px-1 text-xs text-danger">
                          {error}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
                <td className="px-1 py-1">
                  <button
                    type="button"
                    aria-label={`Drop row ${row.rowNumber}`}
                    onClick={() => void drop(row)}
                    className="rounded p-2 text-danger hover:bg-muted"
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {current.rows.length === 0 ? <p className="text-sm text-muted-foreground">{onlyInvalid ? "No rows with errors." : "No rows left."}</p> : null}
      {pages > 1 ? (
        <nav aria-label="Pages of rows" className="flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={busy || current.invalidRows > 0 || current.totalRows === 0}>
          Create {current.validRows} {current.validRows === 1 ? noun[0] : noun[1]}
        </Button>
      </div>
    </section>
  );
}
