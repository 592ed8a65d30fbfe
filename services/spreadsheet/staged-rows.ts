import { and, asc, count, eq, sql } from "drizzle-orm";
import { importMessages, type ImportRowsPage, type ImportSummary, type StagedRow } from "../../lib/contract/imports";
import type { Db, Reader } from "../db/client";
import { dataImport, importRow } from "../db/schema";
import { within, type StaffScope } from "../db/scope";
import { AppError } from "../http/errors";
import { storedKey, type EntityDefinition } from "./entity";

type ImportRecord = typeof dataImport.$inferSelect;

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

export async function summaryOf<C, P>(db: Reader, entity: EntityDefinition<C, P>, record: ImportRecord): Promise<ImportSummary> {
  const [counts] = await db
    .select({ total: count(), valid: sql<number>`count(*) filter (where ${importRow.valid})`.mapWith(Number) })
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
    status: record.status,
  };
}

const toStaged = (r: typeof importRow.$inferSelect): StagedRow => ({ id: r.id, rowNumber: r.rowNumber, data: r.data, errors: r.errors, valid: r.valid });

export async function rowsPage<C, P>(
  db: Reader,
  entity: EntityDefinition<C, P>,
  record: ImportRecord,
  page: number,
  limit: number,
  onlyInvalid: boolean,
): Promise<ImportRowsPage> {
  const where = and(eq(importRow.importId, record.id), onlyInvalid ? eq(importRow.valid, false) : undefined);
  const [shown] = await db.select({ n: count() }).from(importRow).where(where);
  const rows = await db
    .select()
    .from(importRow)
    .where(where)
    .orderBy(asc(importRow.rowNumber), asc(importRow.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { ...(await summaryOf(db, entity, record)), rows: rows.map(toStaged), page, limit, shownRows: shown?.n ?? 0 };
}

/**
 * Validates every staged row that has this key again: the first in sheet order may stand, the others are
 * duplicates of it; each is checked against the district's records too. Run after a row's key changes
 * or a row is dropped, for the old key and the new.
 */
async function recheckKey<C, P>(
  tx: Pick<Db, "select" | "update">,
  scope: StaffScope,
  entity: EntityDefinition<C, P>,
  record: ImportRecord,
  key: string,
  context: C,
) {
  if (!key) return;
  const group = await tx
    .select()
    .from(importRow)
    .where(and(eq(importRow.importId, record.id), eq(importRow.dedupeKey, storedKey(key))))
    .orderBy(asc(importRow.rowNumber), asc(importRow.id));
  const exists = (await entity.existingKeys(tx, scope, [key])).has(key);
  for (const [i, row] of group.entries()) {
    const result = entity.validate(row.data, context);
    const errors = "errors" in result ? { ...result.errors } : {};
    const firstRow = group[0];
    if (i > 0 && firstRow) errors[entity.keyColumn] ??= importMessages.duplicateInFile(firstRow.rowNumber);
    if (exists) errors[entity.keyColumn] ??= entity.existsMessage;
    await tx
      .update(importRow)
      .set({ errors, valid: Object.keys(errors).length === 0 })
      .where(eq(importRow.id, row.id));
  }
}

const assertStaged = (record: ImportRecord) => {
  if (record.status !== "staged") throw new AppError("conflict", "This upload has been created already.");
};

/** A fix in the preview grid: the row's new values, validated at once (with the duplicates they affect). */
export async function editRow<C, P>(
  db: Db,
  scope: StaffScope,
  entity: EntityDefinition<C, P>,
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
    const key = entity.dedupeKey(data);
    const before = entity.dedupeKey(row.data);
    await tx
      .update(importRow)
      .set({ data, dedupeKey: storedKey(key) })
      .where(eq(importRow.id, row.id));
    await recheckKey(tx, scope, entity, record, before, context);
    if (key !== before) await recheckKey(tx, scope, entity, record, key, context);
    if (!key) {
      const result = entity.validate(data, context);
      const errors = "errors" in result ? result.errors : {};
      await tx
        .update(importRow)
        .set({ errors, valid: Object.keys(errors).length === 0 })
        .where(eq(importRow.id, row.id));
    }
    const [after] = await tx.select().from(importRow).where(eq(importRow.id, row.id));
    if (!after) throw new AppError("not_found", importMessages.importNotFound);
    return toStaged(after);
  });
}

/** Drops a row from the import; a duplicate of it may now stand. */
export async function dropRow<C, P>(db: Db, scope: StaffScope, entity: EntityDefinition<C, P>, record: ImportRecord, rowId: string) {
  assertStaged(record);
  const context = await entity.context(db, scope);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(importRow)
      .where(and(eq(importRow.id, rowId), eq(importRow.importId, record.id)))
      .returning();
    if (!row) throw new AppError("not_found", importMessages.importNotFound);
    await recheckKey(tx, scope, entity, record, entity.dedupeKey(row.data), context);
  });
}

/** The rows still in error, as rows for a spreadsheet: the columns, then what is wrong. */
export async function* rejectedRows<C, P>(db: Reader, entity: EntityDefinition<C, P>, record: ImportRecord): AsyncGenerator<string[]> {
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
