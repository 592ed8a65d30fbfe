import { HydrationBoundary } from "@tanstack/react-query";
import { historyAccessOf } from "@/lib/audit-access";
import type { Metadata } from "next";
import { ClassRegister } from "@/components/classes/class-register";
import { ClassTypesSection } from "@/components/classes/class-types-section";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { classFiltersFromQuery, classReads } from "@/lib/queries/classes";
import { schoolReads } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Classes" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The query string as the list reads it in the browser (first value of each key). */
const queryOf = (params: Record<string, string | string[] | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : Array.isArray(value) && value[0] ? [[key, value[0]]] : [])),
  );

/** The classes of the caller's scope (the filtered page of the URL, so a bookmark opens as it was shared) and the district's class types. */
export default async function ClassesPage({ searchParams }: Props) {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "Classes", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Classes" }] };
  if (!can.has("class.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const { filters, page } = classFiltersFromQuery(queryOf(await searchParams));
  const queries = serverQueries();
  await Promise.all([
    queries.prefetch(classReads.list(filters, page)),
    queries.prefetch(classReads.types()),
    can.has("school.view") ? queries.prefetch(schoolReads.byDistrict(districtId)) : null,
  ]);
  // Class types are the district's own records: only staff working at district level change them.
  const atDistrictLevel = user.staff.isSuperAdmin || user.currentOrganization.type === "District";
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <ClassRegister districtId={districtId} can={{ create: can.has("class.create"), update: can.has("class.update") }} history={historyAccessOf(user)} />
        <ClassTypesSection can={{ create: atDistrictLevel && can.has("class.create"), update: atDistrictLevel && can.has("class.update") }} />
      </HydrationBoundary>
    </PageFrame>
  );
}
