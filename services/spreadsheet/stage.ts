import { and, eq, lt } from "drizzle-orm";
import { importMessages, type ImportSummary } from "../../lib/contract/imports";
import type { Db } from "../db/client";
import { notify } from "../db/notify";
import { dataImport, importRow } from "../db/schema";
import { within, type StaffScope } from "../db/scope";
import type { Actor } from "../http/context";
import { AppError } from "../http/errors";
import { mapHeader, storedKey, type DownloadQuery, type EntityDefinition } from "./entity";
import { readRows } from "./read-rows";
import { findImport, summaryOf } from "./staged-rows";
import { assessRows } from "./assess";
import { keyValuesOf, storedKeys } from "./unique-keys";

const BATCH = 1_000;
const MAX_ROWS = 1_000_000;
const STAGED_FOR_MS = 24 * 3600 * 1000;

/** `values`: the row's unique-key values; `earlier`: for each, the first row of the file that holds it, when another. */
type Staged = { rowNumber: number; data: Record<string, string>; errors: Record<string, string>; values: string[]; earlier: (number | undefined)[] };

/**
 * Step one of an import: reads the file as a stream, validates every row (the entity's schema, duplicates
 * within the file, and what the district already has) and stages the rows with their errors, a batch at a
 * time, so memory holds one batch and the keys seen, whatever the file's length.
 */
export async function stageImport<C, P, Q extends DownloadQuery>(
  db: Db,
  scope: StaffScope,
  actor: Actor,
  entity: EntityDefinition<C, P, Q>,
  file: { path: string; filename: string },
): Promise<ImportSummary> {
  const rows = await readRows(file.path);
  const first = await rows.next();
  if (first.done) throw new AppError("bad_request", importMessages.empty);
  const { indexes, missing } = mapHeader(entity.columns, first.value.cells);
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
  // Per key, the first row of each value (by digest: a long value is not kept whole).
  const firstRowOf = entity.uniqueKeys.map(() => new Map<string, number>());
  let batch: Staged[] = [];
  let total = 0;
  let valid = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const assessed = await assessRows(
      db,
      scope,
      entity,
      context,
      "update",
      batch.map((r) => ({ data: r.data, errors: r.errors, values: r.values, earlier: (i) => r.earlier[i] })),
    );
    const values = batch.map((r, i) => {
      const {
        errors,
        valid: ok,
        matchId,
        matchVersion,
        changes,
      } = assessed[i] ?? { errors: {}, valid: false, matchId: null, matchVersion: null, changes: null };
      if (ok) valid++;
      return { importId, rowNumber: r.rowNumber, data: r.data, errors, valid: ok, dedupeKey: storedKeys(r.values), matchId, matchVersion, changes };
    });
    await db.insert(importRow).values(values);
    batch = [];
  };

  try {
    for await (const row of rows) {
      if (row.cells.every((cell) => cell === "")) continue; // blank lines are not rows
      if (++total > MAX_ROWS) throw new AppError("bad_request", importMessages.tooManyRows);
      const data = Object.fromEntries(entity.columns.map((c) => [c.key, row.cells[indexes.get(c.key) ?? -1] ?? ""]));
      const errors: Record<string, string> = {};
      // A cell with no readable value (a formula without a saved result) says so, whatever the schema says.
      for (const c of entity.columns) {
        const problem = row.problems?.[indexes.get(c.key) ?? -1];
        if (problem) errors[c.key] = problem;
      }
      const values = keyValuesOf(entity.uniqueKeys, data);
      const earlier = values.map((value, i) => {
        const seen = firstRowOf[i];
        if (!value || !seen) return undefined;
        const digest = storedKey(value);
        const first = seen.get(digest);
        if (first === undefined) seen.set(digest, row.number);
        return first;
      });
      batch.push({ rowNumber: row.number, data, errors, values, earlier });
      if (batch.length === BATCH) await flush();
    }
    await flush();
    if (total === 0) throw new AppError("bad_request", importMessages.empty);
  } catch (error) {
    await db.delete(dataImport).where(and(eq(dataImport.id, importId), within(scope, dataImport))); // its rows go with it
    throw error;
  }
  await notify(db, [actor.staffId], { kind: "upload.finished", entity: entity.entity, rows: total, errors: total - valid, importId });
  return summaryOf(db, entity, await findImport(db, scope, entity.entity, importId), actor);
}
