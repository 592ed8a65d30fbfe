// The billing API's reads and keys (README 'Adding a resource', step 8), by section: the transaction logs
// (search, totals, download) below; other billing reads (the wallet's) join in sections of their own. Every
// key is under `billingKeys.all`, so a change to the ledger (a charge, a funding, a reversal) reads them anew.

import { keepPreviousData } from "@tanstack/react-query";
import type { TransactionLogPage, TransactionLogTotals } from "../contract/billing-values";
import { billingApi } from "../client-api";
import { registerFilterQuery, registerFromQuery, type RegisterFilters } from "../register-url";
import { apiRead, useApiRead } from "./api-read";

export const billingKeys = {
  all: ["billing"] as const,
  /** One entry per filter and page. */
  transactionLogs: (districtId: string, filterKey: string, page: number) => ["billing", "transaction-logs", districtId, filterKey, page] as const,
  /** One total per filter, whatever the page: paging never counts again. */
  transactionLogTotals: (districtId: string, filterKey: string) => ["billing", "transaction-log-totals", districtId, filterKey] as const,
};

// ---- transaction logs: search, totals, download ----

/** Spec §9: the logs ask for 1,000 entries at a time; the table draws only the rows on screen. */
export const TRANSACTION_LOG_PAGE_SIZE = 1000;

/** The logs' filters (spec §3 'Search filters: Transaction logs'), as the page's URL and GET /transaction-logs/search name them, in this order. */
export const transactionLogFilterKeys = ["searchTerm", "school", "transactionAction", "startDate", "endDate"] as const;
export type TransactionLogFilterKey = (typeof transactionLogFilterKeys)[number];
export type TransactionLogFilterValues = RegisterFilters<TransactionLogFilterKey>;

/** The filters and page as the URL holds them (a bookmark opens the logs as they were shared; the server page reads it too). */
export const transactionLogFiltersFromQuery = (query: URLSearchParams) => registerFromQuery(transactionLogFilterKeys, query);

/** The filters as a query string in a fixed order, empty ones left out: one cache entry per filter. */
const filterKey = (filters: TransactionLogFilterValues) => registerFilterQuery(transactionLogFilterKeys, filters).toString();

/** The filters for the API: the URL's with the district they are of. */
function apiQuery(districtId: string, filters: TransactionLogFilterValues): URLSearchParams {
  const query = registerFilterQuery(transactionLogFilterKeys, filters);
  query.set("district[0]", districtId);
  return query;
}

export const billingReads = {
  /** GET /transaction-logs/search: a page of the logs, newest first, 1,000 entries. */
  transactionLogs: (districtId: string, filters: TransactionLogFilterValues, page: number) => {
    const query = apiQuery(districtId, filters);
    query.set("limit", String(TRANSACTION_LOG_PAGE_SIZE));
    query.set("page", String(page));
    return apiRead<TransactionLogPage>(billingKeys.transactionLogs(districtId, filterKey(filters), page), `transaction-logs/search?${query}`, "billing");
  },
  /** GET /transaction-logs/search-total: how many entries the filter finds, with their credits and debits, asked once per filter. */
  transactionLogTotals: (districtId: string, filters: TransactionLogFilterValues) =>
    apiRead<TransactionLogTotals>(
      billingKeys.transactionLogTotals(districtId, filterKey(filters)),
      `transaction-logs/search-total?${apiQuery(districtId, filters)}`,
      "billing",
    ),
};

/** GET /transaction-logs/download with the filters on screen (saved as transaction-logs.xlsx). */
export const transactionLogDownloadHref = (districtId: string, filters: TransactionLogFilterValues) =>
  `${billingApi("transaction-logs/download")}?${apiQuery(districtId, filters)}`;

// A new page or filter keeps the current rows on screen until the next ones arrive: nothing jumps.
export const useTransactionLogs = (districtId: string, filters: TransactionLogFilterValues, page: number) =>
  useApiRead(billingReads.transactionLogs(districtId, filters, page), { placeholderData: keepPreviousData });
export const useTransactionLogTotals = (districtId: string, filters: TransactionLogFilterValues) =>
  useApiRead(billingReads.transactionLogTotals(districtId, filters), { placeholderData: keepPreviousData });
