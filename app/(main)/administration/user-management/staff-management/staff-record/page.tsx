import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import * as z from "zod/mini";
import { RecordHistory } from "@/components/audit/record-history";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { StaffRecordView } from "@/components/staff/staff-record-view";
import { historyAccessOf } from "@/lib/audit-access";
import type { StaffRecord } from "@/lib/contract/staff";
import { referenceReads } from "@/lib/queries/reference";
import { staffReads } from "@/lib/queries/staff";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser, ServerApiError } from "@/lib/server-api";

export const metadata: Metadata = { title: "Staff record" };

type Props = { searchParams: Promise<{ id?: string | string[] }> };

/**
 * One staff member's record at the spec's route with the id in the query (architecture 'Staff'), rendered on
 * the server so a bookmark opens it cold; without an id it is the register, an unknown or foreign id Page Not Found.
 */
export default async function StaffRecordPage({ searchParams }: Props) {
  const { id } = await searchParams;
  if (id === undefined) redirect(routes.staffManagement);
  if (typeof id !== "string" || !z.uuid().safeParse(id).success) notFound();
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const frame = { title: "Staff record", crumbs: [{ label: "Staff", href: routes.staffManagement }, { label: "Staff record" }] };
  if (!can.has("staff.view") && id !== user.staff.id)
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  const reference = queries.prefetch(referenceReads.allEnum());
  let record: StaffRecord;
  try {
    record = await queries.fetch(staffReads.record(id));
  } catch (error) {
    if (error instanceof ServerApiError && error.status === 404) notFound();
    throw error;
  }
  await reference;
  const name = [record.staff.firstName, record.staff.lastName].join(" ");
  const history = historyAccessOf(user);
  return (
    <PageFrame title={name} crumbs={frame.crumbs}>
      <HydrationBoundary state={queries.state()}>
        <StaffRecordView initial={record} isSelf={id === user.staff.id} can={{ update: can.has("staff.update"), suspend: can.has("staff.suspend") }} />
        {history ? <RecordHistory access={history} recordId={id} recordName={name} /> : null}
      </HydrationBoundary>
    </PageFrame>
  );
}
