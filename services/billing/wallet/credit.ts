import { and, eq, sql } from "drizzle-orm";
import type { ServiceConfig } from "../../config";
import { recordAudit } from "../../db/audit";
import type { Db } from "../../db/client";
import { auditLog, ledgerEntry, payment } from "../../db/schema";
import { within, type Scope } from "../../db/scope";
import { isUniqueViolation } from "../../db/unique-violation";
import type { Actor } from "../../http/context";
import { lockWallet, postEntry } from "../ledger/post";
import { balanceOf, type PaymentRow } from "./queries";

export type CreditOutcome = { status: "credited" | "already-credited"; balance: number };

/** What a funding entry says in the logs. */
export const fundingDescription = "Wallet funding via Paystack";

/**
 * Credits a payment the provider confirmed: the one way funding reaches a wallet, used by `POST wallet/fund` and by
 * the webhook alike. One transaction: the wallet is locked first, so a second credit of the same payment (a replayed
 * webhook, the return page racing the webhook, a retry) waits for this one and then finds its entry; the ledger's
 * unique reference is the backstop should anything get past that. `actor`: the staff member who confirmed it, or null
 * for the provider's webhook. The entry names whoever started the payment; `money.testMoney` marks it as test money.
 */
export async function creditPayment(
  deps: { db: Db; config: ServiceConfig },
  scope: Scope,
  paid: PaymentRow,
  actor: Actor | null,
  money: { testMoney: boolean },
): Promise<CreditOutcome> {
  try {
    return await deps.db.transaction(async (tx) => {
      const balance = await lockWallet(tx, scope, paid.districtId);
      const [existing] = await tx
        .select({ id: ledgerEntry.id })
        .from(ledgerEntry)
        .where(and(eq(ledgerEntry.reference, paid.reference), within(scope, ledgerEntry)));
      if (existing) return { status: "already-credited" as const, balance };
      const entry = await postEntry(tx, scope, {
        districtId: paid.districtId,
        direction: "credit",
        action: "FUNDING",
        amount: paid.amount,
        reference: paid.reference,
        description: fundingDescription,
        actorStaffId: paid.createdBy,
        testMoney: money.testMoney,
      });
      // The crash test's fixed point (config BILLING_CRASH_POINT): the entry is written, nothing is committed.
      if (deps.config.BILLING_CRASH_POINT === "after-ledger-insert") process.kill(process.pid, "SIGKILL");
      await tx
        .update(payment)
        .set({ status: "credited", providerStatus: "success", settledAt: sql`now()` })
        .where(and(eq(payment.reference, paid.reference), within(scope, payment)));
      const record = { id: paid.reference, districtId: paid.districtId };
      const after = { amount: paid.amount, entryId: entry.id, balanceAfter: entry.balanceAfter, via: actor ? "return page" : "webhook" };
      if (actor) await recordAudit(tx, actor, "wallet.fund", record, { status: paid.status }, after);
      else {
        // The provider's webhook: no staff member acted, so the audit row names none.
        const before = { status: paid.status };
        await tx
          .insert(auditLog)
          .values({ actorStaffId: null, districtId: paid.districtId, operation: "wallet.fund", recordId: paid.reference, before, after });
      }
      return { status: "credited" as const, balance: entry.balanceAfter };
    });
  } catch (error) {
    if (!isUniqueViolation(error, "ledger_entry_reference_idx")) throw error;
    return { status: "already-credited", balance: await balanceOf(deps.db, scope, paid.districtId) };
  }
}
