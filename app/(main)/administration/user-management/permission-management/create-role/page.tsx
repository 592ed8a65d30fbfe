import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { RoleForm } from "@/components/role/role-form";
import { roleReads } from "@/lib/queries/roles";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Create role" };

export default async function CreateRolePage() {
  const user = await getSignedInUser();
  const frame = { title: "Create role", crumbs: [{ label: "Roles", href: routes.permissionManagement }, { label: "Create role" }] };
  if (!user.permissions.includes("role.create"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const queries = serverQueries();
  await queries.prefetch(roleReads.catalogue());
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <RoleForm />
      </HydrationBoundary>
    </PageFrame>
  );
}
