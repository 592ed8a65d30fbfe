import { eq, sql } from "drizzle-orm";
import { importMessages } from "../../lib/contract/imports";
import { recordAudits } from "../db/audit";
import type { Db, Tx } from "../db/client";
import { importRow } from "../db/schema";
import type { StaffScope } from "../db/scope";
import type { Actor, Deps } from "../http/context";
import { AppError } from "../http/errors";
import { assessRows, matchedColumn } from "./assess";
import type { Created, DownloadQuery, EntityDefinition } from "./entity";
import type { ImportRecord } from "./staged-rows";
import { keyValuesOf } from "./unique-keys";

export type AfterCommit = NonNullable<Created["afterCommit"]>;

/** A row the confirm would not apply, and why, on the column that named its record. */
export type Refused = { id: string; rowNumber: number; column: string; message: string };

/** Thrown out of the confirm's transaction (rolling it back) once every refused row is known. */
export class RefusedRows extends Error {
  constructor(readonly rows: Refused[]) {
    super("import rows refused");
  }
}

type StagedRecord = typeof importRow.$inferSelect;

type PageContext<C> = {
  scope: StaffScope;
  actor: Actor;
  context: C;
  deps: Deps;
  record: ImportRecord;
  /** The first row of the file (of those confirmed so far) holding this value under key i. */
  earlierRow: (i: number, value: string, rowNumber: number) => number | undefined;
  /** Whether rows naming a record with changes are applied (otherwise skipped). */
  applying: boolean;
  refused: Refused[];
};

/**
 * One page of a confirm: each row checked again, new records created (with their create entries), updates
 * applied one by one as the edit form applies them. A row whose record changed since the upload, or whose
 * key a record has taken since, is refused: collected in `refused`, so the confirm can say which rows and why.
 */
export async function confirmPage<C, P, Q extends DownloadQuery>(
  tx: Tx,
  entity: EntityDefinition<C, P, Q>,
  page: StagedRecord[],
  at: PageContext<C>,
): Promise<{ created: number; updated: number; matched: number; afterCommit: AfterCommit[] }> {
  const { scope, actor, context, deps, record } = at;
  const assessed = await assessRows(
    tx,
    scope,
    entity,
    context,
    record.existing,
    page.map((row) => ({
      data: row.data,
      errors: {},
      values: keyValuesOf(entity.uniqueKeys, row.data),
      earlier: (i: number, value: string) => {
        const first = at.earlierRow(i, value, row.rowNumber);
        return first === row.rowNumber ? undefined : first;
      },
    })),
  );
  const fresh: P[] = [];
  let matched = 0;
  const updates: { row: StagedRecord; id: string; version: number; value: P }[] = [];
  const refuse = (row: StagedRecord, changes: Record<string, string> | null, message: string) =>
    at.refused.push({
      id: row.id,
      rowNumber: row.rowNumber,
      column: matchedColumn(entity, row.data, changes ?? {}) ?? entity.uniqueKeys[entity.match?.keys[0] ?? 0]?.column ?? "",
      message,
    });
  for (const [i, row] of page.entries()) {
    const now = assessed[i];
    if (!now) continue;
    if (row.matchId === null && now.matchId !== null) {
      refuse(row, now.changes, importMessages.addedSinceUpload);
      continue;
    }
    if (row.matchId !== null && (now.matchId !== row.matchId || now.matchVersion !== row.matchVersion)) {
      refuse(row, row.changes, importMessages.changedSinceUpload);
      continue;
    }
    // Rolled back with everything else: the import stays staged for the user to fix.
    if (!now.valid || now.value === undefined) throw new AppError("conflict", `Row ${row.rowNumber}: ${Object.values(now.errors).join(" ")}`);
    if (now.matchId === null) fresh.push(now.value);
    else matched++;
    if (now.matchId !== null && at.applying && now.changes && Object.keys(now.changes).length > 0)
      updates.push({ row, id: now.matchId, version: row.matchVersion ?? 0, value: now.value });
  }
  let created: Created = { count: 0, audited: [] };
  if (fresh.length > 0) {
    created = await entity.create(tx, fresh, { scope, actor, importId: record.id, context, deps });
    // Each record gets the entry its single create would, and says which import made it.
    await recordAudits(
      tx,
      actor,
      `${entity.entity}.create`,
      created.audited.map((a) => ({ record: a.record, after: { ...a.after, importId: record.id } })),
    );
  }
  let updated = 0;
  const afterCommit: AfterCommit[] = created.afterCommit ? [created.afterCommit] : [];
  for (const u of updates) {
    try {
      const after = await entity.match?.update(tx, { id: u.id, version: u.version, value: u.value }, { scope, actor, importId: record.id, context, deps });
      if (after) afterCommit.push(after);
      updated++;
    } catch (error) {
      // The edit form's refusals (stale, out of reach, not theirs to change) refuse the row; anything else fails the confirm.
      if (!(error instanceof AppError) || !["conflict", "forbidden", "not_found", "validation", "bad_request"].includes(error.code)) throw error;
      const column = error.issues?.[0]?.path;
      if (column && entity.columns.some((c) => c.key === column)) at.refused.push({ id: u.row.id, rowNumber: u.row.rowNumber, column, message: error.message });
      else refuse(u.row, u.row.changes, error.message);
    }
  }
  return { created: created.count, updated, matched, afterCommit };
}

/** After the confirm rolled back: each refused row shows why, on its column, until it is dropped or uploaded again. */
export async function markRefused(db: Db, rows: Refused[]) {
  for (const r of rows) {
    await db
      .update(importRow)
      .set({ errors: sql`${importRow.errors} || jsonb_build_object(${r.column}::text, ${r.message}::text)`, valid: false })
      .where(eq(importRow.id, r.id));
  }
}
