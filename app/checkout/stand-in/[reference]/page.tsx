import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { StandInCheckout, type StandInPayment } from "@/components/billing/stand-in-checkout";
import { paymentReferencePattern } from "@/lib/contract/billing-values";
import { standInIsOn } from "@/lib/bff/stand-in-mode";
import { env } from "@/lib/env";
import "@/app/globals.css";

export const metadata: Metadata = { title: "Test checkout" };

/** The stand-in's record of the payment, or null (no such payment, or a real provider is configured and there is no stand-in). */
async function standInPayment(reference: string): Promise<StandInPayment | null> {
  if (!paymentReferencePattern.test(reference)) return null;
  const base = env().BILLING_API_URL.replace(/\/$/, "");
  try {
    const response = await fetch(`${base}/provider-stand-in/checkout/${encodeURIComponent(reference)}`, { cache: "no-store" });
    return response.ok ? ((await response.json()) as StandInPayment) : null;
  } catch {
    return null;
  }
}

/**
 * The payment provider's checkout page, as the local stand-in serves it through the portal (so a phone on
 * the LAN reaches it). Open without a session, as the real provider's page is.
 */
export default async function StandInCheckoutPage({ params }: { params: Promise<{ reference: string }> }) {
  // No stand-in (a live key): no test checkout, as if the page did not exist.
  if (!(await standInIsOn())) notFound();
  const { reference } = await params;
  const payment = await standInPayment(reference);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Test checkout</h1>
      {payment ? <StandInCheckout payment={payment} /> : <p role="alert">There is no test payment with this reference.</p>}
    </main>
  );
}
