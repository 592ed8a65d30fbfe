import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageFrame } from "@/components/layout/page-frame";
import { SwitchDistrictList } from "@/components/super-admin/switch-district-list";
import { superAdminReads } from "@/lib/queries/super-admin";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Switch District" };

export default async function SwitchDistrictPage() {
  const user = await getSignedInUser();
  // Checked on the server: the link is hidden from others, and the page refuses them too.
  if (!user.staff.isSuperAdmin) redirect(routes.dashboard);
  const queries = serverQueries();
  await queries.prefetch(superAdminReads.districts());
  return (
    <PageFrame title="Switch District" crumbs={[{ label: "Super administration", href: routes.superAdmin }, { label: "Switch District" }]}>
      <p className="text-muted-foreground">
        You are working on <strong className="text-foreground">{user.staff.district.name}</strong>. Choose another district to work on it; the portal then shows
        that district&apos;s dashboard, schools, staff and settings.
      </p>
      <HydrationBoundary state={queries.state()}>
        <SwitchDistrictList currentDistrictId={user.staff.district.id} />
      </HydrationBoundary>
    </PageFrame>
  );
}
