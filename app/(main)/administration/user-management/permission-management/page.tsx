import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { RoleList } from "@/components/role/role-list";
import { StaffAccessPanel } from "@/components/role/staff-access-panel";
import { roleReads } from "@/lib/queries/roles";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Roles and permissions" };

export default async function PermissionManagementPage() {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "Roles and permissions", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Roles" }] };
  if (!can.has("role.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  await Promise.all([queries.prefetch(roleReads.list(districtId)), queries.prefetch(roleReads.catalogue())]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <RoleList
          organizationId={districtId}
          canCreate={can.has("role.create")}
          canEdit={can.has("role.update")}
          canDelete={can.has("role.delete")}
          createHref={routes.createRole}
        />
        {can.has("staff.view") ? <StaffAccessPanel districtId={districtId} /> : null}
      </HydrationBoundary>
    </PageFrame>
  );
}
