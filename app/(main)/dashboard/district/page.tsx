import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { DistrictProfileEditor } from "@/components/district/district-profile-editor";
import { TransferRightPanel } from "@/components/district/transfer-right-panel";
import { DetailList } from "@/components/layout/detail-list";
import { PageFrame } from "@/components/layout/page-frame";
import { term } from "@/lib/contract/terminology";
import { referenceReads } from "@/lib/queries/reference";
import { districtReads } from "@/lib/queries/district";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "District profile" };

/** The district's details, logo and four images; editable with district.update, read-only with district.view. */
export default async function DistrictProfilePage() {
  const { staff, permissions, isDistrictOwner } = await getSignedInUser();
  const districtTerm = term(staff.stateDetails.stateTerminologies, "district");
  const districtId = staff.district.id;
  const canView = permissions.includes("district.view");
  const queries = serverQueries();
  if (canView) await Promise.all([queries.prefetch(districtReads.profile(districtId)), queries.prefetch(referenceReads.allEnum())]);
  return (
    <PageFrame title={`${districtTerm} profile`} crumbs={[{ label: `${districtTerm} profile` }]}>
      {canView ? (
        <HydrationBoundary state={queries.state()}>
          <DistrictProfileEditor districtId={districtId} districtTerm={districtTerm} canEdit={permissions.includes("district.update")} />
        </HydrationBoundary>
      ) : (
        <DetailList
          items={[
            [`${districtTerm} name`, staff.district.name],
            ["Account status", staff.district.accountStatus],
            ["State", staff.stateDetails.name],
            ["Country", staff.stateDetails.country],
          ]}
        />
      )}
      {/* The ownership right moves only by the owner's hand (or a super administrator's), whatever roles say. */}
      {isDistrictOwner || staff.isSuperAdmin ? <TransferRightPanel districtId={districtId} districtTerm={districtTerm} isOwner={isDistrictOwner} /> : null}
    </PageFrame>
  );
}
