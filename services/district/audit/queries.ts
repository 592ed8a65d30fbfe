import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditFilters, AuditPerson } from "../../../lib/contract/audit";
import { auditMessages } from "../../../lib/contract/audit-values";
import { lagosDayStart } from "../../billing/transaction-logs/search";
import type { Db, Reader } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { auditLog, staff } from "../../db/schema";
import { within, withinDistrict, type StaffScope } from "../../db/scope";
import { containsText } from "../../db/search";
import { AppError } from "../../http/errors";
import { changedFields, recordNameOf } from "./changes";

/** The trail's filters as the queries take them (the district is the scope's, placed by the route). */
export type AuditFilter = Omit<AuditFilters, "district[0]">;

/** Where a page ends: the last entry's time as the database holds it (microseconds) and its id. */
type Cursor = { at: string; id: string };

export const encodeCursor = (c: Cursor) => Buffer.from(`${c.at}|${c.id}`).toString("base64url");

export function decodeCursor(text: string): Cursor | null {
  if (!text) return null;
  const [at, id] = Buffer.from(text, "base64url").toString().split("|");
  if (!at || !id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(Date.parse(at))) throw new AppError("bad_request", auditMessages.badCursor);
  return { at, id };
}

/** Every condition of the trail's filter: the page and the download select exactly these entries (the query adds the scope). */
export function auditConditions(q: AuditFilter): SQL | undefined {
  return and(
    q.actor ? eq(auditLog.actorStaffId, q.actor) : undefined,
    q.kind ? eq(auditLog.kind, q.kind) : undefined,
    q.operation ? eq(auditLog.operation, q.operation) : undefined,
    q.recordId ? eq(auditLog.recordId, q.recordId) : undefined,
    q.startDate ? gte(auditLog.at, lagosDayStart(q.startDate)) : undefined,
    // The end day is whole: everything before the next day begins in Lagos.
    q.endDate ? lt(auditLog.at, lagosDayStart(q.endDate, 1)) : undefined,
  );
}

/**
 * Who made a change: a staff member of the district, or a super administrator acting in it (their name
 * is shown to the district: they changed its records).
 */
const actorJoin = (scope: StaffScope) => and(eq(staff.id, auditLog.actorStaffId), or(withinDistrict(scope, staff), eq(staff.isSuperAdmin, true)));

/** Entries newest first after the cursor; `at` comes back as text too, at full precision, for the next cursor. */
async function entryRows(db: Reader, scope: StaffScope, filter: AuditFilter, after: Cursor | null, limit: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      atText: sql<string>`${auditLog.at}::text`,
      operation: auditLog.operation,
      kind: auditLog.kind,
      recordId: auditLog.recordId,
      before: auditLog.before,
      after: auditLog.after,
      actorId: auditLog.actorStaffId,
      firstName: staff.firstName,
      lastName: staff.lastName,
    })
    .from(auditLog)
    .leftJoin(staff, actorJoin(scope))
    .where(
      and(
        within(scope, auditLog),
        auditConditions(filter),
        after ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

type EntryRow = Awaited<ReturnType<typeof entryRows>>[number];

/** The fields naming an import: the one that created a record (`importId`), the one that changed it (`byImportId`). */
const importFields = new Set(["importId", "byImportId"]);

/**
 * An entry as the caller may read it. Records an import created or changed say which import (`importId`,
 * `byImportId`), but below the district level imports are whoever started it's alone (services/db/scope.ts),
 * so the ids are left out there.
 */
function toEntry(row: EntryRow, scope: StaffScope): AuditEntry {
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  const changes = changedFields(row.before, row.after);
  return {
    id: row.id,
    at: row.at.toISOString(),
    operation: row.operation,
    kind: row.kind ?? row.operation.split(".")[0] ?? "",
    recordId: row.recordId,
    recordName: recordNameOf(row.before, row.after),
    actor: row.actorId ? { id: row.actorId, name: name || "Former staff member" } : null,
    changes: scope.level === "district" ? changes : changes.filter((c) => !importFields.has(c.field)),
  };
}

/** A page of the trail, newest first, and the cursor of the next (null on the last page). */
export async function searchAudit(db: Reader, scope: StaffScope, filter: AuditFilter, cursor: string, limit: number) {
  // One more than the page: whether there is a next page is known without counting a million rows.
  const rows = await entryRows(db, scope, filter, decodeCursor(cursor), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { entries: page.map((row) => toEntry(row, scope)), nextCursor: rows.length > limit && last ? encodeCursor({ at: last.atText, id: last.id }) : null };
}

/** Every entry the filter selects, newest first, a thousand at a time (the download streams them). */
export async function* allAuditEntries(db: Reader, scope: StaffScope, filter: AuditFilter, pageSize = 1_000): AsyncGenerator<AuditEntry> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await entryRows(db, scope, filter, after, pageSize);
    for (const row of rows) yield toEntry(row, scope);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { at: last.atText, id: last.id };
  }
}

/**
 * The people the trail may be filtered by: those who appear in it as the caller may read it (the scope's
 * entries), by name. Staff in the scope and super administrators only, and only once they have acted there:
 * never a list of every super administrator in the product.
 */
export async function auditPeople(db: Reader, scope: StaffScope, search: string): Promise<AuditPerson[]> {
  const inTrail = sql`exists (select 1 from ${auditLog} where ${and(eq(auditLog.actorStaffId, staff.id), within(scope, auditLog))})`;
  const rows = await db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName })
    .from(staff)
    .where(
      and(
        or(within(scope, staff), eq(staff.isSuperAdmin, true)),
        inTrail,
        search.trim() ? containsText([sql`${staff.firstName} || ' ' || ${staff.lastName}`, staff.username], search) : undefined,
      ),
    )
    .orderBy(sql`lower(${staff.lastName})`, sql`lower(${staff.firstName})`, staff.id)
    .limit(20);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` }));
}

/**
 * The operations the district's trail holds, in name order (the operation filter's choices): one index probe
 * per operation (a loose scan of audit_log_operation_idx), not a pass over a million entries. The district is
 * the scope's, checked by the route; names of operations are not records, so no narrowing below the district.
 */
export async function auditOperations(db: Pick<Db, "execute">, scope: StaffScope): Promise<string[]> {
  const district = scope.districtId;
  const result = await db.execute(sql`
    with recursive ops (operation) as (
      (select operation from ${auditLog} where district_id = ${district} order by operation limit 1)
      union all
      select (select a.operation from ${auditLog} a where a.district_id = ${district} and a.operation > ops.operation order by a.operation limit 1)
      from ops where ops.operation is not null
    )
    select operation from ops where operation is not null`);
  return rawRows<{ operation: string | null }>(result).flatMap((r) => (r.operation ? [r.operation] : []));
}
