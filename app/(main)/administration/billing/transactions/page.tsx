import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { TransactionLogs } from "@/components/billing/transaction-logs/transaction-logs";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { billingReads, transactionLogFiltersFromQuery } from "@/lib/queries/billing";
import { schoolReads } from "@/lib/queries/schools";
import { searchParamsOf } from "@/lib/register-url";
import { routes } from "@/lib/routes";
import { serverQueries } from "@/lib/server-prefetch";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Transaction logs" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The transaction logs of the district worked in: the filtered page of the URL (a bookmark opens as it was shared), rendered with its data. */
export default async function TransactionLogsPage({ searchParams }: Props) {
  const user = await getSignedInUser();
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const frame = { title: "Transaction logs", crumbs: [{ label: "Administration", href: routes.administration }, { label: "Transaction logs" }] };
  if (!can.has("transaction.view"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  const { filters, page } = transactionLogFiltersFromQuery(searchParamsOf(await searchParams));
  const queries = serverQueries();
  await Promise.all([
    queries.prefetch(billingReads.transactionLogs(districtId, filters, page)),
    queries.prefetch(billingReads.transactionLogTotals(districtId, filters)),
    can.has("school.view") ? queries.prefetch(schoolReads.byDistrict(districtId)) : null,
  ]);
  return (
    <PageFrame {...frame}>
      <HydrationBoundary state={queries.state()}>
        <TransactionLogs
          districtId={districtId}
          can={{ download: can.has("transaction.download"), schools: can.has("school.view"), reverse: user.staff.isSuperAdmin }}
        />
      </HydrationBoundary>
    </PageFrame>
  );
}
