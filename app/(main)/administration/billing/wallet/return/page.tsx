import type { Metadata } from "next";
import { WalletReturn } from "@/components/billing/wallet-return";
import { Forbidden } from "@/components/layout/forbidden";
import { PageFrame } from "@/components/layout/page-frame";
import { paymentReferencePattern } from "@/lib/contract/billing-values";
import { routes } from "@/lib/routes";
import { getSignedInUser } from "@/lib/server-api";

export const metadata: Metadata = { title: "Confirming payment" };

/** The payment provider's return address (it adds ?reference=… and ?trxref=…, both the payment's reference). */
export default async function WalletReturnPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await getSignedInUser();
  const query = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const reference = first(query.reference) ?? first(query.trxref) ?? "";
  const frame = {
    title: "Fund the wallet",
    crumbs: [{ label: "Administration", href: routes.administration }, { label: "Wallet", href: routes.wallet }, { label: "Payment" }],
  };
  if (!user.permissions.includes("wallet.fund"))
    return (
      <PageFrame {...frame}>
        <Forbidden />
      </PageFrame>
    );
  return (
    <PageFrame {...frame}>
      {paymentReferencePattern.test(reference) ? (
        <WalletReturn reference={reference} />
      ) : (
        <p role="alert">This address does not name a payment. Start again from the wallet.</p>
      )}
    </PageFrame>
  );
}
