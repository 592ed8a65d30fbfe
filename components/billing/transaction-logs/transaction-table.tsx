"use client";

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
  { label: "Date", className: "whitespace-nowrap", cell: (e) => formatMoment(e.createdAt) },
  { label: "Reference", rowHeader: true, className: "whitespace-nowrap font-mono text-xs", cell: (e) => e.reference },
  {
    label: "Action",
    className: "whitespace-nowrap",
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
  { label: "Amount", className: "whitespace-nowrap text-right", cell: (e) => <SignedAmount amount={e.amount} direction={e.direction} /> },
  { label: "Balance after", className: "whitespace-nowrap text-right tabular-nums", cell: (e) => formatNaira(e.balanceAfter) },
  { label: "School", cell: (e) => e.school?.name ?? "—" },
  {
    label: "Description",
    className: "min-w-[14rem] break-words",
    cell: (e) => (
      <>
        {e.description}
        {e.reason ? <span className="block text-xs text-muted-foreground">Reason: {e.reason}</span> : null}
      </>
    ),
  },
  { label: "By", cell: (e) => e.by ?? "—" },
];

/** The logs' table: the shared register table (virtualised, scrolling sideways on a phone) with the ledger's columns. */
export function TransactionTable({ rows, caption, action }: Props) {
  return <RegisterTable rows={rows} columns={action ? [...columns, action] : columns} caption={caption} minWidth="min-w-[1040px]" selection={null} />;
}
