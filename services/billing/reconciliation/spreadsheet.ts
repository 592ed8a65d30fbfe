import { koboToNaira } from "../../../lib/contract/configuration-values";
import { reconciliationKindLabels, type ReconciliationReport } from "../../../lib/contract/reconciliation-values";

/** The download's two sheets: the days (per district) and the differences; every value a text cell (the writer never writes a formula). */
export const reconciliationDayColumns = [
  "Day",
  "District",
  "Paid at the provider",
  "Paid at the provider (₦)",
  "Credited",
  "Credited (₦)",
  "Taken back (₦)",
  "Differences",
] as const;
export const reconciliationDifferenceColumns = ["Day", "District", "Difference", "Reference", "Provider (₦)", "Ledger (₦)", "Provider status"] as const;

const naira = (kobo: number | null) => (kobo === null ? "" : koboToNaira(kobo));
const districtName = (d: { name: string } | null) => d?.name ?? "Not started from the portal";

export function reconciliationDayRows(report: ReconciliationReport): string[][] {
  return [
    [...reconciliationDayColumns],
    ...report.days.map((d) => [
      d.day,
      districtName(d.district),
      String(d.providerCount),
      naira(d.providerAmount),
      String(d.creditedCount),
      naira(d.creditedAmount),
      naira(d.takenBackAmount),
      String(d.differences),
    ]),
  ];
}

export function reconciliationDifferenceRows(report: ReconciliationReport): string[][] {
  return [
    [...reconciliationDifferenceColumns],
    ...report.differences.map((d) => [
      d.day,
      districtName(d.district),
      reconciliationKindLabels[d.kind],
      d.reference,
      naira(d.providerAmount),
      naira(d.ledgerAmount),
      d.providerStatus ?? "",
    ]),
  ];
}
