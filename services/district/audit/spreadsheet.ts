import { auditChangeText, auditKindLabel, auditOperationLabel, type AuditEntry } from "../../../lib/contract/audit-values";
import type { StateTerminologies } from "../../../lib/contract/user";
import { lagosDateTime } from "../../billing/transaction-logs/spreadsheet";
import type { Reader } from "../../db/client";
import type { StaffScope } from "../../db/scope";
import { allAuditEntries, type AuditFilter } from "./queries";

/** GET /audit/download's columns, in order. */
export const auditColumns = ["Date", "Person", "Kind", "Operation", "Record", "Record ID", "Changes"] as const;

/** The changes as one cell, a line a field: 'Name: Old name → New name'. */
export function changesText(entry: AuditEntry, terms: Partial<StateTerminologies> | null): string {
  return entry.changes.map((c) => auditChangeText(c, terms)).join("\n");
}

/** An entry in the sheet's columns, labelled with the state's terms. */
export function auditCells(entry: AuditEntry, terms: Partial<StateTerminologies> | null): string[] {
  return [
    lagosDateTime(entry.at),
    entry.actor?.name ?? "",
    auditKindLabel(entry.kind, terms),
    auditOperationLabel(entry.operation, terms),
    entry.recordName ?? "",
    entry.recordId ?? "",
    changesText(entry, terms),
  ];
}

/** The sheet's rows: the header, then every entry the filter selects, newest first, as the database hands them over. */
export async function* auditSheetRows(db: Reader, scope: StaffScope, filter: AuditFilter, terms: Partial<StateTerminologies> | null): AsyncGenerator<string[]> {
  yield [...auditColumns];
  for await (const entry of allAuditEntries(db, scope, filter)) yield auditCells(entry, terms);
}
