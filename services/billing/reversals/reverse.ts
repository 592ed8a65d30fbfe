import { and, eq, isNull, sql } from "drizzle-orm";
import { billingMessages, type TransactionLogItem } from "../../../lib/contract/billing-values";
import { recordAudit } from "../../db/audit";
import type { Db } from "../../db/client";
import { ledgerEntry, reportCardCharge } from "../../db/schema";
import { guardUnique } from "../../db/unique-violation";
import { within, type Scope } from "../../db/scope";
import type { Actor } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { lockWallet, postEntry } from "../ledger/post";
import { logItemOf } from "../report-cards/charge";

/** What the audit keeps of an entry. */
const auditView = (row: typeof ledgerEntry.$inferSelect) => ({
  reference: row.reference,
  action: row.action,
  direction: row.direction,
  amount: row.amount,
  balanceAfter: row.balanceAfter,
  schoolId: row.schoolId,
  academicSession: row.academicSession,
  term: row.term,
  pupils: row.pupils,
  reversesId: row.reversesId,
  reason: row.reason,
});

/**
 * A correction (architecture 'Billing'): a new entry the other way, never an edit. One transaction with the
 * wallet locked first, so two reversals of one entry run one after another and the second finds the first
 * (the unique index on reverses_id stands behind it). A reversed report-card charge frees its pupils to be
 * charged again for that term.
 */
export async function reverseEntry(db: Db, scope: Scope, actor: Actor, entryId: string, reason: string): Promise<TransactionLogItem> {
  // The entry's district, to lock its wallet: an entry never changes, so reading it before the lock is safe.
  const [found] = await db
    .select({ districtId: ledgerEntry.districtId })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.id, entryId), within(scope, ledgerEntry)));
  if (!found) throw notFound();
  return guardUnique(
    "ledger_entry_reverses_idx",
    () => new AppError("conflict", billingMessages.alreadyReversed),
    () =>
      db.transaction(async (tx) => {
        const balance = await lockWallet(tx, scope, found.districtId);
        const [original] = await tx
          .select()
          .from(ledgerEntry)
          .where(and(eq(ledgerEntry.id, entryId), within(scope, ledgerEntry)));
        if (!original) throw notFound();
        if (original.action === "REVERSAL") throw new AppError("conflict", billingMessages.cannotReverseReversal);
        const [reversed] = await tx
          .select({ id: ledgerEntry.id })
          .from(ledgerEntry)
          .where(and(eq(ledgerEntry.reversesId, original.id), within(scope, ledgerEntry)));
        if (reversed) throw new AppError("conflict", billingMessages.alreadyReversed);
        const direction = original.direction === "credit" ? "debit" : "credit";
        // Taking back a funding the wallet has since spent: said in the reversal's own words, not as a short charge.
        if (direction === "debit" && original.amount > balance)
          throw new AppError("insufficient_funds", billingMessages.reversalWouldOverdraw(original.amount, balance));
        const entry = await postEntry(tx, scope, {
          districtId: original.districtId,
          direction,
          action: "REVERSAL",
          amount: original.amount,
          reference: `REV-${original.reference}`,
          description: `Reversal of ${original.reference}: ${reason}`,
          schoolId: original.schoolId,
          academicSession: original.academicSession,
          term: original.term,
          pupils: original.pupils,
          reversesId: original.id,
          reason,
          actorStaffId: actor.staffId,
        });
        if (original.action === "REPORT_CARD_CHARGE") {
          await tx
            .update(reportCardCharge)
            .set({ reversedAt: sql`now()` })
            .where(and(eq(reportCardCharge.entryId, original.id), isNull(reportCardCharge.reversedAt), within(scope, reportCardCharge)));
        }
        await recordAudit(tx, actor, "transaction.reverse", { id: original.id, districtId: original.districtId }, auditView(original), {
          reversal: { id: entry.id, ...auditView(entry) },
        });
        return logItemOf(tx, scope, entry.id);
      }),
  );
}
