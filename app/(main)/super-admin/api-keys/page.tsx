import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageFrame } from "@/components/layout/page-frame";
import { ApiKeys } from "@/components/super-admin/api-keys";
import { superAdminReads } from "@/lib/queries/super-admin";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "API keys" };

/** Super administrators issue and revoke the keys with which result-processing systems buy report cards. */
export default async function ApiKeysPage() {
  const user = await getSignedInUser();
  if (!user.staff.isSuperAdmin) redirect(routes.dashboard);
  const queries = serverQueries();
  await queries.prefetch(superAdminReads.districts());
  return (
    <PageFrame title="API keys" crumbs={[{ label: "Super administration", href: routes.superAdmin }, { label: "API keys" }]}>
      <p className="text-muted-foreground">
        A result-processing system buys a school&apos;s report cards with its district&apos;s key, sent in the x-api-key header. Each key is shown once.
      </p>
      <HydrationBoundary state={queries.state()}>
        <ApiKeys />
      </HydrationBoundary>
    </PageFrame>
  );
}
