"use client";

import { Download } from "lucide-react";
import { RegisterPages } from "@/components/register/register-parts";
import type { RegisterColumn } from "@/components/register/register-table";
import { useRegisterUrl } from "@/components/register/use-register-url";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import type { TransactionLogItem } from "@/lib/contract/billing-values";
import { loadingTexts } from "@/lib/contract/notices";
import {
  TRANSACTION_LOG_PAGE_SIZE,
  transactionLogDownloadHref,
  transactionLogFilterKeys,
  transactionLogFiltersFromQuery,
  useTransactionLogs,
  useTransactionLogTotals,
} from "@/lib/queries/billing";
import { ReverseEntry } from "./reverse-entry";
import { TransactionLogFilterBar } from "./transaction-filters";
import { TransactionTable } from "./transaction-table";
import { TransactionTotals } from "./transaction-totals";

const secondary =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

type Props = {
  districtId: string;
  /** download: transaction.download; schools: school.view (the school filter's list); reverse: a super administrator. */
  can: { download: boolean; schools: boolean; reverse: boolean };
};

/**
 * The transaction logs (spec §3, §8 'Getting transaction logs...'): filters in the URL, 1,000 entries a page
 * in a virtualised table, newest first, the filtered set's totals asked once per filter, and the download as filtered.
 */
export function TransactionLogs({ districtId, can }: Props) {
  const { filters, page, go } = useRegisterUrl(transactionLogFilterKeys, transactionLogFiltersFromQuery);
  const results = useTransactionLogs(districtId, filters, page);
  const totals = useTransactionLogTotals(districtId, filters);
  const pages = Math.max(1, Math.ceil((totals.data?.total ?? 0) / TRANSACTION_LOG_PAGE_SIZE));
  const rows = results.data?.transactionLogs ?? [];
  const filtered = Object.values(filters).some(Boolean);

  // Super administrators correct an entry by reversing it.
  const reverseColumn: RegisterColumn<TransactionLogItem> | null = can.reverse
    ? { label: "Correction", width: "sm:w-[7.5rem]", cell: (entry) => <ReverseEntry entry={entry} /> }
    : null;

  return (
    <div className="flex flex-col gap-4">
      {can.download ? (
        <div className="flex flex-wrap justify-end gap-2">
          {/* The logs as filtered on screen, streamed by the billing API. */}
          <a href={transactionLogDownloadHref(districtId, filters)} download="transaction-logs.xlsx" className={secondary}>
            <Download size={16} aria-hidden /> Download
          </a>
        </div>
      ) : null}
      <TransactionLogFilterBar districtId={districtId} filters={filters} onChange={(change) => go({ ...filters, ...change })} canListSchools={can.schools} />
      {results.isPending ? <LoadingOverlay text={loadingTexts.transactionLogs} /> : null}
      {results.isError ? <p role="alert">{results.error.message}</p> : null}
      {results.data ? (
        <>
          <TransactionTotals totals={totals.data} />
          {rows.length > 0 ? (
            <div className={results.isPlaceholderData ? "opacity-60" : ""}>
              <TransactionTable rows={rows} caption={`Transaction logs, newest first, page ${page} of ${pages}`} action={reverseColumn} />
            </div>
          ) : (
            <p className="rounded-lg border border-dashed border-border bg-card p-6 text-center text-sm text-muted-foreground">
              {filtered ? "No transaction matches these filters." : "No transactions yet. Funding the wallet and buying report cards will show here."}
            </p>
          )}
          <RegisterPages label="Pages of transaction logs" page={page} pages={pages} onPage={(next) => go(filters, next)} />
        </>
      ) : null}
    </div>
  );
}
