import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import * as z from "zod/mini";
import { RecordHistory } from "@/components/audit/record-history";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { studentFormSetup } from "@/components/students/record/student-form-setup";
import { studentName } from "@/components/students/record/student-form-values";
import { StudentRecordView } from "@/components/students/record/student-record-view";
import { historyAccessOf } from "@/lib/audit-access";
import type { StudentRecord } from "@/lib/contract/students";
import { studentRecordReads } from "@/lib/queries/students";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser, ServerApiError } from "@/lib/server-api";

export const metadata: Metadata = { title: "Student record" };

type Props = { searchParams: Promise<{ id?: string | string[] }> };

/**
 * One pupil's record, the id in the query (architecture 'Staff', 'Students'), rendered on the server so a
 * bookmark opens it cold; without an id it is the admission register, an unknown or foreign id Page Not Found.
 * Those who may not update pupils see it read-only.
 */
export default async function StudentRecordPage({ searchParams }: Props) {
  const { id } = await searchParams;
  if (id === undefined) redirect(routes.admissionRegister);
  if (typeof id !== "string" || !z.uuid().safeParse(id).success) notFound();
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const crumbs = [
    { label: "Students", href: routes.studentManagement },
    { label: "Admission register", href: routes.admissionRegister },
    { label: "Student record" },
  ];
  if (!can.has("student.view"))
    return (
      <PageFrame title="Student record" crumbs={crumbs}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  let record: StudentRecord;
  try {
    record = await queries.fetch(studentRecordReads.record(id));
  } catch (error) {
    if (error instanceof ServerApiError && error.status === 404) notFound();
    throw error;
  }
  const canUpdate = can.has("student.update");
  // The form's choices only for those who may open it.
  const setup = canUpdate
    ? await studentFormSetup(user, queries, record.school.id)
    : { districtId: user.staff.district.id, can: { listSchools: false, listClasses: false }, admissionPattern: null };
  const history = historyAccessOf(user);
  return (
    <PageFrame title={studentName(record)} crumbs={crumbs}>
      <HydrationBoundary state={queries.state()}>
        <StudentRecordView initial={record} canUpdate={canUpdate} {...setup} />
        {history ? <RecordHistory access={history} recordId={id} recordName={studentName(record)} /> : null}
      </HydrationBoundary>
    </PageFrame>
  );
}
