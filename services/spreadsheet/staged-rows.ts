import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import { importMessages, type ImportRowsPage, type ImportSummary, type StagedRow } from "../../lib/contract/imports";
import type { Operation } from "../../lib/contract/permissions";
import type { Actor } from "../http/context";
import type { Db, Reader } from "../db/client";
import { dataImport, importRow } from "../db/schema";
import { within, type StaffScope } from "../db/scope";
import { AppError } from "../http/errors";
import type { DownloadQuery, EntityDefinition } from "./entity";
import { assessRows } from "./assess";
import { digestsOf, keyValuesOf, storedKeys } from "./unique-keys";

export type ImportRecord = typeof dataImport.$inferSelect;

/** Whether the caller may apply updates of existing records: the edit form's permission. */
export const mayUpdate = (actor: Actor, match: { operation: Operation } | undefined) =>
  match !== undefined && (actor.isSuperAdmin || actor.permissions.has(match.operation));

/**
 * An import of this entity in the scope; anything else is not found. Its rows (import_row) are reached
 * only through it, by its id, so they need no scope of their own.
 */
export async function findImport(db: Reader, scope: StaffScope, entity: string, id: string): Promise<ImportRecord> {
  const [row] = await db
    .select()
    .from(dataImport)
    .where(and(eq(dataImport.id, id), eq(dataImport.entity, entity), within(scope, dataImport)));
  if (!row) throw new AppError("not_found", importMessages.importNotFound);
  return row;
}

export async function summaryOf<C, P, Q extends DownloadQuery>(
  db: Reader,
  entity: EntityDefinition<C, P, Q>,
  record: ImportRecord,
  actor: Actor,
): Promise<ImportSummary> {
  const changed = sql`${importRow.changes} <> '{}'::jsonb`;
  const [counts] = await db
    .select({
      total: count(),
      valid: sql<number>`count(*) filter (where ${importRow.valid})`.mapWith(Number),
      fresh: sql<number>`count(*) filter (where ${importRow.valid} and ${importRow.matchId} is null)`.mapWith(Number),
      updates: sql<number>`count(*) filter (where ${importRow.valid} and ${importRow.matchId} is not null and ${changed})`.mapWith(Number),
    })
    .from(importRow)
    .where(eq(importRow.importId, record.id));
  const total = counts?.total ?? 0;
  const valid = counts?.valid ?? 0;
  return {
    importId: record.id,
    filename: record.filename,
    columns: entity.columns.map(({ key, header, required }) => ({ key, header, required })),
    totalRows: total,
    validRows: valid,
    invalidRows: total - valid,
    newRows: counts?.fresh ?? 0,
    updateRows: counts?.updates ?? 0,
    unchangedRows: valid - (counts?.fresh ?? 0) - (counts?.updates ?? 0),
    existing: record.existing,
    mayUpdate: mayUpdate(actor, entity.match),
    status: record.status,
  };
}

const toStaged = (r: typeof importRow.$inferSelect): StagedRow => ({
  id: r.id,
  rowNumber: r.rowNumber,
  data: r.data,
  errors: r.errors,
  valid: r.valid,
  kind: r.matchId === null || r.changes === null ? "new" : Object.keys(r.changes).length > 0 ? "update" : "unchanged",
  before: r.changes ?? {},
});

/** Which rows a page shows: all, those in error, or the updates of existing records. */
export type RowsShown = "all" | "invalid" | "updates";

export async function rowsPage<C, P, Q extends DownloadQuery>(
  db: Reader,
  entity: EntityDefinition<C, P, Q>,
  record: ImportRecord,
  page: number,
  limit: number,
  shown: RowsShown,
  actor: Actor,
): Promise<ImportRowsPage> {
  const only =
    shown === "invalid"
      ? eq(importRow.valid, false)
      : shown === "updates"
        ? sql`${importRow.matchId} is not null and ${importRow.changes} <> '{}'::jsonb`
        : undefined;
  const where = and(eq(importRow.importId, record.id), only);
  const [counted] = await db.select({ n: count() }).from(importRow).where(where);
  const rows = await db
    .select()
    .from(importRow)
    .where(where)
    .orderBy(asc(importRow.rowNumber), asc(importRow.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { ...(await summaryOf(db, entity, record, actor)), rows: rows.map(toStaged), page, limit, shownRows: counted?.n ?? 0 };
}

type StagedRecord = typeof importRow.$inferSelect;

/**
 * The rows of the import holding any of these digests, and the row `alsoId`, in sheet order. An entity
 * with one key stores one digest a row and is found through the index; with several, the stored list is
 * searched within the import.
 */
async function rowsHolding(tx: Pick<Db, "select">, importId: string, digests: string[], oneKey: boolean, alsoId?: string): Promise<StagedRecord[]> {
  if (digests.length === 0 && !alsoId) return [];
  const holding =
    digests.length === 0
      ? undefined
      : oneKey
        ? inArray(importRow.dedupeKey, digests)
        : sql`string_to_array(${importRow.dedupeKey}, ' ') && array[${sql.join(
            digests.map((d) => sql`${d}`),
            sql`, `,
          )}]::text[]`;
  return tx
    .select()
    .from(importRow)
    .where(and(eq(importRow.importId, importId), or(holding, alsoId ? eq(importRow.id, alsoId) : undefined)))
    .orderBy(asc(importRow.rowNumber), asc(importRow.id));
}

/**
 * Validates again every staged row that holds one of these key values (and the row `alsoId`): on each key,
 * the first row of a value in sheet order may stand and the others are duplicates of it; each value is
 * checked against what exists too. Run after a row's values change or a row is dropped, with its old
 * values and its new.
 */
export async function recheck<C, P, Q extends DownloadQuery>(
  tx: Pick<Db, "select" | "update">,
  scope: StaffScope,
  entity: EntityDefinition<C, P, Q>,
  record: ImportRecord,
  digests: string[],
  context: C,
  alsoId?: string,
) {
  const keys = entity.uniqueKeys;
  const affected = await rowsHolding(tx, record.id, digests, keys.length === 1, alsoId);
  if (affected.length === 0) return;
  // Whether a row is a duplicate on its other keys is decided by rows beyond this group: read every row sharing any of its values.
  const related = await rowsHolding(tx, record.id, [...new Set(affected.flatMap((r) => digestsOf(r.dedupeKey)))], keys.length === 1);
  const firstOf = keys.map(() => new Map<string, StagedRecord>());
  for (const row of related) {
    for (const [i, value] of keyValuesOf(keys, row.data).entries()) if (value && !firstOf[i]?.has(value)) firstOf[i]?.set(value, row);
  }
  const assessed = await assessRows(
    tx,
    scope,
    entity,
    context,
    record.existing,
    affected.map((row) => ({
      data: row.data,
      errors: {},
      values: keyValuesOf(keys, row.data),
      earlier: (i: number, value: string) => {
        const first = firstOf[i]?.get(value);
        return first && first.id !== row.id ? first.rowNumber : undefined;
      },
    })),
  );
  for (const [n, row] of affected.entries()) {
    const a = assessed[n];
    if (!a) continue;
    await tx
      .update(importRow)
      .set({ errors: a.errors, valid: a.valid, matchId: a.matchId, matchVersion: a.matchVersion, changes: a.changes })
      .where(eq(importRow.id, row.id));
  }
}

export const assertStaged = (record: ImportRecord) => {
  if (record.status !== "staged") throw new AppError("conflict", "This upload has been created already.");
};

/** A fix in the preview grid: the row's new values, validated at once (with the duplicates they affect). */
export async function editRow<C, P, Q extends DownloadQuery>(
  db: Db,
  scope: StaffScope,
  entity: EntityDefinition<C, P, Q>,
  record: ImportRecord,
  rowId: string,
  changes: Record<string, string>,
): Promise<StagedRow> {
  assertStaged(record);
  const context = await entity.context(db, scope);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(importRow)
      .where(and(eq(importRow.id, rowId), eq(importRow.importId, record.id)));
    if (!row) throw new AppError("not_found", importMessages.importNotFound);
    const known = new Set(entity.columns.map((c) => c.key));
    const data = {
      ...row.data,
      ...Object.fromEntries(
        Object.entries(changes)
          .filter(([k]) => known.has(k))
          .map(([k, v]) => [k, v.trim()]),
      ),
    };
    const stored = storedKeys(keyValuesOf(entity.uniqueKeys, data));
    await tx.update(importRow).set({ data, dedupeKey: stored }).where(eq(importRow.id, row.id));
    await recheck(tx, scope, entity, record, [...new Set([...digestsOf(row.dedupeKey), ...digestsOf(stored)])], context, row.id);
    const [after] = await tx.select().from(importRow).where(eq(importRow.id, row.id));
    if (!after) throw new AppError("not_found", importMessages.importNotFound);
    return toStaged(after);
  });
}

/** Drops a row from the import; a duplicate of it may now stand. */
export async function dropRow<C, P, Q extends DownloadQuery>(
  db: Db,
  scope: StaffScope,
  entity: EntityDefinition<C, P, Q>,
  record: ImportRecord,
  rowId: string,
) {
  assertStaged(record);
  const context = await entity.context(db, scope);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(importRow)
      .where(and(eq(importRow.id, rowId), eq(importRow.importId, record.id)))
      .returning();
    if (!row) throw new AppError("not_found", importMessages.importNotFound);
    await recheck(tx, scope, entity, record, digestsOf(row.dedupeKey), context);
  });
}

/** The rows still in error, as rows for a spreadsheet: the columns, then what is wrong. */
export async function* rejectedRows<C, P, Q extends DownloadQuery>(
  db: Reader,
  entity: EntityDefinition<C, P, Q>,
  record: ImportRecord,
): AsyncGenerator<string[]> {
  yield [...entity.columns.map((c) => c.header), "Errors"];
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(importRow)
      .where(and(eq(importRow.importId, record.id), eq(importRow.valid, false), sql`${importRow.rowNumber} > ${after}`))
      .orderBy(asc(importRow.rowNumber))
      .limit(1_000);
    if (rows.length === 0) return;
    for (const row of rows) {
      const problems = entity.columns.filter((c) => row.errors[c.key]).map((c) => `${c.header}: ${row.errors[c.key]}`);
      yield [...entity.columns.map((c) => row.data[c.key] ?? ""), `Row ${row.rowNumber}: ${problems.join("; ")}`];
    }
    after = rows.at(-1)?.rowNumber ?? after;
  }
}
