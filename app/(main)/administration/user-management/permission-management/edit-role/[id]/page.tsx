import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import * as z from "zod/mini";
import { RecordHistory } from "@/components/audit/record-history";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { RoleForm } from "@/components/role/role-form";
import { RoleHolders } from "@/components/role/role-holders";
import { historyAccessOf } from "@/lib/audit-access";
import type { RoleDetail } from "@/lib/contract/roles";
import { roleReads } from "@/lib/queries/roles";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser, ServerApiError } from "@/lib/server-api";

export const metadata: Metadata = { title: "Edit role" };

export default async function EditRolePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const user = await getSignedInUser();
  const frame = { title: "Edit role", crumbs: [{ label: "Roles", href: routes.permissionManagement }, { label: "Edit role" }] };
  if (!user.permissions.includes("role.update"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  const catalogue = queries.prefetch(roleReads.catalogue());
  let role: RoleDetail;
  try {
    role = (await queries.fetch(roleReads.detail(id))).role;
  } catch (error) {
    if (error instanceof ServerApiError && error.status === 404) notFound();
    throw error;
  }
  await catalogue;
  const history = historyAccessOf(user);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <RoleForm role={role} />
        <RoleHolders roleId={id} districtId={user.staff.district.id} canAssign={user.permissions.includes("role.assign")} />
        {history ? <RecordHistory access={history} recordId={id} recordName={role.name} /> : null}
      </HydrationBoundary>
    </PageFrame>
  );
}
