import { formatNaira, type TransactionLogTotals } from "@/lib/contract/billing-values";

/** The filtered set's count, credits and debits (asked once per filter), or blank lines until they come, so nothing jumps. */
export function TransactionTotals({ totals }: { totals: TransactionLogTotals | undefined }) {
  const blank = "\u00a0";
  const items = [
    { label: "Transactions", sign: "", value: totals ? totals.total.toLocaleString("en") : blank },
    { label: "Credits", sign: "+", value: totals ? formatNaira(totals.credits) : blank },
    { label: "Debits", sign: "−", value: totals ? formatNaira(totals.debits) : blank },
  ];
  return (
    <div aria-live="polite">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-lg border border-border bg-card p-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{item.label}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">
              {totals && item.sign ? <span aria-hidden>{item.sign}</span> : null}
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
