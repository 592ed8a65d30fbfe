"use client";

import { DetailList } from "@/components/layout/detail-list";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { accountStatusLabel } from "@/lib/contract/user";
import { useDistrictProfile } from "@/lib/queries/district";
import { DistrictDetailsForm } from "./district-details-form";
import { DistrictImages } from "./district-images";

/** The district profile: its details form and images for editors; the same facts read-only for others. */
export function DistrictProfileEditor({ districtId, districtTerm, canEdit }: { districtId: string; districtTerm: string; canEdit: boolean }) {
  const profile = useDistrictProfile(districtId);
  if (profile.isPending) return <LoadingOverlay />;
  if (profile.isError) return <p role="alert">{profile.error.message}</p>;
  const { district } = profile.data;
  if (!canEdit) {
    return (
      <DetailList
        items={[
          [`${districtTerm} name`, district.name],
          ["Account status", accountStatusLabel(district.accountStatus)],
          ["Address", district.address],
          ["Phone numbers", district.phoneNumbers.join(", ")],
          ["E-mails", district.emails.join(", ")],
        ]}
      />
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <DistrictDetailsForm district={district} districtTerm={districtTerm} />
      <DistrictImages district={district} districtTerm={districtTerm} />
    </div>
  );
}
