import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { StatisticsArea } from "@/components/statistics/statistics-area";
import "@/components/statistics/statistics-print.css";
import { routes } from "@/lib/routes";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Statistics" };

/** The figures a district reports upward (issue: statistics), for the signed-in user's reach; filters in the URL. */
export default async function StatisticsPage() {
  const user = await getSignedInUser();
  const frame = { title: "Statistics", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Statistics" }] };
  return (
    <PageFrame {...frame}>{user.permissions.includes("statistics.view") ? <StatisticsArea districtId={user.staff.district.id} /> : <Forbidden />}</PageFrame>
  );
}
