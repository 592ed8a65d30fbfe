import { and, count, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { TransactionLogFilters, TransactionLogItem, TransactionLogTotals } from "../../../lib/contract/billing";
import type { Reader } from "../../db/client";
import { ledgerEntry, school } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { containsText } from "../../db/search";
import { entryRows, newestFirst, toLogItem } from "../ledger/items";

/** The logs' filters as the queries take them (the district is the scope's, placed by the route). */
export type TransactionLogFilter = Omit<TransactionLogFilters, "district[0]">;

const DAY_MS = 86_400_000;

/**
 * The instant a calendar day begins in Lagos (WAT, UTC+1 all year: Nigeria keeps no daylight saving), so
 * the date filters mean the days the district's staff see on their entries.
 */
export const lagosDayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+01:00`) + plusDays * DAY_MS);

/**
 * The search box: the entry's reference or description (the very expression of the trigram index
 * ledger_entry_search_trgm_idx, so the index applies), or the name of its school. The schools are looked
 * up first (a district has a few hundred) and named by id, so the planner can OR the trigram index with
 * the school index instead of joining every entry to its school.
 */
async function textCondition(db: Reader, scope: StaffScope, term: string): Promise<SQL | undefined> {
  if (!term.trim()) return undefined;
  const schools = await db
    .select({ id: school.id })
    .from(school)
    .where(and(within(scope, school), containsText([school.name], term)));
  const inText = containsText([ledgerEntry.reference, ledgerEntry.description], term);
  return schools.length > 0
    ? or(
        inText,
        inArray(
          ledgerEntry.schoolId,
          schools.map((s) => s.id),
        ),
      )
    : inText;
}

/**
 * Every condition of the logs' filter (spec §3 'Search filters: Transaction logs'): the search, its totals
 * and the download select exactly these entries. A query adds `within(scope, ledgerEntry)` to it itself.
 */
export async function transactionLogConditions(db: Reader, scope: StaffScope, q: TransactionLogFilter): Promise<SQL | undefined> {
  return and(
    q.school ? eq(ledgerEntry.schoolId, q.school) : undefined,
    q.transactionAction ? eq(ledgerEntry.action, q.transactionAction) : undefined,
    q.startDate ? gte(ledgerEntry.createdAt, lagosDayStart(q.startDate)) : undefined,
    // The end day is whole: everything before the next day begins in Lagos.
    q.endDate ? lt(ledgerEntry.createdAt, lagosDayStart(q.endDate, 1)) : undefined,
    await textCondition(db, scope, q.searchTerm),
  );
}

/** A page of the logs, newest first. */
export async function searchTransactionLogs(
  db: Reader,
  scope: StaffScope,
  filters: TransactionLogFilter,
  page: number,
  limit: number,
): Promise<TransactionLogItem[]> {
  const conditions = await transactionLogConditions(db, scope, filters);
  const rows = await entryRows(db, scope)
    .where(and(within(scope, ledgerEntry), conditions))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map(toLogItem);
}

/** How many entries the filter selects, and their credits and debits in kobo: asked once per filter (the page caches it). */
export async function transactionLogTotals(db: Reader, scope: StaffScope, filters: TransactionLogFilter): Promise<TransactionLogTotals> {
  const conditions = await transactionLogConditions(db, scope, filters);
  // sum() of a bigint is numeric (a string from the driver); the ledger's sums stay far inside safe integers.
  const sumOf = (direction: "credit" | "debit") =>
    sql<number>`coalesce(sum(${ledgerEntry.amount}) filter (where ${ledgerEntry.direction} = ${direction}), 0)`.mapWith(Number);
  const [totals] = await db
    .select({ total: count(), credits: sumOf("credit"), debits: sumOf("debit") })
    .from(ledgerEntry)
    .where(and(within(scope, ledgerEntry), conditions));
  return { total: totals?.total ?? 0, credits: totals?.credits ?? 0, debits: totals?.debits ?? 0 };
}

/**
 * Every entry the filter selects, newest first, a thousand at a time after the last one's keys (the
 * download streams them; no page is held longer than it takes to write it). The last entry's time is read
 * back as the database holds it: a JavaScript date keeps milliseconds only, and the keys need microseconds.
 */
export async function* allTransactionLogs(db: Reader, scope: StaffScope, filters: TransactionLogFilter, pageSize = 1_000): AsyncGenerator<TransactionLogItem> {
  const conditions = await transactionLogConditions(db, scope, filters);
  let after: { at: string; seq: number } | null = null;
  for (;;) {
    const rows = await entryRows(db, scope)
      .where(
        and(
          within(scope, ledgerEntry),
          conditions,
          after ? sql`(${ledgerEntry.createdAt}, ${ledgerEntry.seq}) < (${after.at}::timestamptz, ${after.seq})` : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(pageSize);
    for (const row of rows) yield toLogItem(row);
    const end = rows.at(-1);
    if (!end || rows.length < pageSize) return;
    const [key] = await db
      .select({ at: sql<string>`${ledgerEntry.createdAt}::text` })
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.id, end.id), within(scope, ledgerEntry)));
    if (!key) return;
    after = { at: key.at, seq: end.seq };
  }
}
