"use client";

import { useMemo } from "react";
import { RegisterTable, type RegisterColumn } from "@/components/register/register-table";
import { formatMoment } from "@/components/staff/transfer-dates";
import { formatNaira, transactionActionLabels, type TransactionLogItem } from "@/lib/contract/billing-values";
import { SignedAmount } from "../signed-amount";
import { TakenBackMark } from "../taken-back-mark";
import { TestMoneyMark } from "../test-money-mark";

type Props = {
  rows: TransactionLogItem[];
  caption: string;
  /** A last column of actions on an entry (the Reverse action of super administrators); null: none. */
  action: RegisterColumn<TransactionLogItem> | null;
};

const columns: RegisterColumn<TransactionLogItem>[] = [
  // Lagos time, as every time in the portal (architecture 'Data').
  { label: "Date", width: "sm:w-[9.5rem]", className: "whitespace-nowrap", cell: (e) => formatMoment(e.createdAt) },
  // On a phone a reference wraps anywhere: a refund's ("refund:" and the provider's and the funding's) is wider than the screen.
  { label: "Reference", rowHeader: true, width: "sm:w-[11.5rem]", className: "wrap-anywhere font-mono text-xs sm:whitespace-nowrap", cell: (e) => e.reference },
  {
    // Its marks (test money, refunded) wrap under the action in the column's width.
    label: "Action",
    width: "sm:w-[9rem]",
    cell: (e) => (
      <>
        {transactionActionLabels[e.action]}
        {e.testMoney ? <TestMoneyMark /> : null}
        {e.takenBack.map((action) => (
          <TakenBackMark key={action} action={action} />
        ))}
        {e.reversedById ? <span className="block text-xs text-muted-foreground">Reversed</span> : null}
      </>
    ),
  },
  { label: "Amount", width: "sm:w-[9rem]", className: "whitespace-nowrap text-right", cell: (e) => <SignedAmount amount={e.amount} direction={e.direction} /> },
  { label: "Balance after", width: "sm:w-[8.5rem]", className: "whitespace-nowrap text-right tabular-nums", cell: (e) => formatNaira(e.balanceAfter) },
  { label: "School", width: "sm:w-[9%]", cell: (e) => e.school?.name ?? "—" },
  {
    // The column without a width: it takes the rest.
    label: "Description",
    cell: (e) => (
      <>
        {e.description}
        {e.reason ? <span className="block text-xs text-muted-foreground">Reason: {e.reason}</span> : null}
      </>
    ),
  },
  { label: "By", width: "sm:w-[7%]", cell: (e) => e.by ?? "—" },
];

/** The logs' table: the shared register table (virtualised, scrolling sideways on a phone) with the ledger's columns. */
export function TransactionTable({ rows, caption, action }: Props) {
  // As wide as the widest page (so the ledger fits it whole), and the description keeps about 10rem beside the others' widths; a super administrator's Correction column adds its own.
  // The same columns while the action is the same, so a row already drawn is not drawn again (RegisterTable's rows are memoised).
  const shown = useMemo(() => (action ? [...columns, action] : columns), [action]);
  return <RegisterTable rows={rows} columns={shown} caption={caption} minWidth={action ? "min-w-[1220px]" : "min-w-[1100px]"} selection={null} />;
}
