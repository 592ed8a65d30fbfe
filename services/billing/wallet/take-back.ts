import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifyIfArrears } from "../../db/notify";
import { auditLog, ledgerEntry } from "../../db/schema";
import { within, type Scope } from "../../db/scope";
import { isUniqueViolation } from "../../db/unique-violation";
import { lockWallet, postEntry } from "../ledger/post";
import type { PaymentRow } from "./queries";

/** What the provider took back of a funding (issue 33): a processed refund, or a dispute the district lost. */
export type TakeBack = { kind: "REFUND" | "CHARGEBACK"; providerId: string; amount: number };

export type TakeBackOutcome = "debited" | "already_debited" | "not_credited";

/** The debit's reference: one per refund or dispute, unique in the ledger, so it is debited once whoever sends it. */
export const takeBackReference = (t: Pick<TakeBack, "kind" | "providerId">, funding: string) =>
  `${t.kind === "REFUND" ? "refund" : "dispute"}:${t.providerId}:${funding}`;

const descriptions = { REFUND: "Refund of a wallet funding via Paystack", CHARGEBACK: "Lost dispute of a wallet funding via Paystack" };

/**
 * Debits the wallet by what the provider took back of one of its fundings, once, as its own entry pointing at the
 * funding. Never more than is left of the funding after earlier refunds and disputes. The balance may go below zero:
 * the wallet is then in arrears (charges refused until it is funded back) and its keepers and the super administrators
 * are told. A funding never credited has nothing to take back.
 */
export async function takeBackFunding(db: Db, scope: Scope, paid: PaymentRow, taken: TakeBack): Promise<TakeBackOutcome> {
  const reference = takeBackReference(taken, paid.reference);
  try {
    return await db.transaction(async (tx) => {
      const balance = await lockWallet(tx, scope, paid.districtId);
      const [funding] = await tx
        .select({ id: ledgerEntry.id, amount: ledgerEntry.amount, testMoney: ledgerEntry.testMoney })
        .from(ledgerEntry)
        .where(and(eq(ledgerEntry.reference, paid.reference), eq(ledgerEntry.action, "FUNDING"), within(scope, ledgerEntry)));
      if (!funding) return "not_credited" as const;
      const [done] = await tx
        .select({ id: ledgerEntry.id })
        .from(ledgerEntry)
        .where(and(eq(ledgerEntry.reference, reference), within(scope, ledgerEntry)));
      if (done) return "already_debited" as const;
      const [before] = await tx
        .select({ sum: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)` })
        .from(ledgerEntry)
        .where(and(eq(ledgerEntry.fundingId, funding.id), within(scope, ledgerEntry)));
      const amount = Math.min(taken.amount, funding.amount - Number(before?.sum ?? 0));
      if (amount <= 0) return "already_debited" as const;
      const entry = await postEntry(tx, scope, {
        districtId: paid.districtId,
        direction: "debit",
        action: taken.kind,
        amount,
        reference,
        description: descriptions[taken.kind],
        fundingId: funding.id,
        testMoney: funding.testMoney,
      });
      const after = { amount, entryId: entry.id, balanceAfter: entry.balanceAfter, funding: paid.reference, providerId: taken.providerId };
      await tx.insert(auditLog).values({
        actorStaffId: null,
        districtId: paid.districtId,
        operation: taken.kind === "REFUND" ? "wallet.refund" : "wallet.chargeback",
        recordId: reference,
        before: { balance },
        after,
      });
      await notifyIfArrears(tx, paid.districtId, balance, entry.balanceAfter, amount);
      return "debited" as const;
    });
  } catch (error) {
    if (!isUniqueViolation(error, "ledger_entry_reference_idx")) throw error;
    return "already_debited";
  }
}
