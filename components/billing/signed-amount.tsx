import { formatNaira, type LedgerDirection } from "@/lib/contract/billing-values";

/** An entry's amount as the ledger reads: + for credits, − for debits, coloured and spelled out for screen readers. */
export function SignedAmount({ amount, direction }: { amount: number; direction: LedgerDirection }) {
  const credit = direction === "credit";
  return (
    <span className={`tabular-nums font-semibold ${credit ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}>
      <span aria-hidden>{credit ? "+" : "−"}</span>
      <span className="sr-only">{credit ? "credit of " : "debit of "}</span>
      {formatNaira(amount)}
    </span>
  );
}
