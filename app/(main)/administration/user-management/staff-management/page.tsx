import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { StaffRegister } from "@/components/staff/staff-register";
import { schoolReads } from "@/lib/queries/schools";
import { filtersFromQuery, staffReads } from "@/lib/queries/staff";
import { searchParamsOf } from "@/lib/register-url";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Staff management" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The district's staff register: the filtered page of the URL (a bookmark opens as it was shared), rendered with its data. */
export default async function StaffManagementPage({ searchParams }: Props) {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "Staff management", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Staff" }] };
  if (!can.has("staff.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const { filters, page } = filtersFromQuery(searchParamsOf(await searchParams));
  const queries = serverQueries();
  // Not the reference lists (states and LGAs, about 40 KB): only the place filters under 'More filters' show
  // them, closed on a first load, and they read them once the page is hydrated.
  await Promise.all([
    queries.prefetch(staffReads.register(districtId, filters, page)),
    queries.prefetch(staffReads.total(districtId, filters)),
    can.has("school.view") ? queries.prefetch(schoolReads.byDistrict(districtId)) : null,
  ]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <StaffRegister
          districtId={districtId}
          terminologies={user.staff.stateDetails.stateTerminologies}
          can={{
            create: can.has("staff.create"),
            createAdmin: can.has("staff.create") && user.currentOrganization.type === "District",
            transfer: can.has("staff.transfer"),
            upload: can.has("staff.upload"),
            download: can.has("staff.download"),
          }}
        />
      </HydrationBoundary>
    </PageFrame>
  );
}
