"use client";

import { Button } from "@/components/ui/button";
import { NavLink } from "@/components/ui/nav-link";
import { MAX_KEPT_SELECTION } from "@/lib/kept-selection";

/** Previous and next page of a register, shown when there is more than one; neither while `busy` (a page on its way). */
export function RegisterPages({
  label,
  page,
  pages,
  onPage,
  busy = false,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Button variant="secondary" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** How many are selected (kept across pages, filters and reloads), the action on them, and 'Clear selection'. */
export function SelectionBar({ count, action, onClear }: { count: number; action: { href: string; label: string }; onClear: () => void }) {
  if (count === 0) return null;
  return (
    // On a phone it stays under the top bar while the rows scroll by, so the action is in sight of the boxes ticked.
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-primary bg-card p-3 text-sm max-sm:sticky max-sm:top-[4.5rem] max-sm:z-10 max-sm:shadow-lg"
    >
      <span className="font-medium">
        {count.toLocaleString("en")} selected
        {count >= MAX_KEPT_SELECTION ? ` (at most ${MAX_KEPT_SELECTION.toLocaleString("en")})` : ""}
      </span>
      <NavLink
        href={action.href}
        className="inline-flex min-h-11 items-center rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground hover:opacity-90"
      >
        {action.label}
      </NavLink>
      <Button variant="secondary" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}

/** How many a register's filter finds, once its total has come (a blank line until then, so nothing jumps). */
export function RegisterCount({ total, none, one, many }: { total: number | undefined; none: string; one: string; many: string }) {
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {total === undefined ? "\u00a0" : total === 0 ? none : `${total.toLocaleString("en")} ${total === 1 ? one : many}`}
    </p>
  );
}
