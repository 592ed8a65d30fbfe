import type { QueryKey } from "@tanstack/react-query";
import type { ExistingMode, ImportConfirmed, ImportRowsPage, StagedRow } from "../contract/imports";
import { clientApi, districtApi } from "../client-api";
import { apiRead } from "./api-read";

/**
 * One entity's spreadsheet calls, as the API's spreadsheet route factory mounts them under a resource
 * (`school`, `staff`, …): template, upload, the staged rows to fix or drop, the rejected rows, confirm, download.
 */
export function spreadsheetApi(resource: string, confirm: { path: string; invalidates: QueryKey }) {
  const imports = (importId: string) => `${resource}/imports/${importId}`;
  return {
    /** What a confirmed import changes: the resource's queries. */
    createdKey: confirm.invalidates,
    templateHref: districtApi(`${resource}/template`),
    uploadUrl: districtApi(`${resource}/upload-multiple`),
    rejectedHref: (importId: string) => districtApi(`${imports(importId)}/rejected`),
    /** Every page of one import's rows: invalidated after a fix or a drop. */
    rowsKey: (importId: string) => ["imports", importId] as const,
    rows: (importId: string, page: number, limit: number, only: "all" | "invalid" | "updates") =>
      apiRead<ImportRowsPage>(["imports", importId, page, limit, only], `${imports(importId)}/rows?page=${page}&limit=${limit}&only=${only}`),
    /** What confirming does with rows naming an existing record. */
    choose: (importId: string, existing: ExistingMode) => clientApi<ImportRowsPage>(districtApi(imports(importId)), { method: "PATCH", json: { existing } }),
    dropWithError: (importId: string, column: string, message: string) =>
      clientApi<{ message: string; dropped: number }>(districtApi(`${imports(importId)}/drop-rows`), { method: "POST", json: { column, message } }),
    fix: (importId: string, rowId: string, data: Record<string, string>) =>
      clientApi<{ row: StagedRow }>(districtApi(`${imports(importId)}/rows/${rowId}`), { method: "PATCH", json: { data } }),
    drop: (importId: string, rowId: string) => clientApi<{ message: string }>(districtApi(`${imports(importId)}/rows/${rowId}`), { method: "DELETE" }),
    /** `rows: "valid"` creates the valid rows and leaves those in error. */
    // All rows is the spec's own call, without a query; the valid rows alone add `?rows=valid`.
    confirm: (importId: string, rows: "all" | "valid" = "all") => {
      const query = rows === "valid" ? "?rows=valid" : "";
      return confirm.path.includes(":id")
        ? clientApi<ImportConfirmed>(districtApi(`${confirm.path.replace(":id", importId)}${query}`), { method: "POST" })
        : clientApi<ImportConfirmed>(districtApi(`${confirm.path}${query}`), { method: "POST", json: { importId } });
    },
  };
}

export type SpreadsheetApi = ReturnType<typeof spreadsheetApi>;
