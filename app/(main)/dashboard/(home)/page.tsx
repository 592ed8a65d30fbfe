import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { SignedInSummary } from "@/components/auth/signed-in-summary";
import { DashboardStats } from "@/components/dashboard/dashboard-stats";
import { WalletCard } from "@/components/dashboard/wallet-card";
import { districtReads } from "@/lib/queries/district";
import { walletReads } from "@/lib/queries/wallet";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const user = await getSignedInUser();
  const districtId = user.staff.district.id;
  const canView = user.permissions.includes("district.view");
  const canSeeWallet = user.permissions.includes("wallet.view");
  const queries = serverQueries();
  await Promise.all([
    canView ? queries.prefetch(districtReads.dashboard(districtId)) : null,
    canSeeWallet ? queries.prefetch(walletReads.balance(districtId)) : null,
  ]);
  return (
    <SignedInSummary user={user} heading="Dashboard">
      {canView || canSeeWallet ? (
        <HydrationBoundary state={queries.state()}>
          {canSeeWallet ? <WalletCard districtId={districtId} /> : null}
          {canView ? <DashboardStats districtId={districtId} permissions={user.permissions} isOwner={user.isDistrictOwner} /> : null}
        </HydrationBoundary>
      ) : null}
    </SignedInSummary>
  );
}
