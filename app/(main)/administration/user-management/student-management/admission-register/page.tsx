import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { AdmissionRegister } from "@/components/students/register/admission-register";
import { classReads } from "@/lib/queries/classes";
import { schoolReads } from "@/lib/queries/schools";
import { studentFiltersFromQuery, studentRegisterReads } from "@/lib/queries/students";
import { searchParamsOf } from "@/lib/register-url";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Admission register" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The admission register: the filtered page of the URL (a bookmark opens as it was shared), rendered with its data. */
export default async function AdmissionRegisterPage({ searchParams }: Props) {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = {
    title: "Admission register",
    crumbs: [{ label: "Administration", href: routes.administration }, { label: "Students", href: routes.studentManagement }, { label: "Admission register" }],
  };
  if (!can.has("student.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const { filters, page } = studentFiltersFromQuery(searchParamsOf(await searchParams));
  const queries = serverQueries();
  // Not the reference lists (states and LGAs, about 40 KB): only the place filters under 'More filters' show
  // them, closed on a first load, and they read them once the page is hydrated.
  await Promise.all([
    queries.prefetch(studentRegisterReads.register(districtId, filters, page)),
    queries.prefetch(studentRegisterReads.total(districtId, filters)),
    can.has("school.view") ? queries.prefetch(schoolReads.byDistrict(districtId)) : null,
    can.has("class.view") && filters.school ? queries.prefetch(classReads.ofSchool(filters.school)) : null,
  ]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <AdmissionRegister
          districtId={districtId}
          can={{
            create: can.has("student.create"),
            download: can.has("student.download"),
            move: can.has("student.update"),
            schools: can.has("school.view"),
            classes: can.has("class.view"),
          }}
        />
      </HydrationBoundary>
    </PageFrame>
  );
}
