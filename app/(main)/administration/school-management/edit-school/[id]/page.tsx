import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import * as z from "zod/mini";
import { RecordHistory } from "@/components/audit/record-history";
import { BuyReportCards } from "@/components/billing/buy-report-cards";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { SchoolForm } from "@/components/school/school-form";
import { SchoolRolesPanel } from "@/components/school/school-roles-panel";
import { historyAccessOf } from "@/lib/audit-access";
import type { SchoolDetail } from "@/lib/contract/schools";
import { schoolReads } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser, ServerApiError } from "@/lib/server-api";

export const metadata: Metadata = { title: "Edit school" };

/** Renders on the server from a bookmark: the school's form and its roles; an unknown or foreign school is Page Not Found. */
export default async function EditSchoolPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const user = await getSignedInUser();
  const districtId = user.staff.district.id;
  const frame = { title: "Edit school", crumbs: [{ label: "Schools", href: routes.schoolManagement }, { label: "Edit school" }] };
  if (!user.permissions.includes("school.update"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  const lgas = queries.prefetch(schoolReads.localGovernments(districtId));
  let school: SchoolDetail;
  try {
    school = (await queries.fetch(schoolReads.detail(id))).school;
  } catch (error) {
    if (error instanceof ServerApiError && error.status === 404) notFound();
    throw error;
  }
  await lgas;
  const history = historyAccessOf(user);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <div className="rounded-lg border border-border bg-card p-5">
          <SchoolForm districtId={districtId} school={school} />
        </div>
        {user.permissions.includes("staff.view") ? <SchoolRolesPanel schoolId={id} districtId={districtId} /> : null}
        {user.permissions.includes("wallet.charge") ? <BuyReportCards schoolId={id} schoolName={school.name} /> : null}
        {history ? <RecordHistory access={history} recordId={id} recordName={school.name} /> : null}
      </HydrationBoundary>
    </PageFrame>
  );
}
