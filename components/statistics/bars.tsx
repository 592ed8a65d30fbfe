import type { ReactNode } from "react";
import { formatCount } from "./figure-table";

/**
 * Charts drawn with plain elements, like the enrolment's GenderBars (no chart library: the page stays within its
 * script budget). Each reads without colour and in print: a solid part and a hatched part, or one solid bar
 * with a dashed mark, and the numbers written beside every bar.
 */

/** A chart's frame: its title, a legend in words, and a row per label. */
function Chart({ title, legend, children }: { title: string; legend: ReactNode; children: ReactNode }) {
  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 break-inside-avoid">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm font-semibold">
        {title}
        <span className="flex flex-wrap gap-3 text-xs font-normal text-muted-foreground">{legend}</span>
      </figcaption>
      <ul className="flex flex-col gap-2">{children}</ul>
    </figure>
  );
}

function Row({ label, bar, text }: { label: string; bar: ReactNode; text: string }) {
  return (
    <li className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:items-center">
      <span className="truncate text-sm" title={label}>
        {label}
      </span>
      <span className="flex items-center gap-2">
        <span aria-hidden className="relative flex h-4 flex-1">
          {bar}
        </span>
        <span className="shrink-0 text-xs tabular-nums">{text}</span>
      </span>
    </li>
  );
}

const solid = "border border-foreground bg-foreground";
const share = (n: number, widest: number) => ({ width: `${(n / widest) * 100}%` });

/** A key of the legend: a swatch and its words. */
const Key = ({ swatch, children }: { swatch: string; children: ReactNode }) => (
  <span className="flex items-center gap-1">
    <span aria-hidden className={`inline-block h-3 w-5 ${swatch}`} /> {children}
  </span>
);

/**
 * Two parts of each row side by side in one bar: the first solid, the second hatched (teaching and non-teaching,
 * moved in and out), each part's number beside it, and the sum where it means something.
 */
export function PairBars({
  title,
  parts,
  rows,
  withTotal = true,
}: {
  title: string;
  parts: readonly [string, string];
  rows: readonly { label: string; first: number; second: number }[];
  withTotal?: boolean;
}) {
  if (rows.length === 0) return null;
  const widest = Math.max(1, ...rows.map((r) => r.first + r.second));
  return (
    <Chart
      title={title}
      legend={
        <>
          <Key swatch={solid}>{parts[0]} (solid)</Key>
          <Key swatch="hatched border border-foreground">{parts[1]} (hatched)</Key>
        </>
      }
    >
      {rows.map((r, i) => (
        <Row
          key={`${i}|${r.label}`}
          label={r.label}
          bar={
            <>
              {r.first > 0 ? <span className={solid} style={share(r.first, widest)} /> : null}
              {r.second > 0 ? <span className="hatched border border-foreground" style={share(r.second, widest)} /> : null}
            </>
          }
          text={`${parts[0]} ${formatCount(r.first)} · ${parts[1]} ${formatCount(r.second)}${withTotal ? ` · ${formatCount(r.first + r.second)}` : ""}`}
        />
      ))}
    </Chart>
  );
}

/**
 * One solid bar a row, with an optional dashed mark (the threshold, an arm's capacity) drawn across it; the
 * number, and the mark's where it differs by row, written beside.
 */
export function ValueBars({
  title,
  rows,
  mark,
  legend,
}: {
  title: string;
  rows: readonly { label: string; value: number | null; mark?: number; text: string }[];
  /** A mark the same for every row (the threshold). */
  mark?: number;
  /** The legend: what the bar and the mark stand for. */
  legend: readonly [string, string?];
}) {
  if (rows.length === 0) return null;
  const widest = Math.max(1, ...rows.map((r) => Math.max(r.value ?? 0, r.mark ?? mark ?? 0)));
  return (
    <Chart
      title={title}
      legend={
        <>
          <Key swatch={solid}>{legend[0]} (bar)</Key>
          {legend[1] ? <Key swatch="border-l-2 border-dashed border-foreground">{legend[1]} (dashed line)</Key> : null}
        </>
      }
    >
      {rows.map((r, i) => {
        const at = r.mark ?? mark;
        return (
          <Row
            key={`${i}|${r.label}`}
            label={r.label}
            bar={
              <>
                {r.value ? <span className={solid} style={share(r.value, widest)} /> : null}
                {at !== undefined ? (
                  <span className="absolute -top-1 -bottom-1 border-l-2 border-dashed border-foreground" style={{ left: `${(at / widest) * 100}%` }} />
                ) : null}
              </>
            }
            text={r.text}
          />
        );
      })}
    </Chart>
  );
}
