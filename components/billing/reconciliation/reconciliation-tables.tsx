import { formatNaira } from "@/lib/contract/billing-values";
import { reconciliationKindLabels, reconciliationMessages, type ReconciliationReport } from "@/lib/contract/reconciliation-values";

const money = (kobo: number | null) => (kobo === null ? "—" : formatNaira(kobo));
const districtName = (d: { name: string } | null) => d?.name ?? "Not started from the portal";
/** A table that scrolls sideways on a narrow screen, reachable and scrollable with the keyboard. */
const frame = "overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-primary";
const cell = "px-3 py-2 text-left align-top";

/** The report: the differences first (what needs doing), then each day of each district. */
export function ReconciliationTables({ report }: { report: ReconciliationReport }) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="reconciliation-differences" className="flex flex-col gap-2">
        <h2 id="reconciliation-differences" className="text-lg font-semibold">
          Differences
        </h2>
        {report.differences.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border bg-card p-6 text-center text-sm text-muted-foreground">
            {reconciliationMessages.noDifferences}
          </p>
        ) : (
          // A scrolling region takes focus, so a keyboard can scroll it (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div className={frame} tabIndex={0} role="region" aria-label="Differences, scrollable">
            <table className="w-full min-w-[720px] text-sm">
              <thead className="bg-muted text-xs uppercase text-muted-foreground">
                <tr>
                  {["Day", "District", "Difference", "Reference", "Provider", "Ledger", "Provider status"].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {report.differences.map((d, i) => (
                  <tr key={`${d.kind}-${d.reference}-${i}`}>
                    <td className={`${cell} whitespace-nowrap`}>{d.day}</td>
                    <td className={cell}>{districtName(d.district)}</td>
                    <td className={`${cell} font-medium`}>{reconciliationKindLabels[d.kind]}</td>
                    <th scope="row" className={`${cell} break-all font-mono text-xs font-normal`}>
                      {d.reference}
                    </th>
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>{money(d.providerAmount)}</td>
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>{money(d.ledgerAmount)}</td>
                    <td className={cell}>{d.providerStatus ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="reconciliation-days" className="flex flex-col gap-2">
        <h2 id="reconciliation-days" className="text-lg font-semibold">
          Days by district
        </h2>
        {report.days.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border bg-card p-6 text-center text-sm text-muted-foreground">
            Neither the provider nor the ledger has a payment in these days.
          </p>
        ) : (
          // A scrolling region takes focus, so a keyboard can scroll it (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div className={frame} tabIndex={0} role="region" aria-label="Days by district, scrollable">
            <table className="w-full min-w-[720px] text-sm">
              <thead className="bg-muted text-xs uppercase text-muted-foreground">
                <tr>
                  {["Day", "District", "Paid at the provider", "Credited", "Taken back", "Differences"].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {report.days.map((d) => (
                  <tr key={`${d.day}-${d.district?.id ?? ""}`}>
                    <td className={`${cell} whitespace-nowrap`}>{d.day}</td>
                    <th scope="row" className={`${cell} font-normal`}>
                      {districtName(d.district)}
                    </th>
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>
                      {money(d.providerAmount)} ({d.providerCount})
                    </td>
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>
                      {money(d.creditedAmount)} ({d.creditedCount})
                    </td>
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>{money(d.takenBackAmount)}</td>
                    <td className={`${cell} tabular-nums ${d.differences ? "font-semibold text-danger" : ""}`}>{d.differences}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
