import type { ReactNode } from "react";
import { MainShell } from "@/components/layout/main-shell";
import { MissingRequirements } from "@/components/layout/missing-requirements";
import { mainNav, secondNav } from "@/components/layout/nav-items";
import { UnverifiedNotice } from "@/components/layout/unverified-notice";
import { QueryProvider } from "@/components/query-provider";
import { OrganizationSwitcher } from "@/components/session/organization-switcher";
import { term } from "@/lib/contract/terminology";
import { requestTime } from "@/lib/request-time";
import { getSignedInUser } from "@/lib/server-api";
import "@/app/globals.css";

/**
 * The main dashboard layout and its content rule (spec §2): missing requirements close the portal;
 * otherwise an Active district sees the page and any other status the review notice.
 */
export default async function MainLayout({ children }: { children: ReactNode }) {
  const user = await getSignedInUser();
  const { staff } = user;
  const districtTerm = term(staff.stateDetails.stateTerminologies, "district");
  let content = children;
  // Super administrators are the ones who clear requirements and review districts: never gate them out.
  if (staff.isSuperAdmin) content = children;
  else if (user.missingRequirements.unSatisfiedRequirementsExist) content = <MissingRequirements missing={user.missingRequirements} />;
  else if (staff.district.accountStatus !== "Active")
    content = <UnverifiedNotice districtTerm={districtTerm} districtId={staff.district.id} isOwner={user.isDistrictOwner} />;
  return (
    <QueryProvider>
      <MainShell
        nav={user.currentOrganization.type === "LGEA" ? secondNav : mainNav}
        districtName={staff.district.name}
        districtTerm={districtTerm}
        logo={staff.district.logo?.Location ?? null}
        staffName={`${staff.firstName} ${staff.lastName}`}
        isSuperAdmin={staff.isSuperAdmin}
        now={requestTime()}
        switcher={<OrganizationSwitcher roleAccess={user.roleAccess} currentOrganizationId={user.currentOrganization.id} />}
      >
        {content}
      </MainShell>
    </QueryProvider>
  );
}
