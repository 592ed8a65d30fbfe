"use client";

import type { LucideIcon } from "lucide-react";
import { createContext, use, useCallback, useRef, useSyncExternalStore, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ColumnHeads } from "@/components/ui/column-heads";
import { NavLink } from "@/components/ui/nav-link";
import { phoneCards } from "@/components/ui/phone-cards";
import { loadingTexts } from "@/lib/contract/notices";

/*
 * The layout shared by the screens that act on a register's kept selection (a staff transfer, a group move
 * of pupils) and by their lists: pick a destination for the selection, review each one's move, confirm.
 * The behaviour (what is asked, reviewed and sent) stays with each screen.
 */

const linkButton = "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 text-sm font-semibold hover:bg-muted";

/** A link that reads as a button: back to the register, a new transfer. */
export function ActionLink({ href, icon: Icon, children }: { href: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <NavLink href={href} className={linkButton}>
      <Icon size={16} aria-hidden /> {children}
    </NavLink>
  );
}

// The selection lives in sessionStorage, which the server cannot read: until the page is hydrated, say nothing of it.
const noSubscription = () => () => undefined;
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const notice = "flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-6";

/**
 * The form, once the page is hydrated and there is something to act on: else why not (`empty`: nothing
 * is selected; `denied`: the user may not list the destinations), with the way back.
 */
export function SelectionGate({ back, empty, denied, children }: { back: ReactNode; empty?: string; denied?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return <p role="status">{loadingTexts.default}</p>;
  if (empty !== undefined)
    return (
      <div className={notice}>
        <p>{empty}</p>
        {back}
      </div>
    );
  if (denied !== undefined)
    return (
      <div role="alert" className={notice}>
        <p>{denied}</p>
        {back}
      </div>
    );
  return children;
}

/** How many the form acts on ("2 pupils selected for this move."), the way back, and the API's word on the selection as a whole. */
export function SelectionSummary({ count, action, back, error }: { count: string; action: string; back: ReactNode; error?: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite">
          <strong>{count}</strong>
          {` selected for this ${action}.`}
        </p>
        {back}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

const FocusReview = createContext<() => void>(() => undefined);

/** The review of each one's move, under its 'Review' heading; `busy` while the review shown is not yet the current one. */
export function ReviewSection({ headingId, busy, children }: { headingId: string; busy?: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useCallback(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} aria-busy={busy} className="flex flex-col gap-3">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Review
      </h2>
      <FocusReview value={focus}>{children}</FocusReview>
    </section>
  );
}

/**
 * The review's table: one row a move, the last column each row's Remove. `width` is its least width (a Tailwind min-w class).
 * Its rows draw themselves as cards on a phone (`phoneCards`).
 */
export function ReviewTable({
  caption,
  labels,
  cellClassName,
  width,
  children,
}: {
  caption: string;
  labels: ReactNode[];
  cellClassName: string;
  width: string;
  children: ReactNode;
}) {
  return (
    <div className={`relative overflow-x-auto rounded-lg border border-border ${phoneCards.frame}`}>
      <table className={`w-full ${width} border-collapse text-left text-sm ${phoneCards.table}`}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          className={`bg-muted ${phoneCards.head}`}
          cellClassName={cellClassName}
          labels={[
            ...labels,
            <span key="selection" className="sr-only">
              Selection
            </span>,
          ]}
        />
        <tbody className={phoneCards.body}>{children}</tbody>
      </table>
    </div>
  );
}

/** Takes one out of the selection (and so out of the review). */
export function RemoveFromSelection({ name, onRemove }: { name: string; onRemove: () => void }) {
  const focusReview = use(FocusReview);
  return (
    <Button
      variant="secondary"
      className="min-h-9 px-3 py-1"
      aria-label={`Remove ${name} from the selection`}
      onClick={() => {
        onRemove();
        // The row and its button go: keep keyboard users in the review instead of at the top of the page.
        focusReview();
      }}
    >
      Remove
    </Button>
  );
}
