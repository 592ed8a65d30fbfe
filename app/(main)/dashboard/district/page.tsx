import type { Metadata } from "next";
import { TransferRightPanel } from "@/components/district/transfer-right-panel";
import { DetailList } from "@/components/layout/detail-list";
import { PageFrame } from "@/components/layout/page-frame";
import { term } from "@/lib/contract/terminology";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "District profile" };

/** The district's details. Editing them, the logo and the four images arrives with the district profile form. */
export default async function DistrictProfilePage() {
  const { staff, permissions, isDistrictOwner } = await getSignedInUser();
  const districtTerm = term(staff.stateDetails.stateTerminologies, "district");
  return (
    <PageFrame title={`${districtTerm} profile`} crumbs={[{ label: `${districtTerm} profile` }]}>
      <DetailList
        items={[
          [`${districtTerm} name`, staff.district.name],
          ["Account status", staff.district.accountStatus],
          ["State", staff.stateDetails.name],
          ["Country", staff.stateDetails.country],
        ]}
      />
      {permissions.includes("district.transfer-right") ? <TransferRightPanel districtId={staff.district.id} districtTerm={districtTerm} isOwner={isDistrictOwner} /> : null}
    </PageFrame>
  );
}
