import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { TransferList } from "@/components/staff/transfer-list";
import { schoolReads } from "@/lib/queries/schools";
import { staffTransferReads, transferFiltersFrom } from "@/lib/queries/staff-transfers";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Staff transfers" };

type SearchParams = Record<string, string | string[] | undefined>;

/** Spec §2: the target after a staff transfer. The page of the URL's filters (the first, unfiltered, by default) comes with it. */
export default async function StaffTransfersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = {
    title: "Staff transfers",
    crumbs: [{ label: "Administration", href: routes.administration }, { label: "Staff", href: routes.staffManagement }, { label: "Transfers" }],
  };
  if (!can.has("staff.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const query = await searchParams;
  const filters = transferFiltersFrom({ get: (name) => [query[name]].flat()[0] ?? null });
  const canFilterBySchool = can.has("school.view");
  const queries = serverQueries();
  await Promise.all([queries.prefetch(staffTransferReads.list(filters)), canFilterBySchool ? queries.prefetch(schoolReads.byDistrict(districtId)) : null]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <TransferList districtId={districtId} canFilterBySchool={canFilterBySchool} canTransfer={can.has("staff.transfer")} />
      </HydrationBoundary>
    </PageFrame>
  );
}
