import { NavLink } from "@/components/ui/nav-link";

/** Spec §2/§9: stat cards take their background from a cycle of five colours. */
const palette = [
  "bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100",
  "bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100",
  "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  "bg-rose-100 text-rose-950 dark:bg-rose-950 dark:text-rose-100",
  "bg-violet-100 text-violet-950 dark:bg-violet-950 dark:text-violet-100",
] as const;

/** A figure; with `href`, the whole card is a link to its list (its label and figure name the link). */
export function StatCard({ index, label, value, detail, href }: { index: number; label: string; value: number; detail?: string; href?: string }) {
  const body = (
    <>
      <p className="text-sm font-medium">{label}</p>
      <p className="mt-1 text-3xl font-bold tabular-nums">{value.toLocaleString("en-NG")}</p>
      {detail ? <p className="mt-1 text-xs opacity-80">{detail}</p> : null}
    </>
  );
  const look = `rounded-lg p-4 ${palette[index % palette.length]}`;
  if (!href)
    return (
      <div className={look} data-testid="stat-card">
        {body}
      </div>
    );
  return (
    <NavLink
      href={href}
      className={`${look} block underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary`}
      data-testid="stat-card"
    >
      {body}
    </NavLink>
  );
}
