import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { SignedInSummary } from "@/components/auth/signed-in-summary";
import { DashboardStats } from "@/components/dashboard/dashboard-stats";
import { districtReads } from "@/lib/queries/district";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const user = await getSignedInUser();
  const districtId = user.staff.district.id;
  const canView = user.permissions.includes("district.view");
  const queries = serverQueries();
  if (canView) await queries.prefetch(districtReads.dashboard(districtId));
  return (
    <SignedInSummary user={user} heading="Dashboard">
      {canView ? (
        <HydrationBoundary state={queries.state()}>
          <DashboardStats districtId={districtId} />
        </HydrationBoundary>
      ) : null}
    </SignedInSummary>
  );
}
