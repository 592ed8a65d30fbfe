import client from "prom-client";

/** The billing API's money events (services/billing/**), counted per process; a cluster's workers add up. */

const providerRequests = new client.Counter({
  name: "billing_provider_requests_total",
  help: "Calls to the payment provider, by call (initialize, verify, list: a page of the transactions list for the reconciliation) and outcome: ok, unknown_reference (verify), unreachable (no answer in time, a dropped connection), refused (an error status or an answer we cannot read)",
  labelNames: ["call", "outcome"],
});
export type ProviderCall = "initialize" | "verify" | "list";
export type ProviderOutcome = "ok" | "unknown_reference" | "unreachable" | "refused";
export const countProviderRequest = (call: ProviderCall, outcome: ProviderOutcome) => providerRequests.inc({ call, outcome });

const fundingVerifications = new client.Counter({
  name: "billing_funding_verifications_total",
  help: "Wallet fundings checked with the provider, by how the check came (return_page, webhook) and outcome: credited, already_credited, failed (failed, abandoned or reversed), mismatch (paid another amount or currency), test_money_refused (test money in production), unknown (the provider has no such payment), pending",
  labelNames: ["via", "outcome"],
});
export type FundingVia = "return_page" | "webhook";
export type FundingOutcome = "credited" | "already_credited" | "failed" | "mismatch" | "test_money_refused" | "unknown" | "pending";
export const countFundingVerification = (via: FundingVia, outcome: FundingOutcome) => fundingVerifications.inc({ via, outcome });

const webhookEvents = new client.Counter({
  name: "billing_webhook_events_total",
  help: "The provider's webhook events, by outcome: rejected_signature, refused_address (not in PAYSTACK_WEBHOOK_IPS), malformed, ignored (another event, or a payment not ours), queued (recorded, answered before its work was done), and what the work of a recorded event did: credited, already_credited (a duplicate), not_credited (the provider says not paid, not yet, or not as asked), debited and already_debited (a processed refund or lost dispute of a funding), noted (a refund or dispute on its way, or a dispute won), error (tried again later)",
  labelNames: ["outcome"],
});
export type WebhookOutcome =
  | "rejected_signature"
  | "refused_address"
  | "malformed"
  | "ignored"
  | "queued"
  | "credited"
  | "already_credited"
  | "not_credited"
  | "debited"
  | "already_debited"
  | "noted"
  | "error";
export const countWebhookEvent = (outcome: WebhookOutcome) => webhookEvents.inc({ outcome });

const reportCardCharges = new client.Counter({
  name: "billing_report_card_charges_total",
  help: "Report-card charges asked for, by who asked (staff, api_client) and outcome: charged, repeated (an idempotency key's charge asked again), nothing_to_charge, refused_balance (402), refused (another 4xx), error",
  labelNames: ["by", "outcome"],
});
export type ChargeBy = "staff" | "api_client";
export type ChargeOutcome = "charged" | "repeated" | "nothing_to_charge" | "refused_balance" | "refused" | "error";
export const countReportCardCharge = (by: ChargeBy, outcome: ChargeOutcome) => reportCardCharges.inc({ by, outcome });
