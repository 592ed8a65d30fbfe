import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageFrame } from "@/components/layout/page-frame";
import { ReconciliationView } from "@/components/billing/reconciliation/reconciliation-view";
import { routes } from "@/lib/routes";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Payment reconciliation" };

/** Super administrators compare what the payment provider reports as paid with what the wallets were credited. */
export default async function ReconciliationPage() {
  const user = await getSignedInUser();
  if (!user.staff.isSuperAdmin) redirect(routes.dashboard);
  return (
    <PageFrame title="Payment reconciliation" crumbs={[{ label: "Super administration", href: routes.superAdmin }, { label: "Payment reconciliation" }]}>
      <p className="text-muted-foreground">
        Per day and district, the payments the provider reports as successful against the wallet credits of the ledger, with every difference, refund and lost
        dispute.
      </p>
      <ReconciliationView />
    </PageFrame>
  );
}
