"use client";

import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { formatMoment } from "@/components/staff/transfer-dates";
import { billingMessages, formatNaira, transactionActionLabels } from "@/lib/contract/billing-values";
import { useWallet } from "@/lib/queries/wallet";
import { routes } from "@/lib/routes";
import { FundWalletDialog } from "./fund-wallet-dialog";
import { SignedAmount } from "./signed-amount";
import { TakenBackMark } from "./taken-back-mark";
import { TestMoneyMark } from "./test-money-mark";

/**
 * The district's report-card wallet: the balance, the alert when it is below the configured level, the
 * newest entries, and funding for those who may fund it.
 */
export function WalletView({ districtId, canFund, canSeeLogs }: { districtId: string; canFund: boolean; canSeeLogs: boolean }) {
  const read = useWallet(districtId);
  if (read.isPending) return <LoadingOverlay />;
  if (read.isError) return <p role="alert">{read.error.message}</p>;
  const { wallet, recent } = read.data;
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="wallet-balance"
        className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="wallet-balance" className="text-sm font-medium text-muted-foreground">
            Wallet balance
          </h2>
          <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="wallet-balance">
            {formatNaira(wallet.balance)}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">Alert level {formatNaira(wallet.lowBalanceThreshold)} (set in Configuration)</p>
        </div>
        {canFund ? <FundWalletDialog /> : null}
      </section>
      {wallet.balance < 0 ? (
        // In arrears after a refund or lost dispute it could not cover: charges are refused until it is funded back.
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {billingMessages.walletInArrears(wallet.balance)}
        </p>
      ) : wallet.isLow ? (
        <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {billingMessages.lowBalance(wallet.balance, wallet.lowBalanceThreshold)}
        </p>
      ) : null}
      <section aria-labelledby="wallet-recent" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="wallet-recent" className="text-lg font-semibold">
            Recent transactions
          </h2>
          {canSeeLogs ? (
            <NavLink href={routes.transactions} className="text-sm font-semibold text-primary hover:underline">
              All transaction logs
            </NavLink>
          ) : null}
        </div>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">No transactions yet. Funding the wallet will show here.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border bg-card">
            {recent.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium">
                    {transactionActionLabels[entry.action]}
                    {entry.testMoney ? <TestMoneyMark /> : null}
                    {entry.takenBack.map((action) => (
                      <TakenBackMark key={action} action={action} />
                    ))}
                  </p>
                  <p className="break-words text-sm text-muted-foreground">{entry.description}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatMoment(entry.createdAt)} · {entry.reference}
                  </p>
                </div>
                <div className="text-left sm:text-right">
                  <SignedAmount amount={entry.amount} direction={entry.direction} />
                  <p className="text-xs text-muted-foreground">Balance {formatNaira(entry.balanceAfter)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
