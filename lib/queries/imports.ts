import type { QueryKey } from "@tanstack/react-query";
import type { ImportConfirmed, ImportRowsPage, StagedRow } from "../contract/imports";
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
    rows: (importId: string, page: number, limit: number, onlyInvalid: boolean) =>
      apiRead<ImportRowsPage>(
        ["imports", importId, page, limit, onlyInvalid],
        `${imports(importId)}/rows?page=${page}&limit=${limit}&only=${onlyInvalid ? "invalid" : "all"}`,
      ),
    fix: (importId: string, rowId: string, data: Record<string, string>) =>
      clientApi<{ row: StagedRow }>(districtApi(`${imports(importId)}/rows/${rowId}`), { method: "PATCH", json: { data } }),
    drop: (importId: string, rowId: string) => clientApi<{ message: string }>(districtApi(`${imports(importId)}/rows/${rowId}`), { method: "DELETE" }),
    confirm: (importId: string) =>
      confirm.path.includes(":id")
        ? clientApi<ImportConfirmed>(districtApi(confirm.path.replace(":id", importId)), { method: "POST" })
        : clientApi<ImportConfirmed>(districtApi(confirm.path), { method: "POST", json: { importId } }),
  };
}

export type SpreadsheetApi = ReturnType<typeof spreadsheetApi>;
