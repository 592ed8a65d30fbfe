import type { Context } from "hono";
import {
  transactionLogFiltersSchema,
  transactionLogSearchSchema,
  type TransactionLogFilters,
  type TransactionLogPage,
  type TransactionLogTotals,
} from "../../../lib/contract/billing";
import { requestedDistrict, scopeInDistrict } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { ApiEnv } from "../../http/context";
import { xlsxResponse } from "../../spreadsheet/respond";
import { searchTransactionLogs, transactionLogTotals, type TransactionLogFilter } from "./search";
import { transactionLogSheetRows } from "./spreadsheet";

const tag = "Transaction logs";

/** The caller's scope placed in the district the call asks about (`district[0]`, the caller's when left out; 404 for one not theirs). */
async function listScope(c: Context<ApiEnv>, districtId: string | undefined) {
  const scope = c.get("scope");
  return scopeInDistrict(scope, await requestedDistrict(c.get("deps").db, scope, districtId));
}

/** The query's filters as the queries take them. */
const filterOf = <Q extends TransactionLogFilters>({ "district[0]": _district, ...filters }: Q): TransactionLogFilter => filters;

const filtersText =
  "district[0]? (the caller's district when left out; another only for a super administrator), school?, transactionAction? (FUNDING, REPORT_CARD_CHARGE, REVERSAL), searchTerm? (reference, description or school name; case-insensitive), startDate?/endDate? (days of the entry, Lagos time). Below the district level, only the charges of the caller's schools";

/** The district's ledger as staff read it (spec §3, §8): its pages, its totals (asked once per filter) and the download. */
export function transactionLogRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/transaction-logs/search",
      summary: `The transaction logs, newest first. Query: ${filtersText}, limit? (1–1000, default 50), page?. { transactionLogs: TransactionLogItem[], page, limit }; the totals are GET /transaction-logs/search-total`,
      tag,
      access: requires("transaction.view"),
      query: transactionLogSearchSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const { limit, page, ...filters } = query;
      const transactionLogs = await searchTransactionLogs(db, await listScope(c, query["district[0]"]), filterOf(filters), page, limit);
      return c.json({ transactionLogs, page, limit } satisfies TransactionLogPage);
    },
  );

  route(
    {
      method: "GET",
      path: "/transaction-logs/search-total",
      summary:
        "What GET /transaction-logs/search's filters select (the same query without limit and page): { total, credits, debits } (credits and debits in kobo). Asked once per filter, not with every page",
      tag,
      access: requires("transaction.view"),
      query: transactionLogFiltersSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      return c.json((await transactionLogTotals(db, await listScope(c, query["district[0]"]), filterOf(query))) satisfies TransactionLogTotals);
    },
  );

  route(
    {
      method: "GET",
      path: "/transaction-logs/download",
      summary: `The filtered transaction logs as transaction-logs.xlsx, newest first, streamed; every value a text cell, never a formula. Columns: Date (Lagos time), Reference, Action, Direction, Amount (₦), Balance After (₦), School, Session, Term, Pupils, Description, By, Reason, Test Money, Taken Back (Refunded, Charged back). Query: ${filtersText}`,
      tag,
      access: requires("transaction.download"),
      query: transactionLogFiltersSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = await listScope(c, query["district[0]"]);
      return xlsxResponse(c, "transaction-logs.xlsx", [{ name: "Transaction logs", rows: transactionLogSheetRows(db, scope, filterOf(query)) }]);
    },
  );
}
