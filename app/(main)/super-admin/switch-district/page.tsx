import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { PageFrame } from "@/components/layout/page-frame";
import { routes } from "@/lib/routes";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Switch District" };

export default async function SwitchDistrictPage() {
  const user = await getSignedInUser();
  if (!user.staff.isSuperAdmin) redirect(routes.dashboard);
  return (
    <PageFrame title="Switch District" crumbs={[{ label: "Super administration", href: routes.superAdmin }, { label: "Switch District" }]}>
      <p className="rounded-lg border border-dashed border-border p-6">
        Switching the district you work on is coming soon. Meanwhile every district&apos;s status and requirements are in the{" "}
        <Link href={routes.superAdmin} className="font-medium text-primary hover:underline">
          super-admin area
        </Link>
        .
      </p>
    </PageFrame>
  );
}
