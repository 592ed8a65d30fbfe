// What the browser needs of the payment reconciliation without zod (kinds, labels, messages, shapes); reconciliation.ts adds the schemas.

/** At most this many days are compared at once: a month of the provider's list, paged, stays a handful of calls. */
export const maxReconciliationDays = 31;

/**
 * A difference between what the provider reports and what the ledger holds (issue 33):
 * - `not_credited`: paid at the provider, but no funding entry in the ledger;
 * - `not_at_provider`: a funding entry the provider does not report as paid in the range;
 * - `amount`: both know it, with different amounts (the provider's requested amount against the credit);
 * - `unknown_payment`: paid at the provider under a reference the portal never started (another integration of the account);
 * - `refund`, `chargeback`: the provider took back money of a funding, and the ledger's entry that debits it.
 */
export const reconciliationKinds = ["not_credited", "not_at_provider", "amount", "unknown_payment", "refund", "chargeback"] as const;
export type ReconciliationKind = (typeof reconciliationKinds)[number];

export const reconciliationKindLabels: Record<ReconciliationKind, string> = {
  not_credited: "Paid at the provider, not credited",
  not_at_provider: "Credited, not paid at the provider",
  amount: "Amounts differ",
  unknown_payment: "Paid at the provider, not started here",
  refund: "Refunded",
  chargeback: "Charged back (lost dispute)",
};

/** One difference; amounts in kobo, null where that side has nothing. */
export type ReconciliationDifference = {
  kind: ReconciliationKind;
  /** The Lagos day it belongs to: the provider's payment day, else the ledger entry's. */
  day: string;
  district: { id: string; name: string } | null;
  reference: string;
  providerAmount: number | null;
  ledgerAmount: number | null;
  /** The provider's status of the payment (success, reversed, …), null when it does not report it. */
  providerStatus: string | null;
};

/** One day of one district: what the provider reports as paid, what the ledger credited and took back, and how many differences. */
export type ReconciliationDay = {
  day: string;
  district: { id: string; name: string } | null;
  providerCount: number;
  providerAmount: number;
  creditedCount: number;
  creditedAmount: number;
  takenBackAmount: number;
  differences: number;
};

/** GET /reconciliation. */
export type ReconciliationReport = { from: string; to: string; days: ReconciliationDay[]; differences: ReconciliationDifference[] };

export const reconciliationMessages = {
  fromRequired: "Choose the first day.",
  toRequired: "Choose the last day.",
  fromAfterTo: "The first day must be on or before the last day.",
  rangeTooLong: `Compare at most ${maxReconciliationDays} days at a time.`,
  providerListUnreadable: "The payment provider's list of payments could not be read; try again in a moment.",
  tooManyAtProvider: "The provider reports too many transactions in this range to compare at once; choose fewer days.",
  noDifferences: "No differences: every payment the provider reports was credited, and every credit was paid.",
} as const;
