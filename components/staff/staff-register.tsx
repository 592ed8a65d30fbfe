"use client";

import { Plus, UserPlus } from "lucide-react";
import { SpreadsheetPanel } from "@/components/import/spreadsheet-panel";
import { RegisterCount, RegisterPages, SelectionBar } from "@/components/register/register-parts";
import { useRegisterUrl } from "@/components/register/use-register-url";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { loadingTexts } from "@/lib/contract/notices";
import { staffFilterKeys } from "@/lib/contract/staff-values";
import type { StateTerminologies } from "@/lib/contract/user";
import { keptSelection, useKeptSelection } from "@/lib/kept-selection";
import { filtersFromQuery, STAFF_PAGE_SIZE, staffDownloadHref, staffSpreadsheets, useStaffRegister, useStaffTotal } from "@/lib/queries/staff";
import { routes } from "@/lib/routes";
import { StaffFilterBar } from "./staff-filters";
import { StaffTable } from "./staff-table";

type Props = {
  districtId: string;
  terminologies: StateTerminologies;
  can: { create: boolean; createAdmin: boolean; transfer: boolean; upload: boolean; download: boolean };
};

/** The district's staff register (spec §3): filters in the URL, a virtualised table, selection for transfers. */
export function StaffRegister({ districtId, terminologies, can }: Props) {
  const { filters, page, go } = useRegisterUrl(staffFilterKeys, filtersFromQuery);
  const results = useStaffRegister(districtId, filters, page);
  const counted = useStaffTotal(districtId, filters);
  const selection = useKeptSelection("staff");
  const total = counted.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
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
      {can.transfer ? (
        <SelectionBar count={selection.count} action={{ href: routes.staffTransfer, label: "Transfer selected" }} onClear={keptSelection("staff").clear} />
      ) : null}
      {results.isPending ? <LoadingOverlay text={loadingTexts.staffs} /> : null}
      {results.isError ? <p role="alert">{results.error.message}</p> : null}
      {results.data ? (
        <>
          <RegisterCount total={counted.data?.total} none="No staff member matches." one="staff member" many="staff members" />
          {rows.length > 0 ? (
            <div className={results.isPlaceholderData ? "opacity-60" : ""}>
              <StaffTable
                rows={rows}
                terminologies={terminologies}
                selectable={can.transfer}
                isSelected={selection.has}
                onSelect={keptSelection("staff").set}
                caption={`Staff, page ${page} of ${pages}`}
              />
            </div>
          ) : null}
          <RegisterPages label="Pages of staff" page={page} pages={pages} onPage={(next) => go(filters, next)} />
        </>
      ) : null}
    </div>
  );
}
