"use client";

import { NavLink } from "@/components/ui/nav-link";
import { billingMessages, formatNaira } from "@/lib/contract/billing-values";
import { useWallet } from "@/lib/queries/wallet";
import { routes } from "@/lib/routes";

/** The dashboard's wallet card, for those who may see the wallet: the balance, and the alert when it is low. */
export function WalletCard({ districtId }: { districtId: string }) {
  const read = useWallet(districtId);
  if (read.isPending) return <p className="text-sm text-muted-foreground">Loading the wallet…</p>;
  if (read.isError) return <p role="alert">{read.error.message}</p>;
  const { wallet } = read.data;
  return (
    <section aria-labelledby="dashboard-wallet" className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-wallet" className="text-sm font-medium text-muted-foreground">
          Report-card wallet
        </h2>
        <NavLink href={routes.wallet} className="text-sm font-semibold text-primary hover:underline">
          Open the wallet
        </NavLink>
      </div>
      <p className="text-2xl font-bold tabular-nums" data-testid="dashboard-wallet-balance">
        {formatNaira(wallet.balance)}
      </p>
      {wallet.balance < 0 ? (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-200">
          {billingMessages.walletInArrears(wallet.balance)}
        </p>
      ) : wallet.isLow ? (
        <p role="alert" className="text-sm text-amber-900 dark:text-amber-200">
          {billingMessages.lowBalance(wallet.balance, wallet.lowBalanceThreshold)}
        </p>
      ) : null}
    </section>
  );
}
