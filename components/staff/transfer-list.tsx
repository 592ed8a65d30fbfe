"use client";

import { ArrowLeft, ArrowRightLeft } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, useTransition } from "react";
import { DateField } from "@/components/form/date-field";
import { SelectField } from "@/components/form/select-field";
import { RegisterCount, RegisterPages } from "@/components/register/register-parts";
import { ActionLink } from "@/components/register/selection-action";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { loadingTexts } from "@/lib/contract/notices";
import { isCalendarDay } from "@/lib/contract/staff-values";
import type { StaffTransferSummary } from "@/lib/contract/staff-transfers";
import { staffTransferMessages } from "@/lib/contract/staff-transfers-values";
import {
  TRANSFER_PAGE_SIZE,
  transferFiltersFrom,
  transferFiltersQuery,
  useStaffTransfers,
  useTransferSchools,
  type TransferFilters,
} from "@/lib/queries/staff-transfers";
import { routes } from "@/lib/routes";
import { TransferBatchDialog } from "./transfer-batch-dialog";
import { formatDay, formatMoment } from "./transfer-dates";
import { ColumnHeads } from "@/components/ui/column-heads";
import { phoneCards } from "@/components/ui/phone-cards";

const cell = "px-3 py-2 align-top";

/**
 * A date filter: what is typed stays in the field, and reaches the URL once it is a whole day (or empty).
 * A change of the URL from elsewhere (Back, Clear filters) shows in the field.
 */
function DateFilter({ label, value, error, onCommit }: { label: string; value: string; error?: string; onCommit: (day: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  return (
    <DateField
      label={label}
      value={draft}
      error={error}
      onValueChange={(typed) => {
        setDraft(typed);
        const day = typed.trim();
        if (day === "" || (/^\d{4}-\d{2}-\d{2}$/.test(day) && isCalendarDay(day))) onCommit(day);
      }}
    />
  );
}

type Props = { districtId: string; canFilterBySchool: boolean; canTransfer: boolean };

/** The district's staff transfers, newest first: filters kept in the URL (so the list can be bookmarked), pages, and each batch's moves. */
export function TransferList({ districtId, canFilterBySchool, canTransfer }: Props) {
  const router = useRouter();
  const params = useSearchParams();
  const [navigating, startNavigation] = useTransition();
  const [opened, setOpened] = useState<StaffTransferSummary | null>(null);
  const filters = transferFiltersFrom(params);
  const rangeError = filters.startDate && filters.endDate && filters.startDate > filters.endDate ? staffTransferMessages.startAfterEnd : undefined;
  const list = useStaffTransfers(filters, !rangeError);
  const schools = useTransferSchools(districtId, canFilterBySchool);

  const setFilters = (change: Partial<TransferFilters>) => {
    const query = transferFiltersQuery({ ...filters, ...change, page: change.page ?? 1 });
    startNavigation(() => router.replace(query ? `${routes.staffTransfers}?${query}` : routes.staffTransfers, { scroll: false }));
  };
  const filtered = Boolean(filters.startDate || filters.endDate || filters.school);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TRANSFER_PAGE_SIZE));
  const page = Math.min(filters.page, pages);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap justify-between gap-2">
        <ActionLink href={routes.staffManagement} icon={ArrowLeft}>
          Back to staff
        </ActionLink>
        {canTransfer ? (
          <ActionLink href={routes.staffTransfer} icon={ArrowRightLeft}>
            New transfer
          </ActionLink>
        ) : null}
      </div>
      <div role="search" aria-label="Filter transfers" className="grid items-start gap-3 sm:grid-cols-3">
        <DateFilter label="Effective from" value={filters.startDate} onCommit={(startDate) => setFilters({ startDate })} />
        <DateFilter label="Effective until" value={filters.endDate} error={rangeError} onCommit={(endDate) => setFilters({ endDate })} />
        {canFilterBySchool ? (
          <SelectField
            label="School"
            placeholder="All schools"
            options={schools.data ?? []}
            value={filters.school}
            onChange={(event) => setFilters({ school: event.target.value })}
          />
        ) : null}
      </div>
      {filtered ? (
        <div>
          <Button variant="ghost" className="px-0" onClick={() => setFilters({ startDate: "", endDate: "", school: "" })}>
            Clear filters
          </Button>
        </div>
      ) : null}
      {list.isPending && !rangeError ? <LoadingOverlay text={loadingTexts.default} /> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data && !rangeError ? (
        <>
          <RegisterCount total={total} none={filtered ? "No transfer matches these filters." : "No transfers yet."} one="transfer" many="transfers" />
          {list.data.transfers.length > 0 ? (
            <div
              className={`relative overflow-x-auto rounded-lg border border-border bg-card ${phoneCards.frame} ${list.isPlaceholderData || navigating ? "opacity-60" : ""}`}
            >
              <table className={`w-full min-w-[860px] border-collapse text-left text-sm ${phoneCards.table}`}>
                <caption className="sr-only">Staff transfers, newest first</caption>
                <ColumnHeads
                  className={`bg-muted ${phoneCards.head}`}
                  cellClassName={cell}
                  labels={["Made", "Effective", "By", "Reason", "Staff", "Moves", <span className="sr-only">Details</span>]}
                />
                <tbody className={phoneCards.body}>
                  {list.data.transfers.map((batch) => (
                    <tr key={batch.id} className={`border-t border-border ${phoneCards.row}`}>
                      <th scope="row" className={`${cell} whitespace-nowrap font-normal ${phoneCards.title}`} data-label="Made">
                        <time dateTime={batch.createdAt}>{formatMoment(batch.createdAt)}</time>
                      </th>
                      <td className={`${cell} whitespace-nowrap ${phoneCards.cell}`} data-label="Effective">
                        <time dateTime={batch.effectiveDate}>{formatDay(batch.effectiveDate)}</time>
                      </td>
                      <td className={`${cell} ${phoneCards.cell}`} data-label="By">
                        {batch.createdBy.name}
                      </td>
                      <td className={`${cell} max-w-56 break-words ${phoneCards.cell}`} data-label="Reason">
                        {batch.reason}
                      </td>
                      <td className={`${cell} text-right tabular-nums ${phoneCards.cell}`} data-label="Staff">
                        {batch.count}
                      </td>
                      <td className={`${cell} ${phoneCards.cell} max-sm:basis-full`} data-label="Moves">
                        <ul className="flex flex-col gap-1">
                          {batch.firstMoves.map((move) => (
                            <li key={move.staffId}>
                              <span className="font-medium">{move.name}</span>: {move.from.name} → {move.to.name}
                            </li>
                          ))}
                          {batch.count > batch.firstMoves.length ? (
                            <li className="text-muted-foreground">and {batch.count - batch.firstMoves.length} more</li>
                          ) : null}
                        </ul>
                      </td>
                      <td className={`${cell} ${phoneCards.cell}`}>
                        <Button
                          variant="secondary"
                          className="min-h-9 whitespace-nowrap px-3 py-1"
                          aria-label={`View moves of the transfer made ${formatMoment(batch.createdAt)}`}
                          onClick={() => setOpened(batch)}
                        >
                          View moves
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <RegisterPages label="Pages of transfers" page={page} pages={pages} busy={navigating} onPage={(next) => setFilters({ page: next })} />
        </>
      ) : null}
      <TransferBatchDialog batch={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
