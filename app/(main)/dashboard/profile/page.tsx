import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { PageFrame } from "@/components/layout/page-frame";
import { ProfileView } from "@/components/profile/profile-view";
import { TwoStepSignIn } from "@/components/profile/two-step-sign-in";
import { staffReads } from "@/lib/queries/staff";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "User profile" };

/** The signed-in staff member's record, labelled with the state's terms, with their picture and the form to change it. */
export default async function ProfilePage() {
  const { staff: me, permissions } = await getSignedInUser();
  // The API answers whether an e-mail or phone is taken only to those who add or change staff, in an Active district.
  const liveChecks = me.district.accountStatus === "Active" && (permissions.includes("staff.create") || permissions.includes("staff.update"));
  const queries = serverQueries();
  const { staff } = await queries.fetch(staffReads.record(me.id));
  return (
    <PageFrame title="User profile" crumbs={[{ label: "User profile" }]}>
      <HydrationBoundary state={queries.state()}>
        <ProfileView initial={staff} liveChecks={liveChecks} />
      </HydrationBoundary>
      <TwoStepSignIn />
    </PageFrame>
  );
}
