import type { Metadata } from "next";
import { SignedInSummary } from "@/components/auth/signed-in-summary";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  return <SignedInSummary user={await getSignedInUser()} heading="Dashboard" />;
}
