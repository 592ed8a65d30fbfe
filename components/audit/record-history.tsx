"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { NavLink } from "@/components/ui/nav-link";
import { auditMessages, type AuditKind } from "@/lib/contract/audit-values";
import type { HistoryAccess } from "@/lib/audit-access";
import { HISTORY_PAGE_SIZE, useAuditEntries } from "@/lib/queries/audit";
import { routes } from "@/lib/routes";
import { AuditEntryList } from "./audit-entry-list";

type Props = {
  /** The district worked in and the state's terms (historyAccessOf on the server). */
  access: NonNullable<HistoryAccess>;
  recordId: string;
  /** Only entries of this kind: a district's configuration shares its id with the district itself. */
  kind?: AuditKind;
  /** What the record is, for the panel's name ('History of Ikeja Grammar School'). */
  recordName: string;
};

/**
 * A record's History (issue: the audit trail): its entries, newest first, 20 at a time. Folded until opened,
 * and read only then: a record page costs nothing more for those who never look.
 */
export function RecordHistory({ access: { districtId, terms }, recordId, kind, recordName }: Props) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // Opened before the page's script had come (a slow line): the browser unfolded it, but its toggle event fired before
  // React listened, so the entries were never read. Once hydrated, the element says whether it is open.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  const filters: Record<string, string> = kind ? { recordId, kind } : { recordId };
  const entries = useAuditEntries(districtId, filters, HISTORY_PAGE_SIZE, open);
  const list = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <details ref={details} className="rounded-lg border border-border bg-card p-4" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-base font-semibold">History</summary>
      <div className="mt-3 flex flex-col gap-3">
        {entries.isPending && open ? (
          <p role="status" className="text-sm text-muted-foreground">
            {auditMessages.loading}
          </p>
        ) : null}
        {entries.isError ? <p role="alert">{entries.error.message}</p> : null}
        {entries.data && list.length === 0 ? <p className="text-sm text-muted-foreground">{auditMessages.noHistory}</p> : null}
        {list.length > 0 ? <AuditEntryList entries={list} terms={terms} label={`History of ${recordName}`} showRecord={false} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          {entries.hasNextPage ? (
            <Button variant="secondary" disabled={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
              {entries.isFetchingNextPage ? auditMessages.loading : "Show more"}
            </Button>
          ) : (
            <span />
          )}
          <NavLink href={`${routes.audit}?${new URLSearchParams(filters)}`} className="text-sm font-semibold text-primary hover:underline">
            Open in the audit trail
          </NavLink>
        </div>
      </div>
    </details>
  );
}
