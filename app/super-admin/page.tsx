import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignedInSummary } from "@/components/auth/signed-in-summary";
import { routes } from "@/lib/routes";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Super administration" };

export default async function SuperAdminPage() {
  const user = await getSignedInUser();
  // Checked here on the server, not only by hiding links: others never see this area.
  if (!user.staff.isSuperAdmin) redirect(routes.dashboard);
  return <SignedInSummary user={user} heading="Super administration" />;
}
