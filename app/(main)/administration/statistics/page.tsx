import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { StatisticsArea } from "@/components/statistics/statistics-area";
import "@/components/statistics/statistics-print.css";
import { statisticsFiltersFromQuery, statisticsReads } from "@/lib/queries/statistics";
import { searchParamsOf } from "@/lib/register-url";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Statistics" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The figures a district reports upward (issue: statistics), for the signed-in user's reach; filters in the URL.
 * Every section's figures are read here, side by side, and come with the page: read by the browser after
 * hydration, they painted the page's largest text a script load and six round trips later, and each
 * section's loading line gave way to its tables under the first screen's eyes.
 */
export default async function StatisticsPage({ searchParams }: Props) {
  const user = await getSignedInUser();
  const frame = { title: "Statistics", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Statistics" }] };
  if (!user.permissions.includes("statistics.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const districtId = user.staff.district.id;
  const { filters } = statisticsFiltersFromQuery(searchParamsOf(await searchParams));
  const queries = serverQueries();
  const read = statisticsReads;
  await Promise.all([
    queries.prefetch(read.enrolment(districtId, filters)),
    queries.prefetch(read.teachers(districtId, filters)),
    queries.prefetch(read.classes(districtId, filters)),
    queries.prefetch(read.retirements(districtId, filters)),
    queries.prefetch(read.movement(districtId, filters)),
    queries.prefetch(read.trends(districtId, filters)),
  ]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <StatisticsArea districtId={districtId} />
      </HydrationBoundary>
    </PageFrame>
  );
}
