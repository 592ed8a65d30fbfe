import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import {
  staffTransferMessages,
  TRANSFER_MOVES_SHOWN,
  type StaffTransferBatch,
  type StaffTransferDetail,
  type StaffTransferList,
  type StaffTransferListFilter,
  type StaffTransferMove,
} from "../../../lib/contract/staff-transfers";
import type { Reader } from "../../db/client";
import { staff, staffTransfer, staffTransferRow } from "../../db/schema";
import { within, withinDistrict, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";
import { nameOf, postingNamer } from "./transfers";

// The transfers as they are read back: the list of batches with their first moves, and one batch whole.

/** The scope's batches that `where` selects, with the name of who made each (a super administrator is no staff member of the district). */
function batches(db: Reader, scope: StaffScope, where: SQL | undefined) {
  return db
    .select({ batch: staffTransfer, author: { firstName: staff.firstName, lastName: staff.lastName } })
    .from(staffTransfer)
    .leftJoin(staff, and(eq(staff.id, staffTransfer.createdBy), withinDistrict(scope, staff)))
    .where(and(within(scope, staffTransfer), where));
}

type BatchRow = Awaited<ReturnType<typeof batches>>[number];

const toBatch = ({ batch, author }: BatchRow, moveCount: number): StaffTransferBatch => ({
  id: batch.id,
  effectiveDate: batch.effectiveDate,
  reason: batch.reason,
  createdAt: batch.createdAt.toISOString(),
  createdBy: { id: batch.createdBy, name: author ? nameOf(author) : staffTransferMessages.superAdministrator },
  count: moveCount,
});

/**
 * The moves of these batches that the scope reaches, in name order, with each batch's count of them; with
 * `perBatch`, only that many of each (one query whatever the batches' sizes).
 */
async function movesOf(db: Reader, scope: StaffScope, transferIds: string[], perBatch?: number) {
  if (transferIds.length === 0) return new Map<string, { count: number; moves: StaffTransferMove[] }>();
  const inBatch = sql`partition by ${staffTransferRow.transferId}`;
  const ranked = db
    .select({
      transferId: staffTransferRow.transferId,
      staffId: staffTransferRow.staffId,
      firstName: staff.firstName,
      lastName: staff.lastName,
      fromSchoolId: staffTransferRow.fromSchoolId,
      fromLgeaId: staffTransferRow.fromLgeaId,
      toSchoolId: staffTransferRow.toSchoolId,
      toLgeaId: staffTransferRow.toLgeaId,
      endedRoles: staffTransferRow.endedRoles,
      position: sql<number>`cast(row_number() over (${inBatch} order by lower(${staff.lastName}), lower(${staff.firstName}), ${staff.id}) as int)`.as(
        "position",
      ),
      total: sql<number>`cast(count(*) over (${inBatch}) as int)`.as("total"),
    })
    .from(staffTransferRow)
    // Whoever was moved is named, even when the move took them out of the caller's LGEA or school.
    .innerJoin(staff, and(eq(staff.id, staffTransferRow.staffId), withinDistrict(scope, staff)))
    .where(and(inArray(staffTransferRow.transferId, transferIds), within(scope, staffTransferRow)))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(perBatch ? lte(ranked.position, perBatch) : undefined)
    .orderBy(asc(ranked.transferId), asc(ranked.position));
  const name = await postingNamer(db, scope, [
    ...rows.map((r) => ({ schoolId: r.fromSchoolId, lgeaId: r.fromLgeaId })),
    ...rows.map((r) => ({ schoolId: r.toSchoolId, lgeaId: r.toLgeaId })),
  ]);
  const byBatch = new Map<string, { count: number; moves: StaffTransferMove[] }>();
  for (const r of rows) {
    const entry = byBatch.get(r.transferId) ?? { count: r.total, moves: [] };
    entry.moves.push({
      staffId: r.staffId,
      name: nameOf(r),
      from: name({ schoolId: r.fromSchoolId, lgeaId: r.fromLgeaId }),
      to: name({ schoolId: r.toSchoolId, lgeaId: r.toLgeaId }),
      endedRoles: r.endedRoles,
    });
    byBatch.set(r.transferId, entry);
  }
  return byBatch;
}

/** What the list's filters ask of a batch: its effective date within the dates, and a move from or to the school. */
function filtersOf(db: Reader, scope: StaffScope, filter: StaffTransferListFilter) {
  const touchingSchool = (schoolId: string) =>
    db
      .select({ id: staffTransferRow.transferId })
      .from(staffTransferRow)
      .where(and(or(eq(staffTransferRow.fromSchoolId, schoolId), eq(staffTransferRow.toSchoolId, schoolId)), within(scope, staffTransferRow)));
  return and(
    filter.startDate ? gte(staffTransfer.effectiveDate, filter.startDate) : undefined,
    filter.endDate ? lte(staffTransfer.effectiveDate, filter.endDate) : undefined,
    filter.school ? inArray(staffTransfer.id, touchingSchool(filter.school)) : undefined,
  );
}

/** A page of the batches, newest first, each with its first moves; the total counts every batch the filter selects (batches are few). */
export async function listTransfers(db: Reader, scope: StaffScope, filter: StaffTransferListFilter): Promise<StaffTransferList> {
  const filters = filtersOf(db, scope, filter);
  const [page, [total]] = await Promise.all([
    batches(db, scope, filters)
      .orderBy(desc(staffTransfer.createdAt), desc(staffTransfer.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ n: count() })
      .from(staffTransfer)
      .where(and(within(scope, staffTransfer), filters)),
  ]);
  const moves = await movesOf(
    db,
    scope,
    page.map((r) => r.batch.id),
    TRANSFER_MOVES_SHOWN,
  );
  const transfers = page.map((r) => {
    const found = moves.get(r.batch.id);
    return { ...toBatch(r, found?.count ?? 0), firstMoves: found?.moves ?? [] };
  });
  return { transfers, page: filter.page, limit: filter.limit, total: total?.n ?? 0 };
}

/** One batch of the scope with every move the scope reaches, or 404. */
export async function transferDetail(db: Reader, scope: StaffScope, id: string): Promise<StaffTransferDetail> {
  const [found] = await batches(db, scope, eq(staffTransfer.id, id));
  if (!found) throw notFound();
  const moves = (await movesOf(db, scope, [found.batch.id])).get(found.batch.id)?.moves ?? [];
  return { transfer: { ...toBatch(found, moves.length), moves } };
}
