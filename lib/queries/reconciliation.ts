import type { ReconciliationReport } from "../contract/reconciliation-values";
import { billingApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/** The reconciliation of the provider's payments with the ledger (billing API, super administrators only). */
export const reconciliationKeys = { of: (from: string, to: string) => ["reconciliation", from, to] as const };

const rangeQuery = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

export const reconciliationReads = {
  of: (from: string, to: string) => apiRead<ReconciliationReport>(reconciliationKeys.of(from, to), `reconciliation?${rangeQuery(from, to)}`, "billing"),
};

/** Asked only once a range has been chosen (it calls the provider): not refetched on focus. */
export const useReconciliation = (range: { from: string; to: string } | null) =>
  useApiRead(reconciliationReads.of(range?.from ?? "", range?.to ?? ""), { enabled: range !== null, refetchOnWindowFocus: false, retry: false });

/** GET /reconciliation/download of the range (saved as reconciliation-<from>-<to>.xlsx). */
export const reconciliationDownloadHref = (from: string, to: string) => `${billingApi("reconciliation/download")}?${rangeQuery(from, to)}`;
