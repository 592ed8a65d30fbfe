import type { Metadata } from "next";
import { AuditTrail } from "@/components/audit/audit-trail";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { routes } from "@/lib/routes";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Audit trail" };

/** The audit trail of the district worked in (issue: the audit trail): filters in the URL, read by the browser a page at a time. */
export default async function AuditPage() {
  const user = await getSignedInUser();
  const frame = { title: "Audit trail", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Audit trail" }] };
  return (
    <PageFrame {...frame}>
      {user.permissions.includes("audit.view") ? (
        <AuditTrail districtId={user.staff.district.id} terms={user.staff.stateDetails.stateTerminologies} />
      ) : (
        <Forbidden />
      )}
    </PageFrame>
  );
}
