"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";
import { ColumnHeads } from "@/components/ui/column-heads";
import { NavLink } from "@/components/ui/nav-link";
import type { StaffListItem } from "@/lib/contract/staff";
import { term } from "@/lib/contract/terminology";
import type { StateTerminologies } from "@/lib/contract/user";
import { routes } from "@/lib/routes";
import { fullName } from "./staff-detail-items";

/** A row's height in pixels as drawn; the virtualiser measures real rows, this is its first guess. */
const ROW_HEIGHT = 52;

type Props = {
  rows: StaffListItem[];
  terminologies: StateTerminologies;
  selectable: boolean;
  isSelected: (id: string) => boolean;
  onSelect: (ids: string[], selected: boolean) => void;
  caption: string;
};

const statusTone: Record<string, string> = {
  Active: "text-success",
  Suspended: "text-danger",
  Unverified: "text-muted-foreground",
};

/**
 * The register's table: a real table (headers, caption, keyboard order), of which only the rows on
 * screen are drawn (TanStack Virtual, scrolling with the page), so a thousand rows scroll as smoothly as ten.
 */
export function StaffTable({ rows, terminologies, selectable, isSelected, onSelect, caption }: Props) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => ROW_HEIGHT, overscan: 12, scrollMargin: offset });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? (items[0]?.start ?? 0) - virtualizer.options.scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? 0) - virtualizer.options.scrollMargin) : 0;
  const allSelected = rows.length > 0 && rows.every((r) => isSelected(r.id));
  const someSelected = !allSelected && rows.some((r) => isSelected(r.id));
  const columns = selectable ? 9 : 8;

  return (
    <div className="relative overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full min-w-[960px] border-collapse text-sm" aria-rowcount={rows.length + 1}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          className="bg-muted text-left text-xs uppercase tracking-wide text-muted-foreground"
          cellClassName="px-3 py-2"
          rowIndex={1}
          labels={[
            ...(selectable
              ? [
                  <input
                    key="all"
                    type="checkbox"
                    aria-label="Select every staff member listed"
                    className="h-4 w-4 accent-[rgb(var(--primary))]"
                    checked={allSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = someSelected;
                    }}
                    onChange={(event) =>
                      onSelect(
                        rows.map((r) => r.id),
                        event.target.checked,
                      )
                    }
                  />,
                ]
              : []),
            "Name",
            term(terminologies, "oracleNumber"),
            term(terminologies, "tescomNumber"),
            "Staff type",
            "Posting",
            "Phone",
            "E-mail",
            "Account status",
          ]}
        />
        <tbody ref={bodyRef}>
          {before > 0 ? (
            <tr aria-hidden>
              <td colSpan={columns} style={{ height: before, padding: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const s = rows[item.index];
            if (!s) return null;
            const name = fullName(s);
            return (
              <tr key={s.id} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2} className="border-t border-border">
                {selectable ? (
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${name}`}
                      className="h-4 w-4 accent-[rgb(var(--primary))]"
                      checked={isSelected(s.id)}
                      onChange={(event) => onSelect([s.id], event.target.checked)}
                    />
                  </td>
                ) : null}
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {/* No prefetch: scrolling a thousand rows past would fetch a thousand records. */}
                  <NavLink href={routes.staffRecordOf(s.id)} prefetch={false} className="text-primary hover:underline">
                    {name}
                  </NavLink>
                </th>
                <td className="px-3 py-2">{s.oracleNumber}</td>
                <td className="px-3 py-2">{s.tescomNumber}</td>
                <td className="px-3 py-2">{s.staffType}</td>
                <td className="px-3 py-2">{s.posting.name}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  {s.phoneCode} {s.phoneNumber}
                </td>
                <td className="px-3 py-2">{s.email}</td>
                <td className={`px-3 py-2 font-medium ${statusTone[s.accountStatus] ?? ""}`}>{s.accountStatus}</td>
              </tr>
            );
          })}
          {after > 0 ? (
            <tr aria-hidden>
              <td colSpan={columns} style={{ height: after, padding: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
