import type { ReactNode } from "react";
import { statisticsMessages as m } from "@/lib/contract/statistics-values";

type Read<T> = { data: T | undefined; isPending: boolean; isError: boolean; error: Error | null; isPlaceholderData: boolean; isFetching: boolean };

/**
 * One section of figures in its three states: computing (a status line), refused or failed (an alert with the
 * API's message), and shown (dimmed while newer figures for changed filters are on their way).
 */
export function SectionState<T>({ read, title, id, children }: { read: Read<T>; title: string; id: string; children: (data: T) => ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4" data-section={id}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {read.isPending ? (
        <p role="status" className="rounded-lg border border-border bg-card p-6 text-center text-sm">
          {m.loading}
        </p>
      ) : null}
      {read.isError ? (
        <p role="alert" className="rounded-lg border border-danger p-4 text-sm">
          {read.error?.message}
        </p>
      ) : null}
      {read.data ? (
        <div className={`flex flex-col gap-4 ${read.isPlaceholderData ? "opacity-60" : ""}`} aria-busy={read.isFetching}>
          {children(read.data)}
        </div>
      ) : null}
    </section>
  );
}

/** A row of headline figures, each a term and its number. */
export function Headline({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map(([label, n]) => (
        <div key={label} className="rounded-lg border border-border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{n}</dd>
        </div>
      ))}
    </dl>
  );
}
