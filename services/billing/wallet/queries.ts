import { and, eq, ne, sql } from "drizzle-orm";
import type { TransactionLogItem, WalletBalance } from "../../../lib/contract/billing-values";
import type { Reader, Tx, Db } from "../../db/client";
import { ledgerEntry, payment, wallet } from "../../db/schema";
import { within, type Scope, type StaffScope } from "../../db/scope";
import { configurationOf } from "../../district/configuration/queries";
import { entryRows, newestFirst, toLogItem } from "../ledger/items";

export type PaymentRow = typeof payment.$inferSelect;

/** How many of the newest entries the wallet page shows. */
export const recentEntryCount = 5;

/** A district's balance: 0 for a wallet not made yet (it is made on first use). */
export async function balanceOf(db: Reader, scope: Scope, districtId: string): Promise<number> {
  const [row] = await db
    .select({ balance: wallet.balance })
    .from(wallet)
    .where(and(eq(wallet.districtId, districtId), within(scope, wallet)));
  return row?.balance ?? 0;
}

/** GET wallet/balance/{id}: the balance against the district's low-balance alert level, and the newest entries the scope may see. */
export async function walletOverview(db: Reader, scope: StaffScope): Promise<{ wallet: WalletBalance; recent: TransactionLogItem[] }> {
  const districtId = scope.districtId;
  const [balance, configuration, recent] = await Promise.all([
    balanceOf(db, scope, districtId),
    configurationOf(db, scope),
    entryRows(db, scope)
      .where(and(eq(ledgerEntry.districtId, districtId), within(scope, ledgerEntry)))
      .orderBy(...newestFirst)
      .limit(recentEntryCount),
  ]);
  const threshold = configuration.lowBalanceThreshold;
  return {
    wallet: { districtId, balance, lowBalanceThreshold: threshold, isLow: balance < threshold, currency: "NGN" },
    recent: recent.map(toLogItem),
  };
}

/** A payment started from the scope (below the district level: none, payments are the district's). */
export async function findPayment(db: Reader, scope: Scope, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.reference, reference), within(scope, payment)));
  return row;
}

/** A new funding attempt, pending until the provider confirms it. */
export async function insertPayment(tx: Tx, values: { reference: string; districtId: string; amount: number; createdBy: string }): Promise<PaymentRow> {
  const [row] = await tx.insert(payment).values(values).returning();
  if (!row) throw new Error("payment insert returned nothing");
  return row;
}

export async function setCheckoutUrl(db: Db, scope: Scope, reference: string, checkoutUrl: string) {
  await db
    .update(payment)
    .set({ checkoutUrl })
    .where(and(eq(payment.reference, reference), within(scope, payment)));
}

/**
 * What the provider said of a payment that did not succeed (failed, abandoned, reversed, or a different amount or
 * currency): kept on it for the user and support. A credited payment is never changed back; a failed one can still be
 * credited if the provider later reports it paid (the money was taken: it must not be lost).
 */
export async function markPaymentFailed(db: Db, scope: Scope, reference: string, providerStatus: string) {
  await db
    .update(payment)
    .set({ status: "failed", providerStatus, settledAt: sql`now()` })
    .where(and(eq(payment.reference, reference), ne(payment.status, "credited"), within(scope, payment)));
}

/** Notes a state the provider reports for a payment still under way (pending, ongoing, …), without settling it. */
export async function notePaymentState(db: Db, scope: Scope, reference: string, providerStatus: string) {
  await db
    .update(payment)
    .set({ providerStatus })
    .where(and(eq(payment.reference, reference), eq(payment.status, "pending"), within(scope, payment)));
}
