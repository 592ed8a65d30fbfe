// What the browser needs of billing without zod (actions, limits, messages, shapes); billing.ts re-exports it with the schemas.
import { formatNaira } from "./configuration-values";

export { formatNaira };

/** Architecture 'Billing': the ledger's actions. */
export const transactionActions = ["FUNDING", "REPORT_CARD_CHARGE", "REVERSAL", "REFUND", "CHARGEBACK"] as const;
export type TransactionAction = (typeof transactionActions)[number];
export const transactionActionLabels: Record<TransactionAction, string> = {
  FUNDING: "Funding",
  REPORT_CARD_CHARGE: "Report-card charge",
  REVERSAL: "Reversal",
  REFUND: "Refund",
  CHARGEBACK: "Lost dispute",
};

export type LedgerDirection = "credit" | "debit";
/** How the provider takes back a funding: a refund, or a dispute the district lost. */
export type TakeBackAction = Extract<TransactionAction, "REFUND" | "CHARGEBACK">;
/** The mark a funding taken back carries in the logs and on the wallet page. */
export const takenBackLabels: Record<TakeBackAction, string> = { REFUND: "Refunded", CHARGEBACK: "Charged back" };
/** A funding attempt: pending until the provider confirms it (credited) or says it did not happen (failed). */
export type PaymentStatus = "pending" | "credited" | "failed";
/** The provider stand-in's own transaction states, as Paystack names them. */
export type StandInStatus = "pending" | "success" | "failed" | "abandoned";

/** Funding limits, in kobo: ₦100 to ₦50,000,000 a payment. */
export const minFundingKobo = 10_000;
export const maxFundingKobo = 5_000_000_000;

/** A reversal's reason, and a service client's name: short texts. */
export const maxReasonLength = 300;
export const maxClientNameLength = 100;
/** An idempotency key: what a client sends, up to 100 visible characters. */
export const maxIdempotencyKeyLength = 100;

/** A payment reference as the provider hands it back: our own, letters, digits and - _ . only. */
export const paymentReferencePattern = /^[A-Za-z0-9._-]{1,100}$/;

/** The header a result-processing system sends its API key in. */
export const apiKeyHeader = "x-api-key";

export const billingMessages = {
  amountRequired: "Enter an amount in naira, e.g. 25,000.",
  amountTooSmall: `The smallest payment is ${formatNaira(minFundingKobo)}.`,
  amountTooLarge: `The largest payment is ${formatNaira(maxFundingKobo)}.`,
  referenceRequired: "A payment reference is required.",
  unknownPayment: "No payment with this reference was started from this district.",
  providerUnreachable: "The payment provider could not be reached. Nothing was credited; please try again in a moment.",
  paymentNotCompleted: (status: string) => `The payment was not completed (the provider says: ${status}). Nothing was credited.`,
  paymentMismatch: "The provider reports a different amount or currency for this payment. Nothing was credited; contact support with the reference.",
  testPaymentRefused: "The provider reports this as a test payment (test card or test key). Test money is not credited on this portal; nothing was credited.",
  paymentPending: "The payment has not been completed yet. If you paid, it will be credited as soon as the provider confirms it.",
  funded: "Wallet Funded Successfully",
  alreadyCredited: "This payment was already credited to the wallet.",
  insufficientBalance: (needed: number, balance: number) =>
    `Insufficient wallet balance: the charge is ${formatNaira(needed)} and the wallet holds ${formatNaira(balance)}.`,
  walletInArrears: (balance: number) =>
    `The wallet is in arrears (${formatNaira(balance)}) after a refund or a lost dispute of a funding: fund it back to ₦0.00 or more to buy report cards.`,
  nothingToCharge: "Every enrolled pupil of this school has already been charged for this term.",
  freeReportCards: "The district's report-card price is ₦0.00, so there is nothing to charge.",
  reportCardsCharged: "Report Cards Paid Successfully",
  schoolRequired: "Choose a school.",
  termRequired: "Choose a term.",
  sessionFormat: "Enter the session as two consecutive years, e.g. 2026/2027.",
  sessionNotChargeable: (current: string, previous: string | null) =>
    previous
      ? `Report cards are bought for the district's current session (${current}) or, until its first term starts, the previous one (${previous}).`
      : `Report cards are bought for the district's current session (${current}) only.`,
  idempotencyKeyRequired: "An idempotency key is required (up to 100 characters).",
  idempotencyKeyReused: "This idempotency key was already used for a different charge.",
  reasonRequired: "Give the reason for the reversal.",
  reversed: "Transaction Reversed Successfully",
  alreadyReversed: "This transaction has already been reversed.",
  cannotReverseReversal: "A reversal cannot itself be reversed; make a new transaction instead.",
  reversalWouldOverdraw: (needed: number, balance: number) =>
    `The wallet holds ${formatNaira(balance)}, less than the ${formatNaira(needed)} this reversal takes back.`,
  clientNameRequired: "Name the system that will use the key.",
  keyIssued: "API Key Issued Successfully",
  keyRevoked: "API Key Revoked Successfully",
  invalidApiKey: "The API key is missing, unknown or revoked.",
  badSignature: "Invalid signature.",
  webhookAddressRefused: "Webhooks are taken only from the payment provider's addresses.",
  lowBalance: (balance: number, threshold: number) =>
    `The wallet balance (${formatNaira(balance)}) is below the district's alert level of ${formatNaira(threshold)}. Fund the wallet before buying report cards.`,
  standInNotice: "Test checkout: this is the portal's stand-in for the payment provider. No money moves and no card is asked for.",
  startAfterEnd: "The start date must be on or before the end date.",
  limitRange: "The limit must be a whole number from 1 to 1000.",
  pageRange: "The page must be a whole number from 1.",
} as const;

/** GET wallet/balance/{id}. */
export type WalletBalance = {
  districtId: string;
  balance: number;
  lowBalanceThreshold: number;
  isLow: boolean;
  currency: "NGN";
};

/** A ledger entry as the logs, the wallet page and the download show it. */
export type TransactionLogItem = {
  id: string;
  reference: string;
  action: TransactionAction;
  direction: LedgerDirection;
  amount: number;
  balanceAfter: number;
  description: string;
  school: { id: string; name: string } | null;
  academicSession: string | null;
  term: string | null;
  pupils: number | null;
  reversesId: string | null;
  /** Set when a later entry reverses this one. */
  reversedById: string | null;
  reason: string | null;
  /** Who: a staff member's name, or a service client's. */
  by: string | null;
  /** Not real money: paid through the provider stand-in or with a test key, or made in a wallet holding such money. */
  testMoney: boolean;
  /** A funding the provider took back, wholly or in part (issue 33): REFUND and/or CHARGEBACK, as its later entries say; [] otherwise. */
  takenBack: TakeBackAction[];
  createdAt: string;
};

export type TransactionLogPage = { transactionLogs: TransactionLogItem[]; page: number; limit: number };
/** GET /transaction-logs/search-total: counted once per filter, with the filtered set's credits and debits (kobo). */
export type TransactionLogTotals = { total: number; credits: number; debits: number };

/** POST wallet/payment-link. */
export type PaymentLink = { reference: string; checkoutUrl: string };
/** POST wallet/fund (and what the return page shows). */
export type FundResult = { message: string; status: "credited" | "already-credited"; amount: number; balance: number };

/** What buying a term's report cards for a school would charge (the review before confirming). */
export type ReportCardQuote = {
  school: { id: string; name: string };
  academicSession: string;
  term: string;
  pupils: number;
  price: number;
  amount: number;
  balance: number;
};
export type ReportCardChargeResult = { message: string; entry: TransactionLogItem | null; pupils: number; amount: number; balance: number };

/** A result-processing system's key as super administrators see it (the key itself only once, when issued). */
export type ApiClientItem = {
  id: string;
  districtId: string;
  name: string;
  keyPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
export type IssuedApiKey = { client: ApiClientItem; key: string };
