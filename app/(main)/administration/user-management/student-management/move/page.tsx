import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { MoveForm } from "@/components/students/moves/move-form";
import { classReads } from "@/lib/queries/classes";
import { schoolReads } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Move pupils" };

/** A group move: the selection is the browser's (sessionStorage); the schools and classes pupils may go to come with the page. */
export default async function StudentMovePage() {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = {
    title: "Move pupils",
    crumbs: [{ label: "Students", href: routes.studentManagement }, { label: "Admission register", href: routes.admissionRegister }, { label: "Move pupils" }],
  };
  // Group moves change pupils' records: student.update.
  if (!can.has("student.update"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const listSchools = can.has("school.view");
  const listClasses = can.has("class.view");
  const queries = serverQueries();
  await Promise.all([
    listSchools ? queries.prefetch(schoolReads.byDistrict(districtId)) : null,
    listClasses ? queries.prefetch(classReads.ofSchool("")) : null,
  ]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <MoveForm districtId={districtId} can={{ listSchools, listClasses }} />
      </HydrationBoundary>
    </PageFrame>
  );
}
