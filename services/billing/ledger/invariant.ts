import { eq, sql } from "drizzle-orm";
import type { Reader } from "../../db/client";
import { ledgerEntry, wallet } from "../../db/schema";
import { systemScope, within } from "../../db/scope";

export type InvariantBreach = { districtId: string; balance: number; sumOfEntries: number; lastBalanceAfter: number | null };

/**
 * Architecture 'Billing': every wallet's balance equals the sum of its ledger (credits less debits), and
 * its last entry's balance_after is that balance. Returns the wallets where it does not hold (none, always).
 * Every district's, by design: the tests run it after every billing test, and `npm run billing:check`.
 */
export async function ledgerInvariantBreaches(db: Reader): Promise<InvariantBreach[]> {
  const scope = systemScope("the ledger invariant, over every wallet");
  const sums = db
    .select({
      districtId: ledgerEntry.districtId,
      sum: sql<string>`sum(case when ${ledgerEntry.direction} = 'credit' then ${ledgerEntry.amount} else -${ledgerEntry.amount} end)`.as("sum"),
      last: sql<string>`(array_agg(${ledgerEntry.balanceAfter} order by ${ledgerEntry.seq} desc))[1]`.as("last"),
    })
    .from(ledgerEntry)
    .where(within(scope, ledgerEntry))
    .groupBy(ledgerEntry.districtId)
    .as("sums");
  const rows = await db
    .select({ districtId: wallet.districtId, balance: wallet.balance, sum: sums.sum, last: sums.last })
    .from(wallet)
    .leftJoin(sums, eq(sums.districtId, wallet.districtId))
    .where(within(scope, wallet));
  return rows
    .map((r) => ({
      districtId: r.districtId,
      balance: r.balance,
      sumOfEntries: Number(r.sum ?? 0),
      lastBalanceAfter: r.last === null ? null : Number(r.last),
    }))
    .filter((r) => r.balance !== r.sumOfEntries || (r.lastBalanceAfter ?? 0) !== r.balance);
}
