import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, notExists, sql } from "drizzle-orm";
import { billingMessages, formatNaira, type ReportCardChargeResult, type TransactionLogItem } from "../../../lib/contract/billing-values";
import { todayInLagos } from "../../../lib/contract/staff-values";
import { recordAudit } from "../../db/audit";
import type { Reader, Tx } from "../../db/client";
import { auditLog, districtConfiguration, ledgerEntry, reportCardCharge, school, student, wallet } from "../../db/schema";
import { within, type Scope } from "../../db/scope";
import type { Actor, ApiClientCaller } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { countReportCardCharge, type ChargeBy, type ChargeOutcome } from "../../observability/payment-metrics";
import { entryRows, toLogItem } from "../ledger/items";
import { postEntry } from "../ledger/post";
import { chargeableSessions, currentTerm } from "./term";

export type ChargedSchool = { id: string; name: string; districtId: string };
/** What a charge is for: the session and term, and the district's price per pupil (kobo). */
export type ChargeTerm = { academicSession: string; term: string; price: number };
/** Who charges: a staff member (wallet.charge), or a result-processing system by its API key. */
export type Charger = { kind: "staff"; actor: Actor } | { kind: "client"; client: ApiClientCaller };

/** Our own reference for a charge: unique and unguessable. */
export const newChargeReference = () => `RC-${randomBytes(10).toString("hex").toUpperCase()}`;

/** "Report cards, First Term 2026/2027: 412 pupils × ₦500.00" */
export const chargeDescription = (t: ChargeTerm, pupils: number) =>
  `Report cards, ${t.term} ${t.academicSession}: ${pupils} ${pupils === 1 ? "pupil" : "pupils"} × ${formatNaira(t.price)}`;

/** The school in scope (404 otherwise), with the district whose wallet pays for it. */
export async function findSchool(db: Reader, scope: Scope, schoolId: string): Promise<ChargedSchool> {
  const [row] = await db
    .select({ id: school.id, name: school.name, districtId: school.districtId })
    .from(school)
    .where(and(eq(school.id, schoolId), within(scope, school)));
  if (!row) throw notFound();
  return row;
}

/**
 * The session and term asked for, each defaulting to the district's current one (its configuration's session;
 * the term by `currentTerm`, from the configuration's term dates and today in Lagos), and the district's price.
 * A session named must be one the configuration knows (`chargeableSessions`): 400 otherwise, nothing charged.
 */
export async function chargeTermOf(db: Reader, scope: Scope, districtId: string, asked: { academicSession?: string; term?: string }): Promise<ChargeTerm> {
  const [config] = await db
    .select({ academicSession: districtConfiguration.academicSession, terms: districtConfiguration.terms, price: districtConfiguration.reportCardPrice })
    .from(districtConfiguration)
    .where(and(eq(districtConfiguration.districtId, districtId), within(scope, districtConfiguration)));
  // Every district has one (provisionDistrict); a district outside the scope has none to find.
  if (!config) throw notFound();
  const today = todayInLagos();
  if (asked.academicSession !== undefined) {
    const open = chargeableSessions(config, today);
    if (asked.academicSession !== open.current && asked.academicSession !== open.previous) {
      const message = billingMessages.sessionNotChargeable(open.current, open.previous);
      throw new AppError("validation", message, [{ path: "academicSession", message }]);
    }
  }
  return {
    academicSession: asked.academicSession ?? config.academicSession,
    term: asked.term ?? currentTerm(config.terms, today),
    price: config.price,
  };
}

/** A pupil not charged for this session and term, or whose charge was reversed. */
const notYetCharged = (db: Reader, scope: Scope, t: { academicSession: string; term: string }) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(reportCardCharge)
      .where(
        and(
          eq(reportCardCharge.studentId, student.id),
          eq(reportCardCharge.academicSession, t.academicSession),
          eq(reportCardCharge.term, t.term),
          isNull(reportCardCharge.reversedAt),
          within(scope, reportCardCharge),
        ),
      ),
  );

/** How many of the school's Enrolled pupils a charge would pay for now (the quote). */
export async function countUncharged(db: Reader, scope: Scope, schoolId: string, t: { academicSession: string; term: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(student)
    .where(and(eq(student.schoolId, schoolId), eq(student.enrolmentStatus, "Enrolled"), notYetCharged(db, scope, t), within(scope, student)));
  return row?.n ?? 0;
}

/** The school's Enrolled pupils not yet charged for the term: read under the wallet's lock, so no other charge of the district can take them meanwhile. */
async function unchargedPupils(tx: Tx, scope: Scope, schoolId: string, t: { academicSession: string; term: string }): Promise<string[]> {
  const rows = await tx
    .select({ id: student.id })
    .from(student)
    .where(and(eq(student.schoolId, schoolId), eq(student.enrolmentStatus, "Enrolled"), notYetCharged(tx, scope, t), within(scope, student)));
  return rows.map((r) => r.id);
}

/** The wallet's balance (0 before its first entry), unlocked: for the quote. */
export async function walletBalance(db: Reader, scope: Scope, districtId: string): Promise<number> {
  const [row] = await db
    .select({ balance: wallet.balance })
    .from(wallet)
    .where(and(eq(wallet.districtId, districtId), within(scope, wallet)));
  return row?.balance ?? 0;
}

/** One entry as the logs show it. */
export async function logItemOf(db: Reader, scope: Scope, entryId: string): Promise<TransactionLogItem> {
  const [row] = await entryRows(db, scope).where(and(within(scope, ledgerEntry), eq(ledgerEntry.id, entryId)));
  if (!row) throw new Error(`ledger entry ${entryId} is not in scope`);
  return toLogItem(row);
}

/** A charge's outcome as the transaction leaves it: the entry by id (null when nothing was charged). */
export type Charged = Omit<ReportCardChargeResult, "entry"> & { entryId: string | null };

/** The answer, read once the transaction has committed (and the wallet's lock is free for the next charge). */
export async function chargeAnswer(db: Reader, scope: Scope, charged: Charged): Promise<ReportCardChargeResult> {
  const { entryId, ...rest } = charged;
  return { ...rest, entry: entryId ? await logItemOf(db, scope, entryId) : null };
}

/**
 * Runs one charge request, its transaction committed or rolled back, and counts how it ended
 * (billing_report_card_charges_total): `outcomeOf` names a success; a refusal is counted by its status.
 */
export async function countedCharge<T>(by: ChargeBy, work: () => Promise<T>, outcomeOf: (result: T) => ChargeOutcome): Promise<T> {
  try {
    const result = await work();
    countReportCardCharge(by, outcomeOf(result));
    return result;
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    countReportCardCharge(by, status === 402 ? "refused_balance" : status < 500 ? "refused" : "error");
    throw error;
  }
}

/** Rows per insert of the charged pupils: 6 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 5_000;

/**
 * The charge itself, in the caller's transaction, which has locked the district's wallet (`lockWallet`) first:
 * the uncharged pupils × the price as one debit, one `report_card_charge` row per pupil, and the audit row.
 * Nothing to charge (no such pupil, or a price of ₦0) writes nothing; a balance that does not cover it is
 * refused by `postEntry` (402) and the transaction writes nothing either.
 */
export async function chargeLocked(
  tx: Tx,
  scope: Scope,
  order: { school: ChargedSchool; term: ChargeTerm; idempotencyKey?: string },
  balance: number,
  by: Charger,
): Promise<Charged> {
  const { school: sch, term: t } = order;
  const pupils = await unchargedPupils(tx, scope, sch.id, t);
  if (pupils.length === 0) return { message: billingMessages.nothingToCharge, entryId: null, pupils: 0, amount: 0, balance };
  // A district that gives its report cards free: the ledger holds movements of money only.
  if (t.price === 0) return { message: billingMessages.freeReportCards, entryId: null, pupils: 0, amount: 0, balance };
  const amount = pupils.length * t.price;
  const entry = await postEntry(tx, scope, {
    districtId: sch.districtId,
    direction: "debit",
    action: "REPORT_CARD_CHARGE",
    amount,
    reference: newChargeReference(),
    description: chargeDescription(t, pupils.length),
    schoolId: sch.id,
    academicSession: t.academicSession,
    term: t.term,
    pupils: pupils.length,
    idempotencyKey: order.idempotencyKey ?? null,
    actorStaffId: by.kind === "staff" ? by.actor.staffId : null,
    apiClientId: by.kind === "client" ? by.client.id : null,
  });
  for (let from = 0; from < pupils.length; from += CHUNK) {
    await tx.insert(reportCardCharge).values(
      pupils.slice(from, from + CHUNK).map((studentId) => ({
        districtId: sch.districtId,
        entryId: entry.id,
        studentId,
        schoolId: sch.id,
        academicSession: t.academicSession,
        term: t.term,
      })),
    );
  }
  const record = { id: entry.id, districtId: sch.districtId };
  const after = {
    reference: entry.reference,
    schoolId: sch.id,
    academicSession: t.academicSession,
    term: t.term,
    pupils: pupils.length,
    price: t.price,
    amount,
    balanceAfter: entry.balanceAfter,
    ...(order.idempotencyKey ? { idempotencyKey: order.idempotencyKey } : {}),
  };
  if (by.kind === "staff") await recordAudit(tx, by.actor, "wallet.charge", record, null, after);
  // A service client is not a staff member: the row names no one, its `after` names the client.
  else
    await tx.insert(auditLog).values({
      actorStaffId: null,
      districtId: sch.districtId,
      operation: "wallet.charge",
      recordId: entry.id,
      before: null,
      after: { ...after, apiClient: by.client },
    });
  return { message: billingMessages.reportCardsCharged, entryId: entry.id, pupils: pupils.length, amount, balance: entry.balanceAfter };
}
