"use client";

import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import { formWithoutScript } from "@/lib/form-without-script";
import { reconciliationMessages as m, maxReconciliationDays } from "@/lib/contract/reconciliation-values";
import { reconciliationDownloadHref, useReconciliation } from "@/lib/queries/reconciliation";
import { ReconciliationTables } from "./reconciliation-tables";

const DAY_MS = 86_400_000;
/** Today and a week back, Lagos days: the range the page opens with. */
function lastWeek(): { from: string; to: string } {
  const lagos = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);
  const now = Date.now();
  return { from: lagos(now - 6 * DAY_MS), to: lagos(now) };
}
const span = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

const secondary =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

/**
 * Super administrators compare the provider's payments with the ledger over a range of days (at most 31): the days of
 * each district, then every difference, and the same as a workbook. The provider is asked only when a range is shown.
 */
export function ReconciliationView() {
  const [draft, setDraft] = useState(lastWeek);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const read = useReconciliation(range);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { from?: string; to?: string } = {};
    if (!draft.from) found.from = m.fromRequired;
    if (!draft.to) found.to = m.toRequired;
    else if (draft.from && draft.from > draft.to) found.to = m.fromAfterTo;
    else if (draft.from && span(draft.from, draft.to) > maxReconciliationDays) found.to = m.rangeTooLong;
    setErrors(found);
    if (!found.from && !found.to) setRange({ ...draft });
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        {...formWithoutScript}
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-end"
      >
        <TextField type="date" label="First day" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} error={errors.from} />
        <TextField type="date" label="Last day" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} error={errors.to} />
        <Button type="submit" disabled={read.isFetching}>
          Compare
        </Button>
      </form>
      {range === null ? (
        <p className="text-sm text-muted-foreground">
          Choose up to {maxReconciliationDays} days and compare: the provider is asked for its payments of those days.
        </p>
      ) : null}
      {range && read.isPending ? <LoadingOverlay text="Comparing the provider's payments with the ledger…" /> : null}
      {read.isError ? <p role="alert">{read.error.message}</p> : null}
      {range && read.data ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p role="status" className="text-sm">
              {read.data.from} to {read.data.to}: {read.data.differences.length === 1 ? "1 difference" : `${read.data.differences.length} differences`}
            </p>
            <a href={reconciliationDownloadHref(range.from, range.to)} download className={secondary}>
              <Download size={16} aria-hidden /> Download
            </a>
          </div>
          <ReconciliationTables report={read.data} />
        </>
      ) : null}
    </div>
  );
}
