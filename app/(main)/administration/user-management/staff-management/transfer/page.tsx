import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { TransferForm } from "@/components/staff/transfer-form";
import type { TransferDestinationKind } from "@/lib/contract/staff-transfers-values";
import { lgeaReads } from "@/lib/queries/lgeas";
import { schoolReads } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Transfer staff" };

/** The transfer screen: the selection is the browser's (sessionStorage); the places staff may go to come with the page. */
export default async function StaffTransferPage() {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = {
    title: "Transfer staff",
    crumbs: [{ label: "Administration", href: routes.administration }, { label: "Staff", href: routes.staffManagement }, { label: "Transfer" }],
  };
  if (!can.has("staff.transfer"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  // Only destinations the user can list and reach: the district office is above staff working for an LGEA or a school.
  const kinds: TransferDestinationKind[] = [
    ...(can.has("school.view") ? (["school"] as const) : []),
    ...(can.has("lgea.view") ? (["lgea"] as const) : []),
    ...(user.staff.isSuperAdmin || user.currentOrganization.type === "District" ? (["district"] as const) : []),
  ];
  const queries = serverQueries();
  await Promise.all([
    kinds.includes("school") ? queries.prefetch(schoolReads.byDistrict(districtId)) : null,
    kinds.includes("lgea") ? queries.prefetch(lgeaReads.ofDistrict(districtId)) : null,
  ]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <TransferForm districtId={districtId} kinds={kinds} />
      </HydrationBoundary>
    </PageFrame>
  );
}
