import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { SchoolList } from "@/components/school/school-list";
import { SchoolSpreadsheets } from "@/components/school/school-spreadsheets";
import { firstSchoolPage, schoolReads } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "School management" };

export default async function SchoolManagementPage() {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "School management", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Schools" }] };
  if (!can.has("school.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  await Promise.all([
    queries.prefetch(schoolReads.search(districtId, firstSchoolPage)),
    queries.prefetch(schoolReads.total(districtId, firstSchoolPage)),
    queries.prefetch(schoolReads.localGovernments(districtId)),
  ]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <SchoolSpreadsheets districtId={districtId} canUpload={can.has("school.upload")} canDownload={can.has("school.download")} />
        <SchoolList districtId={districtId} canCreate={can.has("school.create")} canEdit={can.has("school.update")} />
      </HydrationBoundary>
    </PageFrame>
  );
}
