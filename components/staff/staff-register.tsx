"use client";

import { Plus, UserPlus } from "lucide-react";
import { SpreadsheetPanel } from "@/components/import/spreadsheet-panel";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { loadingTexts } from "@/lib/contract/notices";
import type { StaffFilters } from "@/lib/contract/staff-values";
import type { StateTerminologies } from "@/lib/contract/user";
import {
  filtersFromQuery,
  STAFF_PAGE_SIZE,
  staffDownloadHref,
  staffFilterQuery,
  staffSpreadsheets,
  useStaffRegister,
  useStaffTotal,
} from "@/lib/queries/staff";
import { routes } from "@/lib/routes";
import { MAX_SELECTED_STAFF, staffSelection, useStaffSelection } from "@/lib/staff-selection";
import { StaffFilterBar } from "./staff-filters";
import { StaffTable } from "./staff-table";

type Props = {
  districtId: string;
  terminologies: StateTerminologies;
  can: { create: boolean; createAdmin: boolean; transfer: boolean; upload: boolean; download: boolean };
};

/** The district's staff register (spec §3): filters in the URL, a virtualised table, selection for transfers. */
export function StaffRegister({ districtId, terminologies, can }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const { filters, page } = useMemo(() => filtersFromQuery(new URLSearchParams(search.toString())), [search]);
  const results = useStaffRegister(districtId, filters, page);
  const counted = useStaffTotal(districtId, filters);
  const selection = useStaffSelection();
  const total = counted.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));

  const go = (next: StaffFilters, nextPage = 1) => {
    const query = staffFilterQuery(next);
    if (nextPage > 1) query.set("page", String(nextPage));
    router.replace(query.size > 0 ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const rows = results.data?.foundStaffs ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap justify-end gap-2">
        {can.createAdmin ? (
          <NavLink
            href={`${routes.newStaff}?as=district-admin`}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-4 py-2 text-sm font-semibold hover:bg-muted"
          >
            <UserPlus size={16} aria-hidden /> Add district admin
          </NavLink>
        ) : null}
        {can.create ? (
          <NavLink
            href={routes.newStaff}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90"
          >
            <Plus size={16} aria-hidden /> Add staff
          </NavLink>
        ) : null}
      </div>
      <SpreadsheetPanel
        api={staffSpreadsheets}
        noun={["staff member", "staff"]}
        done={routes.staffManagement}
        canUpload={can.upload}
        // The download is of the list as filtered on screen.
        download={can.download ? { href: staffDownloadHref(districtId, filters), filename: "staffs.xlsx" } : null}
      />
      <StaffFilterBar districtId={districtId} filters={filters} onChange={(change) => go({ ...filters, ...change })} />
      {can.transfer && selection.count > 0 ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-primary bg-card p-3 text-sm">
          <span className="font-medium">
            {selection.count.toLocaleString("en")} selected
            {selection.count >= MAX_SELECTED_STAFF ? ` (at most ${MAX_SELECTED_STAFF.toLocaleString("en")})` : ""}
          </span>
          <NavLink
            href={routes.staffTransfer}
            className="inline-flex min-h-11 items-center rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground hover:opacity-90"
          >
            Transfer selected
          </NavLink>
          <Button variant="secondary" onClick={staffSelection.clear}>
            Clear selection
          </Button>
        </div>
      ) : null}
      {results.isPending ? <LoadingOverlay text={loadingTexts.staffs} /> : null}
      {results.isError ? <p role="alert">{results.error.message}</p> : null}
      {results.data ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {!counted.data ? "\u00a0" : total === 0 ? "No staff member matches." : `${total.toLocaleString("en")} staff member${total === 1 ? "" : "s"}`}
          </p>
          {rows.length > 0 ? (
            <div className={results.isPlaceholderData ? "opacity-60" : ""}>
              <StaffTable
                rows={rows}
                terminologies={terminologies}
                selectable={can.transfer}
                isSelected={selection.has}
                onSelect={staffSelection.set}
                caption={`Staff, page ${page} of ${pages}`}
              />
            </div>
          ) : null}
          {pages > 1 ? (
            <nav aria-label="Pages of staff" className="flex items-center justify-center gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => go(filters, page - 1)}>
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => go(filters, page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
