"use client";

import { Download } from "lucide-react";
import { useRegisterUrl } from "@/components/register/use-register-url";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { auditMessages } from "@/lib/contract/audit-values";
import type { StateTerminologies } from "@/lib/contract/user";
import { AUDIT_PAGE_SIZE, auditDownloadHref, auditFilterKeys, auditFiltersFromQuery, useAuditEntries } from "@/lib/queries/audit";
import { AuditEntryList } from "./audit-entry-list";
import { AuditFilterBar } from "./audit-filters";

const secondary =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

type Props = { districtId: string; terms: Partial<StateTerminologies> | null };

/**
 * The audit trail (issue: the audit trail): the district's changes, newest first, 50 at a time with
 * 'Show more', filtered in the URL, each with the fields it changed before → after; downloadable as filtered.
 */
export function AuditTrail({ districtId, terms }: Props) {
  const { filters, go } = useRegisterUrl(auditFilterKeys, auditFiltersFromQuery);
  const entries = useAuditEntries(districtId, filters, AUDIT_PAGE_SIZE);
  const list = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const actorName = filters.actor ? (list.find((e) => e.actor?.id === filters.actor)?.actor?.name ?? null) : null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap justify-end gap-2">
        {/* The trail as filtered on screen, streamed by the API. */}
        <a href={auditDownloadHref(districtId, filters)} download="audit-trail.xlsx" className={secondary}>
          <Download size={16} aria-hidden /> Download
        </a>
      </div>
      <AuditFilterBar districtId={districtId} filters={filters} onChange={(change) => go({ ...filters, ...change })} terms={terms} actorName={actorName} />
      {entries.isPending ? <LoadingOverlay text={auditMessages.loading} /> : null}
      {entries.isError ? <p role="alert">{entries.error.message}</p> : null}
      {entries.data ? (
        list.length > 0 ? (
          <div className={entries.isPlaceholderData ? "opacity-60" : ""}>
            <AuditEntryList entries={list} terms={terms} label="Changes, newest first" />
          </div>
        ) : (
          <p className="rounded-lg border border-dashed border-border bg-card p-6 text-center text-sm text-muted-foreground">
            {filtered ? auditMessages.empty : auditMessages.noHistory}
          </p>
        )
      ) : null}
      {entries.hasNextPage ? (
        <Button variant="secondary" className="self-center" disabled={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
          {entries.isFetchingNextPage ? auditMessages.loading : "Show more"}
        </Button>
      ) : null}
    </div>
  );
}
