import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { ExistingMode } from "../../lib/contract/imports";
import type { Db } from "../db/client";
import { dataImport, importRow } from "../db/schema";
import { within, type StaffScope } from "../db/scope";
import { matchedColumn } from "./assess";
import type { DownloadQuery, EntityDefinition } from "./entity";
import { assertStaged, recheck, type ImportRecord } from "./staged-rows";
import { digestsOf } from "./unique-keys";

const PAGE = 1_000;

/**
 * 'Drop every row with this error': the rows whose cell `column` holds exactly `message`, in one step; the
 * rows that duplicated them are checked again (one of them may now stand). Answers how many were dropped.
 */
export async function dropRowsWithError<C, P, Q extends DownloadQuery>(
  db: Db,
  scope: StaffScope,
  entity: EntityDefinition<C, P, Q>,
  record: ImportRecord,
  error: { column: string; message: string },
): Promise<number> {
  assertStaged(record);
  const context = await entity.context(db, scope);
  return db.transaction(async (tx) => {
    const dropped = await tx
      .delete(importRow)
      .where(and(eq(importRow.importId, record.id), sql`${importRow.errors} ->> ${error.column} = ${error.message}`))
      .returning({ dedupeKey: importRow.dedupeKey });
    const digests = [...new Set(dropped.flatMap((r) => digestsOf(r.dedupeKey)))];
    for (let i = 0; i < digests.length; i += PAGE) await recheck(tx, scope, entity, record, digests.slice(i, i + PAGE), context);
    return dropped.length;
  });
}

/**
 * Sets what confirming does with rows naming an existing record. Held as errors, each such row gets the
 * key's 'already exists' message on the column that named its record (the message it had before import
 * modes); otherwise that message goes again. Nothing else about the rows changes, so no row is checked again.
 */
export async function chooseExisting<C, P, Q extends DownloadQuery>(
  db: Db,
  scope: StaffScope,
  entity: EntityDefinition<C, P, Q>,
  record: ImportRecord,
  mode: ExistingMode,
) {
  assertStaged(record);
  await db.transaction(async (tx) => {
    await tx
      .update(dataImport)
      .set({ existing: mode })
      .where(and(eq(dataImport.id, record.id), within(scope, dataImport)));
    if ((mode === "error") === (record.existing === "error")) return;
    for (let after = 0; ;) {
      const rows = await tx
        .select()
        .from(importRow)
        .where(and(eq(importRow.importId, record.id), isNotNull(importRow.matchId), gt(importRow.rowNumber, after)))
        .orderBy(asc(importRow.rowNumber))
        .limit(PAGE);
      if (rows.length === 0) return;
      // Rows sharing the same new errors are written together.
      const writes = new Map<string, string[]>();
      for (const row of rows) {
        const column = matchedColumn(entity, row.data, row.changes ?? {});
        const message = entity.uniqueKeys.find((k) => k.column === column)?.takenMessage;
        if (!column || !message) continue;
        const errors = { ...row.errors };
        if (mode === "error") errors[column] ??= message;
        else if (errors[column] === message) delete errors[column];
        const key = JSON.stringify(errors);
        writes.set(key, [...(writes.get(key) ?? []), row.id]);
      }
      for (const [key, ids] of writes) {
        const errors = JSON.parse(key) as Record<string, string>;
        await tx
          .update(importRow)
          .set({ errors, valid: Object.keys(errors).length === 0 })
          .where(and(eq(importRow.importId, record.id), inArray(importRow.id, ids)));
      }
      after = rows.at(-1)?.rowNumber ?? after;
    }
  });
}
