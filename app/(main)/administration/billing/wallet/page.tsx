import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { WalletView } from "@/components/billing/wallet-view";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { walletReads } from "@/lib/queries/wallet";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Wallet" };

/**
 * The report-card wallet of the district worked in (architecture 'Billing'): seen with wallet.view;
 * funded with wallet.fund by staff working at district level (as the API allows).
 */
export default async function WalletPage() {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "Wallet", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Wallet" }] };
  if (!can.has("wallet.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  await queries.prefetch(walletReads.balance(districtId));
  const atDistrictLevel = user.staff.isSuperAdmin || user.currentOrganization.type === "District";
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <WalletView districtId={districtId} canFund={can.has("wallet.fund") && atDistrictLevel} canSeeLogs={can.has("transaction.view")} />
      </HydrationBoundary>
    </PageFrame>
  );
}
