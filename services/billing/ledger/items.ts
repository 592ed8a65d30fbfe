import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TakeBackAction, TransactionLogItem } from "../../../lib/contract/billing-values";
import type { Reader } from "../../db/client";
import { apiClient, ledgerEntry, school, staff } from "../../db/schema";
import { withinDistrict, type Scope } from "../../db/scope";

const reversal = alias(ledgerEntry, "reversal");

/**
 * Ledger entries as the logs, the wallet page and the download show them: with the school's name, who
 * made the entry (a staff member or a service client) and the entry that reversed it, if any. The caller
 * adds its filter, which must hold `within(scope, ledgerEntry)`, and its order and page.
 */
export function entryRows(db: Reader, scope: Scope) {
  return db
    .select({
      id: ledgerEntry.id,
      seq: ledgerEntry.seq,
      reference: ledgerEntry.reference,
      action: ledgerEntry.action,
      direction: ledgerEntry.direction,
      amount: ledgerEntry.amount,
      balanceAfter: ledgerEntry.balanceAfter,
      description: ledgerEntry.description,
      schoolId: ledgerEntry.schoolId,
      schoolName: school.name,
      academicSession: ledgerEntry.academicSession,
      term: ledgerEntry.term,
      pupils: ledgerEntry.pupils,
      reversesId: ledgerEntry.reversesId,
      reversedById: reversal.id,
      reason: ledgerEntry.reason,
      staffFirstName: staff.firstName,
      staffLastName: staff.lastName,
      clientName: apiClient.name,
      testMoney: ledgerEntry.testMoney,
      // A funding's refunds and lost disputes (their funding_id index), as "CHARGEBACK,REFUND"; null for any other entry.
      takenBack: sql<
        string | null
      >`case when ${ledgerEntry.action} = 'FUNDING' then (select string_agg(distinct take_back.action, ',') from ledger_entry take_back where take_back.funding_id = ${ledgerEntry.id}) end`,
      createdAt: ledgerEntry.createdAt,
    })
    .from(ledgerEntry)
    .leftJoin(school, and(eq(school.id, ledgerEntry.schoolId), withinDistrict(scope, school)))
    .leftJoin(staff, and(eq(staff.id, ledgerEntry.actorStaffId), withinDistrict(scope, staff)))
    .leftJoin(apiClient, and(eq(apiClient.id, ledgerEntry.apiClientId), withinDistrict(scope, apiClient)))
    .leftJoin(reversal, eq(reversal.reversesId, ledgerEntry.id));
}

export type EntryRow = Awaited<ReturnType<ReturnType<typeof entryRows>["where"]>>[number];

/** Newest first; entries of one wallet are written one at a time, so `seq` orders them exactly. */
export const newestFirst: SQL[] = [sql`${ledgerEntry.createdAt} desc`, sql`${ledgerEntry.seq} desc`];

export function toLogItem(row: EntryRow): TransactionLogItem {
  const staffName = [row.staffFirstName, row.staffLastName].filter(Boolean).join(" ");
  return {
    id: row.id,
    reference: row.reference,
    action: row.action,
    direction: row.direction,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    description: row.description,
    school: row.schoolId ? { id: row.schoolId, name: row.schoolName ?? "School" } : null,
    academicSession: row.academicSession,
    term: row.term,
    pupils: row.pupils,
    reversesId: row.reversesId,
    reversedById: row.reversedById,
    reason: row.reason,
    by: staffName || row.clientName || null,
    testMoney: row.testMoney,
    takenBack: row.takenBack ? (row.takenBack.split(",") as TakeBackAction[]) : [],
    createdAt: row.createdAt.toISOString(),
  };
}
