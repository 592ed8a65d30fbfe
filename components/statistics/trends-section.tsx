"use client";

import { Camera } from "lucide-react";
import { statisticsMessages as m, trendMessages, type TrendFigures, type TrendStatistics } from "@/lib/contract/statistics-values";
import { statisticsKeys, statisticsMutations } from "@/lib/queries/statistics";
import { toast } from "@/lib/notify";
import { useApiMutation } from "@/lib/use-api-mutation";
import { PairBars, ValueBars } from "./bars";
import { FigureTable, formatCount } from "./figure-table";
import { GenderBars } from "./gender-bars";
import { ratioText } from "./teachers-section";

const when = (iso: string) => new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "Africa/Lagos" }).format(new Date(iso));

/** A change from the session before: signed, with a true minus sign; a dash for the first session shown. */
export function changeText(now: number | null, before: number | null | undefined, digits = 0): string {
  if (now === null || before === null || before === undefined) return "—";
  const change = Math.round((now - before) * 10 ** digits) / 10 ** digits;
  const text = digits ? Math.abs(change).toFixed(digits) : formatCount(Math.abs(change));
  return change > 0 ? `+${text}` : change < 0 ? `−${text}` : digits ? (0).toFixed(digits) : "0";
}

/** How a session's row is named: its session, and whether it is a snapshot (of when) or the figures now. */
export const trendLabel = (s: TrendFigures) => `${s.session} ${s.live ? "(now)" : `(snapshot ${when(s.takenAt)})`}`;

type Row = TrendFigures & { key: string; before: TrendFigures | undefined };

/**
 * Trends (issue: statistics): the headline figures of every session with a snapshot, then the current session's as they
 * stand now, each with its change from the row before; at the district level, the button that takes the snapshot.
 */
export function TrendsSection({ figures, districtId }: { figures: TrendStatistics; districtId: string }) {
  const { busy, run } = useApiMutation(() => statisticsMutations.snapshot(districtId), {
    invalidates: [statisticsKeys.all],
    inPlace: true,
    onSuccess: () => toast.success(trendMessages.taken),
  });
  const rows: Row[] = figures.sessions.map((s, i) => ({ ...s, key: `${s.session}-${s.live}`, before: figures.sessions[i - 1] }));
  const ratio = (r: TrendFigures) => (r.ratio.value === null ? m.notComputable : r.ratio.value.toFixed(1));
  const parity = (r: TrendFigures) => (r.parity.value === null ? m.notComputable : r.parity.value.toFixed(2));
  return (
    <>
      <p className="text-sm">
        For <strong>{figures.place.name}</strong>. {trendMessages.definition}
      </p>
      {figures.sessions.every((s) => s.live) ? <p className="text-sm text-muted-foreground">{trendMessages.noSnapshots}</p> : null}
      {figures.reach.level === "district" ? (
        <div className="print:hidden">
          <button
            type="button"
            disabled={busy}
            onClick={() => void run()}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60"
          >
            <Camera size={16} aria-hidden /> Take a snapshot of {figures.currentSession}
          </button>
        </div>
      ) : null}
      {figures.notFollowed.map((key) => (
        <p key={key} role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          {trendMessages.notFollowed[key]}
        </p>
      ))}
      <GenderBars title="Pupils by session" rows={figures.sessions.map((s) => ({ ...s.pupils, label: trendLabel(s) }))} />
      {/* Under the gender filter the snapshots have no non-teaching staff of one gender: the teaching staff alone. */}
      {figures.sessions.some((s) => s.nonTeaching === null) ? (
        <ValueBars
          title="Teaching staff by session"
          legend={["Teaching staff"]}
          rows={figures.sessions.map((s) => ({ label: trendLabel(s), value: s.teaching.total, text: formatCount(s.teaching.total) }))}
        />
      ) : (
        <PairBars
          title="Staff by session"
          parts={["Teaching", "Non-teaching"]}
          rows={figures.sessions.map((s) => ({ label: trendLabel(s), first: s.teaching.total, second: s.nonTeaching ?? 0 }))}
        />
      )}
      <ValueBars
        title="Pupil–teacher ratio by session"
        legend={["Pupils per teacher", `Threshold ${figures.threshold}`]}
        mark={figures.threshold}
        rows={figures.sessions.map((s) => ({ label: trendLabel(s), value: s.ratio.value, text: ratioText(s.ratio) }))}
      />
      <FigureTable
        caption="Headline figures by year"
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { key: "session", label: "Session", value: (r) => `${r.session}${r.live ? "~" : ""}`, render: trendLabel },
          { key: "pf", label: "Girls", value: (r) => r.pupils.female, numeric: true, render: (r) => formatCount(r.pupils.female) },
          { key: "pm", label: "Boys", value: (r) => r.pupils.male, numeric: true, render: (r) => formatCount(r.pupils.male) },
          { key: "pt", label: "Pupils", value: (r) => r.pupils.total, numeric: true, render: (r) => formatCount(r.pupils.total) },
          {
            key: "pc",
            label: "Pupils, change",
            value: (r) => (r.before ? r.pupils.total - r.before.pupils.total : null),
            numeric: true,
            render: (r) => changeText(r.pupils.total, r.before?.pupils.total),
          },
          { key: "gpi", label: "Parity index", value: (r) => r.parity.value, numeric: true, render: parity },
          { key: "tt", label: "Teaching staff", value: (r) => r.teaching.total, numeric: true, render: (r) => formatCount(r.teaching.total) },
          {
            key: "tc",
            label: "Teaching, change",
            value: (r) => (r.before ? r.teaching.total - r.before.teaching.total : null),
            numeric: true,
            render: (r) => changeText(r.teaching.total, r.before?.teaching.total),
          },
          {
            key: "nt",
            label: "Non-teaching staff",
            value: (r) => r.nonTeaching,
            numeric: true,
            render: (r) => (r.nonTeaching === null ? trendMessages.notKeptByGender : formatCount(r.nonTeaching)),
          },
          { key: "ptr", label: "Pupil–teacher ratio", value: (r) => r.ratio.value, numeric: true, render: ratio },
          {
            key: "rc",
            label: "Ratio, change",
            value: (r) => (r.before && r.ratio.value !== null && r.before.ratio.value !== null ? r.ratio.value - r.before.ratio.value : null),
            numeric: true,
            render: (r) => changeText(r.ratio.value, r.before?.ratio.value, 1),
          },
        ]}
        empty={trendMessages.noSnapshots}
      />
    </>
  );
}
