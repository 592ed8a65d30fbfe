import type { Metadata } from "next";
import { AdministrationHub } from "@/components/layout/administration-hub";
import { PageFrame } from "@/components/layout/page-frame";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Administration" };

export default async function AdministrationPage() {
  const user = await getSignedInUser();
  return (
    <PageFrame title="Administration" crumbs={[{ label: "Administration" }]}>
      <AdministrationHub permissions={user.permissions} />
    </PageFrame>
  );
}
