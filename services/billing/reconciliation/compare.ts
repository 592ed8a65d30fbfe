import { and, eq, gte, inArray, isNotNull, lte, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReconciliationDay, ReconciliationDifference, ReconciliationKind, ReconciliationReport } from "../../../lib/contract/reconciliation-values";
import type { ReconciliationQuery } from "../../../lib/contract/reconciliation";
import { district, ledgerEntry, payment } from "../../db/schema";
import { within, type Scope } from "../../db/scope";
import type { ProviderDeps } from "../provider/paystack";
import { listSuccessfulPayments, type ListedPayment } from "../provider/transactions";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The Lagos day (WAT, UTC+1, no daylight saving) of an instant. */
export const lagosDay = (at: Date | string) => new Date(new Date(at).getTime() + HOUR_MS).toISOString().slice(0, 10);
/** The first and last instants of a range of Lagos days. */
const bounds = (q: ReconciliationQuery) => ({ start: new Date(`${q.from}T00:00:00+01:00`), end: new Date(`${q.to}T23:59:59.999+01:00`) });

type Named = { id: string; name: string } | null;
const named = (id: string | null, name: string | null): Named => (id ? { id, name: name ?? "District" } : null);

const funding = alias(ledgerEntry, "funding");

/**
 * The reconciliation (issue 33): per Lagos day and district, what the provider lists as paid against what the ledger
 * credited, and every difference. The provider is asked for a day more on each side (its `from`/`to` bound when a payment
 * was started, and one started before midnight may be paid, and credited, after it), and each side is matched by reference
 * against all of the other, so a payment paid on one day and credited the next is no difference. What is compared is the
 * provider's payment day (`paid_at`) and the credit's day within the range.
 */
export async function reconcile(deps: ProviderDeps, scope: Scope, q: ReconciliationQuery): Promise<ReconciliationReport> {
  const { db } = deps;
  const { start, end } = bounds(q);
  const listed = await listSuccessfulPayments(deps, new Date(start.getTime() - DAY_MS).toISOString(), new Date(end.getTime() + DAY_MS).toISOString());
  const byReference = new Map(listed.map((p) => [p.reference, p]));
  const inRange = (day: string) => q.from <= day && day <= q.to;
  const paidDay = (p: ListedPayment) => lagosDay(p.paidAt ?? p.createdAt);
  const paidInRange = listed.filter((p) => inRange(paidDay(p)));
  const references = paidInRange.map((p) => p.reference);

  const entryColumns = {
    id: ledgerEntry.id,
    reference: ledgerEntry.reference,
    action: ledgerEntry.action,
    amount: ledgerEntry.amount,
    createdAt: ledgerEntry.createdAt,
    districtId: ledgerEntry.districtId,
    districtName: district.name,
  };
  const entries = (where: SQL | undefined) =>
    db
      .select(entryColumns)
      .from(ledgerEntry)
      .leftJoin(district, eq(district.id, ledgerEntry.districtId))
      .where(and(within(scope, ledgerEntry), where));
  const [creditedInRange, creditsOfListed, startedHere, takenBack] = await Promise.all([
    entries(and(eq(ledgerEntry.action, "FUNDING"), gte(ledgerEntry.createdAt, start), lte(ledgerEntry.createdAt, end))),
    references.length ? entries(and(eq(ledgerEntry.action, "FUNDING"), inArray(ledgerEntry.reference, references))) : Promise.resolve([]),
    references.length
      ? db
          .select({ reference: payment.reference, districtId: payment.districtId, districtName: district.name })
          .from(payment)
          .leftJoin(district, eq(district.id, payment.districtId))
          .where(and(inArray(payment.reference, references), within(scope, payment)))
      : Promise.resolve([]),
    db
      .select({ ...entryColumns, fundingReference: funding.reference })
      .from(ledgerEntry)
      .leftJoin(district, eq(district.id, ledgerEntry.districtId))
      .leftJoin(funding, eq(funding.id, ledgerEntry.fundingId))
      .where(
        and(
          inArray(ledgerEntry.action, ["REFUND", "CHARGEBACK"]),
          isNotNull(ledgerEntry.fundingId),
          gte(ledgerEntry.createdAt, start),
          lte(ledgerEntry.createdAt, end),
          within(scope, ledgerEntry),
        ),
      ),
  ]);
  const creditOf = new Map(creditsOfListed.map((e) => [e.reference, e]));
  const paymentOf = new Map(startedHere.map((p) => [p.reference, p]));

  const differences: ReconciliationDifference[] = [];
  const days = new Map<string, ReconciliationDay>();
  const dayOf = (day: string, who: Named) => {
    const key = `${day}|${who?.id ?? ""}`;
    let row = days.get(key);
    if (!row) {
      row = { day, district: who, providerCount: 0, providerAmount: 0, creditedCount: 0, creditedAmount: 0, takenBackAmount: 0, differences: 0 };
      days.set(key, row);
    }
    return row;
  };
  const differ = (kind: ReconciliationKind, day: string, who: Named, reference: string, providerAmount: number | null, ledgerAmount: number | null) => {
    differences.push({ kind, day, district: who, reference, providerAmount, ledgerAmount, providerStatus: byReference.get(reference)?.status ?? null });
    dayOf(day, who).differences++;
  };

  for (const p of paidInRange) {
    const credit = creditOf.get(p.reference);
    const started = paymentOf.get(p.reference);
    const who = credit ? named(credit.districtId, credit.districtName) : started ? named(started.districtId, started.districtName) : null;
    const day = paidDay(p);
    // What the district asked for: the requested amount when the customer paid the provider's fee on top.
    const asked = p.requestedAmount ?? p.amount;
    const row = dayOf(day, who);
    row.providerCount++;
    row.providerAmount += asked;
    if (!credit) differ(started ? "not_credited" : "unknown_payment", day, who, p.reference, asked, null);
    else if (credit.amount !== asked) differ("amount", day, who, p.reference, asked, credit.amount);
  }
  for (const e of creditedInRange) {
    const who = named(e.districtId, e.districtName);
    const day = lagosDay(e.createdAt);
    const row = dayOf(day, who);
    row.creditedCount++;
    row.creditedAmount += e.amount;
    if (!byReference.has(e.reference)) differ("not_at_provider", day, who, e.reference, null, e.amount);
  }
  for (const e of takenBack) {
    const who = named(e.districtId, e.districtName);
    const day = lagosDay(e.createdAt);
    dayOf(day, who).takenBackAmount += e.amount;
    const reference = e.fundingReference ?? e.reference;
    // The provider's side of a refund is its event, which the ledger's entry records: the entry is what is listed.
    differ(e.action === "REFUND" ? "refund" : "chargeback", day, who, reference, null, e.amount);
  }

  const byDayThenDistrict = <T extends { day: string; district: Named }>(a: T, b: T) =>
    a.day.localeCompare(b.day) || (a.district?.name ?? "").localeCompare(b.district?.name ?? "");
  return {
    from: q.from,
    to: q.to,
    days: [...days.values()].sort(byDayThenDistrict),
    differences: differences.sort((a, b) => byDayThenDistrict(a, b) || a.reference.localeCompare(b.reference)),
  };
}
