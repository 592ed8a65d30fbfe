import { and, eq, lt } from "drizzle-orm";
import { importMessages, type ImportSummary } from "../../lib/contract/imports";
import type { Db } from "../db/client";
import { dataImport, importRow } from "../db/schema";
import { within, type StaffScope } from "../db/scope";
import type { Actor } from "../http/context";
import { AppError } from "../http/errors";
import { mapHeader, storedKey, type EntityDefinition } from "./entity";
import { readRows } from "./read-rows";

const BATCH = 1_000;
const MAX_ROWS = 1_000_000;
const STAGED_FOR_MS = 24 * 3600 * 1000;

type Staged = { rowNumber: number; data: Record<string, string>; errors: Record<string, string>; key: string };

/**
 * Step one of an import: reads the file as a stream, validates every row (the entity's schema, duplicates
 * within the file, and what the district already has) and stages the rows with their errors, a batch at a
 * time, so memory holds one batch and the keys seen, whatever the file's length.
 */
export async function stageImport<C, P>(
  db: Db,
  scope: StaffScope,
  actor: Actor,
  entity: EntityDefinition<C, P>,
  file: { path: string; filename: string },
): Promise<ImportSummary> {
  const rows = await readRows(file.path);
  const first = await rows.next();
  if (first.done) throw new AppError("bad_request", importMessages.empty);
  const { indexes, missing } = mapHeader(entity.columns as EntityDefinition<unknown, unknown>["columns"], first.value.cells);
  if (missing.length > 0) throw new AppError("bad_request", importMessages.missingColumns(missing));

  // Uploads that were never confirmed are not kept for ever: a day is long enough to fix one.
  await db
    .delete(dataImport)
    .where(
      and(
        eq(dataImport.districtId, scope.districtId),
        eq(dataImport.status, "staged"),
        lt(dataImport.createdAt, new Date(Date.now() - STAGED_FOR_MS)),
        within(scope, dataImport),
      ),
    );
  const context = await entity.context(db, scope);
  const [created] = await db
    .insert(dataImport)
    .values({ districtId: scope.districtId, entity: entity.entity, filename: file.filename, createdBy: actor.staffId })
    .returning({ id: dataImport.id });
  if (!created) throw new Error("import insert returned nothing");
  const importId = created.id;
  const firstRowOfKey = new Map<string, number>();
  let batch: Staged[] = [];
  let total = 0;
  let valid = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const existing = await entity.existingKeys(db, scope, [...new Set(batch.map((r) => r.key).filter(Boolean))]);
    const values = batch.map((r) => {
      const errors = { ...r.errors };
      if (r.key && existing.has(r.key) && !errors[entity.keyColumn]) errors[entity.keyColumn] = entity.existsMessage;
      const ok = Object.keys(errors).length === 0;
      if (ok) valid++;
      return { importId, rowNumber: r.rowNumber, data: r.data, errors, valid: ok, dedupeKey: storedKey(r.key) };
    });
    await db.insert(importRow).values(values);
    batch = [];
  };

  try {
    for await (const row of rows) {
      if (row.cells.every((cell) => cell === "")) continue; // blank lines are not rows
      if (++total > MAX_ROWS) throw new AppError("bad_request", importMessages.tooManyRows);
      const data = Object.fromEntries(entity.columns.map((c) => [c.key, row.cells[indexes.get(c.key) ?? -1] ?? ""]));
      const result = entity.validate(data, context);
      const errors = "errors" in result ? result.errors : {};
      // A cell with no readable value (a formula without a saved result) says so, whatever the schema said.
      for (const c of entity.columns) {
        const problem = row.problems?.[indexes.get(c.key) ?? -1];
        if (problem) errors[c.key] = problem;
      }
      const key = entity.dedupeKey(data);
      const earlier = key ? firstRowOfKey.get(storedKey(key)) : undefined;
      if (earlier !== undefined) errors[entity.keyColumn] ??= importMessages.duplicateInFile(earlier);
      else if (key) firstRowOfKey.set(storedKey(key), row.number);
      batch.push({ rowNumber: row.number, data, errors, key });
      if (batch.length === BATCH) await flush();
    }
    await flush();
    if (total === 0) throw new AppError("bad_request", importMessages.empty);
  } catch (error) {
    await db.delete(dataImport).where(and(eq(dataImport.id, importId), within(scope, dataImport))); // its rows go with it
    throw error;
  }
  return {
    importId,
    filename: file.filename,
    columns: entity.columns.map(({ key, header, required }) => ({ key, header, required })),
    totalRows: total,
    validRows: valid,
    invalidRows: total - valid,
    status: "staged",
  };
}
