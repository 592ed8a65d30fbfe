import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageFrame } from "@/components/layout/page-frame";
import { NavLink } from "@/components/ui/nav-link";
import { AuthorizeSuperAdminPanel } from "@/components/super-admin/authorize-super-admin-panel";
import { DistrictList } from "@/components/super-admin/district-list";
import { ResetSecondFactorPanel } from "@/components/super-admin/reset-second-factor-panel";
import { RegistrationQueue } from "@/components/super-admin/registration-queue";
import { registrationReads } from "@/lib/queries/registration";
import { superAdminReads } from "@/lib/queries/super-admin";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Super administration" };

export default async function SuperAdminPage() {
  const user = await getSignedInUser();
  // Checked here on the server, not only by hiding links: others never see this area.
  if (!user.staff.isSuperAdmin) redirect(routes.dashboard);
  const queries = serverQueries();
  await Promise.all([queries.prefetch(superAdminReads.districts()), queries.prefetch(registrationReads.queue())]);
  return (
    <PageFrame title="Super administration" crumbs={[{ label: "Super administration" }]}>
      <p className="text-muted-foreground">
        Every district with its account status and requirements. Districts work normally only when Active with every requirement completed.
      </p>
      <p>
        <NavLink href={routes.apiKeys} className="font-semibold text-primary hover:underline">
          API keys of the result-processing systems
        </NavLink>
      </p>
      <p>
        <NavLink href={routes.reconciliation} className="font-semibold text-primary hover:underline">
          Payment reconciliation with the provider
        </NavLink>
      </p>
      {/* The daily work first (registrations waiting for review, then the districts); the rarely used forms last. */}
      <HydrationBoundary state={queries.state()}>
        <RegistrationQueue />
        <DistrictList />
      </HydrationBoundary>
      <AuthorizeSuperAdminPanel districtId={user.staff.district.id} districtName={user.staff.district.name} />
      <ResetSecondFactorPanel districtId={user.staff.district.id} districtName={user.staff.district.name} />
    </PageFrame>
  );
}
