import type { DashboardInformation } from "@/lib/contract/dashboard";

/** Students per LGEA as horizontal bars; the numbers are written beside them, so the chart reads without colour. */
export function StudentsChart({ rows }: { rows: DashboardInformation["studentsPerLgea"] }) {
  const max = Math.max(1, ...rows.map((r) => r.students));
  return (
    <figure className="rounded-lg border border-border bg-card p-4">
      <figcaption className="mb-3 font-semibold">Students per LGEA</figcaption>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">No students yet.</p> : null}
      <ul className="flex flex-col gap-2">
        {rows.map((row) => (
          <li key={row.lgea} className="grid grid-cols-[minmax(6rem,10rem)_1fr_3rem] items-center gap-2 text-sm">
            <span className="truncate">{row.lgea}</span>
            <span className="h-4 rounded bg-primary" style={{ width: `${(row.students / max) * 100}%` }} aria-hidden />
            <span className="text-right tabular-nums">{row.students}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
