import type { GenderCount } from "@/lib/contract/statistics-values";
import { formatCount } from "./figure-table";

/**
 * A chart of pupils by gender drawn with plain elements (no chart library: the page stays within its script
 * budget): a bar per row, girls solid and boys hatched, so it reads without colour and in print, with the
 * numbers written beside every bar.
 */
export function GenderBars({ title, rows }: { title: string; rows: readonly (GenderCount & { label: string })[] }) {
  const widest = Math.max(1, ...rows.map((r) => r.total));
  if (rows.length === 0) return null;
  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 break-inside-avoid">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm font-semibold">
        {title}
        <span className="flex gap-3 text-xs font-normal text-muted-foreground">
          <span className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-3 w-5 border border-foreground bg-foreground" /> Female (solid)
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden className="hatched inline-block h-3 w-5 border border-foreground" /> Male (hatched)
          </span>
        </span>
      </figcaption>
      <ul className="flex flex-col gap-2">
        {rows.map((r) => (
          <li key={r.label} className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:items-center">
            <span className="truncate text-sm">{r.label}</span>
            <span className="flex items-center gap-2">
              <span aria-hidden className="flex h-4 flex-1">
                {r.female > 0 ? <span className="border border-foreground bg-foreground" style={{ width: `${(r.female / widest) * 100}%` }} /> : null}
                {r.male > 0 ? <span className="hatched border border-foreground" style={{ width: `${(r.male / widest) * 100}%` }} /> : null}
              </span>
              <span className="shrink-0 text-xs tabular-nums">
                F {formatCount(r.female)} · M {formatCount(r.male)} · {formatCount(r.total)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
