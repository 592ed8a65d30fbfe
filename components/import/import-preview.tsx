"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { importMessages, type ExistingMode, type ImportConfirmed, type ImportRowsPage, type StagedRow } from "@/lib/contract/imports";
import { useApiRead } from "@/lib/queries/api-read";
import type { SpreadsheetApi } from "@/lib/queries/imports";
import { useApiMutation } from "@/lib/use-api-mutation";
import { ImportRow } from "./import-row";

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
 * Between the two steps of an import (architecture 'Spreadsheets'): the staged rows a page at a time, each
 * new, an update of the record its key names (each changed cell with its old value) or unchanged, errors on
 * their cells; a cell is fixed by editing it (checked again at once), a row or every row with one error can be
 * dropped, the rows in error can be downloaded. The user chooses what happens to updates (apply, skip, or
 * treat as errors), then creates and applies all at once, or creates the valid rows and leaves the rest.
 */
export function ImportPreview({ first, api, noun, onConfirmed, onCancel }: Props) {
  const [page, setPage] = useState(1);
  const [only, setOnly] = useState<"all" | "invalid" | "updates">("all");
  const importId = first.importId;
  const rows = useApiRead(api.rows(importId, page, PAGE_SIZE, only), {
    initialData: page === 1 && only === "all" ? first : undefined,
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
  const fix = (row: StagedRow, column: string, value: string) =>
    (row.data[column] ?? "") === value.trim() ? undefined : void fixCell.run({ row, column, value });
  const dropRow = useApiMutation((row: StagedRow) => api.drop(importId, row.id), { invalidates, inPlace: true });
  const dropAll = useApiMutation((error: { column: string; message: string }) => api.dropWithError(importId, error.column, error.message), {
    invalidates,
    inPlace: true,
  });
  const choose = useApiMutation((existing: ExistingMode) => api.choose(importId, existing), { invalidates, inPlace: true });
  const confirmAll = useApiMutation((rows: "all" | "valid") => api.confirm(importId, rows), {
    invalidates: [api.createdKey, ...invalidates],
    onSuccess: onConfirmed,
  });
  const busy = dropRow.busy || dropAll.busy || choose.busy || confirmAll.busy;

  const matched = current.updateRows + current.unchangedRows > 0 || current.existing === "error";
  const applying = current.existing === "update";
  const updates = applying ? current.updateRows : 0;
  const nouns = (n: number) => `${n} ${n === 1 ? noun[0] : noun[1]}`;
  const action = updates > 0 ? `Create ${current.newRows} and update ${nouns(updates)}` : `Create ${nouns(current.newRows)}`;
  // Why the main button cannot be pressed, said beside it (never a silent disabled button).
  const blocked =
    current.invalidRows > 0
      ? `${importMessages.fixFirst(current.invalidRows)} Or create the valid rows and leave the rest.`
      : updates > 0 && !current.mayUpdate
        ? importMessages.mayNotUpdate
        : current.newRows + updates === 0
          ? importMessages.nothingToChange
          : undefined;
  // The errors of the rows shown, each once with how many rows here have it: any can be dropped from every row at once.
  const errorGroups = new Map<string, { column: string; header: string; message: string; count: number }>();
  for (const row of current.rows)
    for (const [column, message] of Object.entries(row.errors)) {
      const key = `${column}\n${message}`;
      const header = current.columns.find((c) => c.key === column)?.header ?? column;
      errorGroups.set(key, { column, header, message, count: (errorGroups.get(key)?.count ?? 0) + 1 });
    }

  return (
    <section aria-label="Spreadsheet preview" className="flex flex-col gap-3">
      {busy ? <LoadingOverlay /> : null}
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <p className="w-full font-medium break-all sm:w-auto">{current.filename}</p>
        <span className="rounded-full bg-muted px-3 py-1 text-sm">{current.totalRows} rows</span>
        <span className="rounded-full bg-success/15 px-3 py-1 text-sm text-foreground">{current.validRows} valid</span>
        {matched ? (
          <>
            <span className="rounded-full bg-success/15 px-3 py-1 text-sm text-foreground">{current.newRows} new</span>
            <span className="rounded-full bg-primary/15 px-3 py-1 text-sm text-foreground">
              {current.updateRows} {current.updateRows === 1 ? "update" : "updates"}
            </span>
            <span className="rounded-full bg-muted px-3 py-1 text-sm">{current.unchangedRows} unchanged</span>
          </>
        ) : null}
        <span className={`rounded-full px-3 py-1 text-sm ${current.invalidRows > 0 ? "bg-danger/15 text-danger" : "bg-muted"}`}>
          {current.invalidRows} with errors
        </span>
      </div>
      {matched ? (
        <fieldset className="flex flex-col gap-1 rounded-lg border border-border p-3 text-sm">
          <legend className="px-1 font-medium">Rows for {noun[1]} that already exist</legend>
          {(
            [
              ["update", "Apply the updates"],
              ["skip", "Skip them"],
              ["error", "Treat them as errors"],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="flex min-h-9 items-center gap-2">
              <input
                type="radio"
                name={`existing-${importId}`}
                checked={current.existing === mode}
                disabled={busy}
                onChange={() => void choose.run(mode)}
                className="h-4 w-4"
              />
              {label}
            </label>
          ))}
          {!current.mayUpdate ? <p className="text-muted-foreground">{importMessages.mayNotUpdate}</p> : null}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          Show
          <select
            value={only}
            onChange={(event) => {
              setOnly(event.target.value as typeof only);
              setPage(1);
            }}
            className="min-h-9 rounded border border-border bg-card px-2"
          >
            <option value="all">All rows</option>
            <option value="invalid">Only rows with errors</option>
            <option value="updates">Only updates</option>
          </select>
        </label>
        {current.invalidRows > 0 ? (
          <a href={api.rejectedHref(importId)} download className="text-sm font-medium text-primary hover:underline">
            Download the rows with errors
          </a>
        ) : null}
      </div>
      {errorGroups.size > 0 ? (
        <ul aria-label="Errors on this page" className="flex flex-col gap-2 text-sm">
          {[...errorGroups.values()].slice(0, 6).map((g) => (
            <li key={`${g.column}-${g.message}`} className="flex flex-wrap items-center gap-2">
              <span className="text-danger">
                {g.header}: {g.message} ({g.count} {g.count === 1 ? "row" : "rows"} here)
              </span>
              <Button variant="secondary" disabled={busy} onClick={() => void dropAll.run({ column: g.column, message: g.message })}>
                Drop every row with this error
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative overflow-x-auto rounded-lg border border-border">
        <table className="w-full min-w-[720px] border-collapse text-sm">
          <caption className="sr-only">Rows of {current.filename}; edit a cell to fix it</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-muted px-2 py-2">
                Row
              </th>
              {current.columns.map((c) => (
                <th key={c.key} scope="col" className="px-2 py-2">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {current.rows.map((row) => (
              <ImportRow key={row.id} row={row} columns={current.columns} onFix={fix} onDrop={(r) => void dropRow.run(r)} />
            ))}
          </tbody>
        </table>
      </div>
      {current.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{only === "invalid" ? "No rows with errors." : only === "updates" ? "No updates." : "No rows left."}</p>
      ) : null}
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
      {blocked ? (
        <p id={`${importId}-blocked`} className="text-right text-sm text-muted-foreground">
          {blocked}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {current.invalidRows > 0 && current.validRows > 0 ? (
          <Button variant="secondary" onClick={() => void confirmAll.run("valid")} disabled={busy}>
            Create the {current.validRows} valid {current.validRows === 1 ? "row" : "rows"}, leave the rest
          </Button>
        ) : null}
        <Button
          onClick={() => void confirmAll.run("all")}
          disabled={busy || blocked !== undefined}
          aria-describedby={blocked ? `${importId}-blocked` : undefined}
        >
          {action}
        </Button>
      </div>
    </section>
  );
}
