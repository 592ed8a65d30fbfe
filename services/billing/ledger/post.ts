import { and, eq, sql } from "drizzle-orm";
import type { LedgerDirection, TransactionAction } from "../../../lib/contract/billing-values";
import { billingMessages } from "../../../lib/contract/billing-values";
import type { Tx } from "../../db/client";
import { notifyIfLowBalance } from "../../db/notify";
import { ledgerEntry, wallet } from "../../db/schema";
import { within, type Scope } from "../../db/scope";
import { AppError } from "../../http/errors";

export type NewEntry = {
  districtId: string;
  direction: LedgerDirection;
  action: TransactionAction;
  /** Kobo, more than zero. */
  amount: number;
  reference: string;
  description: string;
  schoolId?: string | null;
  academicSession?: string | null;
  term?: string | null;
  pupils?: number | null;
  reversesId?: string | null;
  reason?: string | null;
  idempotencyKey?: string | null;
  actorStaffId?: string | null;
  apiClientId?: string | null;
  /** A funding paid with test money (the stand-in, a test key, the provider's test domain). */
  testMoney?: boolean;
  /** The funding a REFUND or CHARGEBACK takes back. */
  fundingId?: string | null;
};

/** What the provider took back: the one kind of debit the balance need not cover (the wallet goes into arrears). */
const takenBack = new Set<TransactionAction>(["REFUND", "CHARGEBACK"]);

export type LedgerEntryRow = typeof ledgerEntry.$inferSelect;

/**
 * Locks the district's wallet row for the rest of the transaction (`SELECT … FOR UPDATE`): every change
 * of one wallet happens one after another, so a check made after this holds until the commit. Made on
 * first use for a district that has none yet. The district is one the caller already found in `scope`
 * (a wallet outside it is not found).
 */
export async function lockWallet(tx: Tx, scope: Scope, districtId: string): Promise<number> {
  await tx.insert(wallet).values({ districtId }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: wallet.balance })
    .from(wallet)
    .where(and(eq(wallet.districtId, districtId), within(scope, wallet)))
    .for("update");
  if (!row) throw new Error(`no wallet for district ${districtId} in scope`);
  return row.balance;
}

/**
 * The one way money moves: adds an entry and changes the balance in the caller's transaction, with the
 * wallet locked. A debit the balance cannot cover is refused (402) and nothing is written — said as arrears when the
 * wallet is below zero — except a refund or lost dispute, which leaves the wallet in arrears (issue 33); the database's
 * checks (balance_after never negative but for those and funding, amount positive, reference unique) stand behind it.
 */
export async function postEntry(tx: Tx, scope: Scope, entry: NewEntry): Promise<LedgerEntryRow> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0) throw new Error(`ledger amount must be a positive whole number of kobo, got ${entry.amount}`);
  const balance = await lockWallet(tx, scope, entry.districtId);
  const balanceAfter = entry.direction === "credit" ? balance + entry.amount : balance - entry.amount;
  if (balanceAfter < 0 && !takenBack.has(entry.action))
    throw new AppError(
      "insufficient_funds",
      balance < 0 ? billingMessages.walletInArrears(balance) : billingMessages.insufficientBalance(entry.amount, balance),
    );
  if (!Number.isSafeInteger(balanceAfter)) throw new Error("wallet balance out of range");
  const testMoney = entry.testMoney === true || (await holdsTestMoney(tx, scope, entry.districtId));
  const [row] = await tx
    .insert(ledgerEntry)
    .values({ ...entry, balanceAfter, testMoney })
    .returning();
  await tx
    .update(wallet)
    .set({ balance: balanceAfter, updatedAt: sql`now()` })
    .where(and(eq(wallet.districtId, entry.districtId), within(scope, wallet)));
  if (!row) throw new Error("ledger insert returned nothing");
  if (entry.direction === "debit") await notifyIfLowBalance(tx, entry.districtId, balance, balanceAfter);
  return row;
}

/**
 * Whether a wallet was ever funded with test money: then none of its later entries is wholly real money (a report card
 * bought with it was not paid for), and each is marked as test money too. Read under the wallet's lock.
 */
async function holdsTestMoney(tx: Tx, scope: Scope, districtId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerEntry.id })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.districtId, districtId), eq(ledgerEntry.testMoney, true), within(scope, ledgerEntry)))
    .limit(1);
  return row !== undefined;
}
