import type { FundResult, PaymentLink, TransactionLogItem, WalletBalance } from "../contract/billing-values";
import { billingApi, clientApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/** The district's wallet (billing API): its balance, alert level and newest entries. */
export const walletKeys = {
  all: ["wallet"] as const,
  balance: (districtId: string) => ["wallet", "balance", districtId] as const,
};

export type WalletAnswer = { wallet: WalletBalance; recent: TransactionLogItem[] };

export const walletReads = {
  balance: (districtId: string) => apiRead<WalletAnswer>(walletKeys.balance(districtId), `wallet/balance/${encodeURIComponent(districtId)}`, "billing"),
};

export const useWallet = (districtId: string) => useApiRead(walletReads.balance(districtId));

export const walletMutations = {
  /** Kobo: the provider's checkout page to send the user to. */
  paymentLink: (amount: number) => clientApi<PaymentLink>(billingApi("wallet/payment-link"), { method: "POST", json: { amount } }),
  /** Confirms a payment the provider sent the user back from (it is credited once, however often this is asked). */
  fund: (reference: string) => clientApi<FundResult>(billingApi("wallet/fund"), { method: "POST", json: { reference } }),
};
