import { HydrationBoundary } from "@tanstack/react-query";
import { historyAccessOf } from "@/lib/audit-access";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { LgeaList } from "@/components/lgea/lgea-list";
import { lgeaPageFrom, lgeaReads } from "@/lib/queries/lgeas";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "LGEA portals" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The district's LGEA portals (architecture 'Routes the spec does not name'), the URL's page of them with the page. */
export default async function LgaManagementPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "LGEA portals", crumbs: [{ label: "Administration", href: routes.administration }, { label: "LGEA portals" }] };
  if (!can.has("lgea.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const query = await searchParams;
  const page = lgeaPageFrom({ get: (name) => [query[name]].flat()[0] ?? null });
  const queries = serverQueries();
  await queries.prefetch(lgeaReads.page(districtId, page));
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <LgeaList districtId={districtId} canCreate={can.has("lgea.create") && user.currentOrganization.type === "District"} history={historyAccessOf(user)} />
      </HydrationBoundary>
    </PageFrame>
  );
}
