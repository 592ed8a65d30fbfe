import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { NewStaffForm } from "@/components/staff/new-staff-form";
import { referenceReads } from "@/lib/queries/reference";
import { schoolReads } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Add staff" };

type Props = { searchParams: Promise<{ as?: string | string[] }> };

/** Adds a staff member, or (`?as=district-admin`) a district administrator: spec §2 'add staff or district admin'. */
export default async function NewStaffPage({ searchParams }: Props) {
  const asDistrictAdmin = (await searchParams).as === "district-admin";
  const user = await getSignedInUser();
  const title = asDistrictAdmin ? "Add district admin" : "Add staff";
  const frame = { title, crumbs: [{ label: "Staff", href: routes.staffManagement }, { label: title }] };
  const atDistrictLevel = user.currentOrganization.type === "District";
  if (!user.permissions.includes("staff.create") || (asDistrictAdmin && !atDistrictLevel))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const districtId = user.staff.district.id;
  const queries = serverQueries();
  await Promise.all([
    queries.prefetch(referenceReads.allEnum()),
    user.permissions.includes("school.view") ? queries.prefetch(schoolReads.byDistrict(districtId)) : null,
  ]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <NewStaffForm
          districtId={districtId}
          terminologies={user.staff.stateDetails.stateTerminologies}
          asDistrictAdmin={asDistrictAdmin}
          atDistrictLevel={atDistrictLevel}
        />
      </HydrationBoundary>
    </PageFrame>
  );
}
