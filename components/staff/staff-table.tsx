"use client";

import { useMemo } from "react";
import { RegisterTable, type RegisterColumn } from "@/components/register/register-table";
import { EmailText } from "@/components/ui/email-text";
import { NavLink } from "@/components/ui/nav-link";
import type { StaffListItem } from "@/lib/contract/staff";
import { term } from "@/lib/contract/terminology";
import { accountStatusLabel, type StateTerminologies } from "@/lib/contract/user";
import { routes } from "@/lib/routes";
import { fullName } from "./staff-detail-items";

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

function staffColumns(terminologies: StateTerminologies): RegisterColumn<StaffListItem>[] {
  return [
    {
      label: "Name",
      rowHeader: true,
      width: "sm:w-[14%]",
      cell: (s) => (
        // No prefetch: scrolling a thousand rows past would fetch a thousand records.
        <NavLink href={routes.staffRecordOf(s.id)} prefetch={false} className="text-primary hover:underline">
          {fullName(s)}
        </NavLink>
      ),
    },
    { label: term(terminologies, "oracleNumber"), width: "sm:w-[9%]", cell: (s) => s.oracleNumber },
    { label: term(terminologies, "tescomNumber"), width: "sm:w-[9%]", cell: (s) => s.tescomNumber },
    { label: "Staff type", width: "sm:w-[9%]", cell: (s) => s.staffType },
    { label: "Posting", width: "sm:w-[14%]", cell: (s) => s.posting.name },
    {
      // The code and the number wrap apart in a narrow column, never inside the number.
      label: "Phone",
      width: "sm:w-[12%]",
      cell: (s) => (
        <>
          <span className="whitespace-nowrap">{s.phoneCode}</span> <span className="whitespace-nowrap">{s.phoneNumber}</span>
        </>
      ),
    },
    { label: "E-mail", cell: (s) => <EmailText email={s.email} /> },
    {
      label: "Account status",
      width: "sm:w-[10%]",
      className: (s) => `font-medium ${statusTone[s.accountStatus] ?? ""}`,
      cell: (s) => accountStatusLabel(s.accountStatus),
    },
  ];
}

/** The staff register's table: the shared register table with the staff's columns and the transfer selection. */
export function StaffTable({ rows, terminologies, selectable, isSelected, onSelect, caption }: Props) {
  // The same columns while the terms are the same, so a row already drawn is not drawn again (RegisterTable's rows are memoised).
  const columns = useMemo(() => staffColumns(terminologies), [terminologies]);
  return (
    <RegisterTable
      rows={rows}
      columns={columns}
      caption={caption}
      minWidth="min-w-[960px]"
      selection={selectable ? { isSelected, onSelect, allLabel: "Select every staff member listed", rowLabel: (s) => `Select ${fullName(s)}` } : null}
    />
  );
}
