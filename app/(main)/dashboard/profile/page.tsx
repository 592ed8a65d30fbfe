import type { Metadata } from "next";
import { DetailList } from "@/components/layout/detail-list";
import { PageFrame } from "@/components/layout/page-frame";
import { term } from "@/lib/contract/terminology";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "User profile" };

/** The signed-in staff member's record, labelled with the state's terms. Editing arrives with the profile form. */
export default async function ProfilePage() {
  const { staff } = await getSignedInUser();
  const terms = staff.stateDetails.stateTerminologies;
  return (
    <PageFrame title="User profile" crumbs={[{ label: "User profile" }]}>
      <DetailList
        items={[
          ["Name", [staff.title, staff.firstName, staff.middleName, staff.lastName].filter(Boolean).join(" ")],
          ["E-mail", staff.email],
          ["Phone number", `${staff.phoneNumber.code} ${staff.phoneNumber.number}`],
          [term(terms, "oracleNumber"), staff.oracleNumber],
          [term(terms, "tescomNumber"), staff.tescomNumber],
          ["Staff type", staff.staffType],
          ["Gender", staff.gender],
          ["Date of birth", staff.dob],
          ["Address", staff.address],
          ["State and LGA of origin", [staff.stateOfOrigin, staff.localGovernmentOfOrigin].filter(Boolean).join(", ")],
          ["State and LGA of residence", [staff.stateOfResidence, staff.localGovernmentOfResidence].filter(Boolean).join(", ")],
          [term(terms, "district"), staff.district.name],
        ]}
      />
    </PageFrame>
  );
}
