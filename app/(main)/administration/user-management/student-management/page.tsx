import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { StudentSpreadsheets } from "@/components/students/record/student-spreadsheets";
import { StudentAreaActions } from "@/components/students/register/student-area-actions";
import { StudentSummaryView } from "@/components/students/register/student-summary";
import { studentDownloadHref, studentRegisterReads } from "@/lib/queries/students";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Student management" };

/** The students area: the counts of enrolled pupils, and what the user may do (admit, upload, download, the admission register). */
export default async function StudentManagementPage() {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "Student management", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Students" }] };
  if (!can.has("student.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  await queries.prefetch(studentRegisterReads.summary(districtId));
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <StudentAreaActions can={{ create: can.has("student.create"), move: can.has("student.update") }} />
        <StudentSpreadsheets
          canUpload={can.has("student.upload")}
          // Every enrolled pupil; the admission register downloads the list as it filters it.
          download={can.has("student.download") ? { href: studentDownloadHref(districtId, {}), filename: "students.xlsx" } : null}
        />
        <StudentSummaryView districtId={districtId} />
      </HydrationBoundary>
    </PageFrame>
  );
}
