import { takenBackLabels, transactionActionLabels, type TransactionLogItem } from "../../../lib/contract/billing-values";
import { koboToNaira } from "../../../lib/contract/configuration-values";
import type { Reader } from "../../db/client";
import type { StaffScope } from "../../db/scope";
import { allTransactionLogs, type TransactionLogFilter } from "./search";

/** GET /transaction-logs/download's columns, in order. */
export const transactionLogColumns = [
  "Date",
  "Reference",
  "Action",
  "Direction",
  "Amount (₦)",
  "Balance After (₦)",
  "School",
  "Session",
  "Term",
  "Pupils",
  "Description",
  "By",
  "Reason",
  "Test Money",
  "Taken Back",
] as const;

const HOUR_MS = 3_600_000;

/** An instant as Lagos reads it (WAT, UTC+1, no daylight saving), sortable as text: 2026-03-05 14:22:07. */
export const lagosDateTime = (iso: string) => new Date(Date.parse(iso) + HOUR_MS).toISOString().slice(0, 19).replace("T", " ");

/** An entry in the sheet's columns: amounts in naira with kobo (no separators, so a spreadsheet reads them as numbers when asked). */
export function transactionLogCells(e: TransactionLogItem): string[] {
  return [
    lagosDateTime(e.createdAt),
    e.reference,
    transactionActionLabels[e.action],
    e.direction === "credit" ? "Credit" : "Debit",
    koboToNaira(e.amount),
    koboToNaira(e.balanceAfter),
    e.school?.name ?? "",
    e.academicSession ?? "",
    e.term ?? "",
    e.pupils === null ? "" : String(e.pupils),
    e.description,
    e.by ?? "",
    e.reason ?? "",
    e.testMoney ? "Yes" : "",
    // A funding the provider took back (refunded, or lost in a dispute): as the logs mark it on screen.
    e.takenBack.map((action) => takenBackLabels[action]).join(", "),
  ];
}

/** The sheet's rows: the header, then every entry the filter selects, newest first, as the database hands them over. */
export async function* transactionLogSheetRows(db: Reader, scope: StaffScope, filters: TransactionLogFilter): AsyncGenerator<string[]> {
  yield [...transactionLogColumns];
  for await (const entry of allTransactionLogs(db, scope, filters)) yield transactionLogCells(entry);
}
