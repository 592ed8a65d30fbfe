import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { RecordHistory } from "@/components/audit/record-history";
import { ConfigurationView } from "@/components/configuration/configuration-form";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { historyAccessOf } from "@/lib/audit-access";
import { configurationReads } from "@/lib/queries/configuration";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Configuration" };

/**
 * The district's configuration (architecture 'Configuration'), rendered with its data: editable with
 * configuration.update by staff working at district level (as the API allows), read-only for others
 * with configuration.view.
 */
export default async function ConfigurationPage() {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "Configuration", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Configuration" }] };
  if (!can.has("configuration.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  await queries.prefetch(configurationReads.current(districtId));
  const history = historyAccessOf(user);
  const canEdit = can.has("configuration.update") && (user.staff.isSuperAdmin || user.currentOrganization.type === "District");
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <ConfigurationView districtId={districtId} canEdit={canEdit} />
        {/* The configuration is filed under its district's id, which the district's own entries share: only its kind. */}
        {history ? <RecordHistory access={history} recordId={districtId} kind="configuration" recordName="the configuration" /> : null}
      </HydrationBoundary>
    </PageFrame>
  );
}
