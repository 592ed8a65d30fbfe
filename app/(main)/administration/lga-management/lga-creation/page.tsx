import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { LgeaCreation } from "@/components/lgea/lgea-creation";
import { NavLink } from "@/components/ui/nav-link";
import { lgeaReads } from "@/lib/queries/lgeas";
import { referenceReads } from "@/lib/queries/reference";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Create LGEA portal" };

/** Spec §2 'LGEA portal creation': for district-level staff who may create LGEA portals (`lgea.create`). */
export default async function LgaCreationPage() {
  const user = await getSignedInUser();
  const districtId = user.staff.district.id;
  const frame = {
    title: "Create LGEA portal",
    crumbs: [{ label: "Administration", href: routes.administration }, { label: "LGEA portals", href: routes.lgaManagement }, { label: "Create" }],
  };
  if (!user.permissions.includes("lgea.create"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  if (user.currentOrganization.type !== "District")
    return (
      <PageFrame {...frame}>
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-6">
          <p>
            LGEA portals are created by the district office. You are working as part of {user.currentOrganization.name}: switch to your district role access to
            create one.
          </p>
          <NavLink href={routes.dashboard} className="font-medium text-primary hover:underline">
            Back to the dashboard
          </NavLink>
        </div>
      </PageFrame>
    );
  const queries = serverQueries();
  await Promise.all([queries.prefetch(lgeaReads.availableLocalGovernments(districtId)), queries.prefetch(referenceReads.allEnum())]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <LgeaCreation
          districtId={districtId}
          terminologies={user.staff.stateDetails.stateTerminologies}
          canRegisterStaff={user.permissions.includes("staff.create")}
        />
      </HydrationBoundary>
    </PageFrame>
  );
}
