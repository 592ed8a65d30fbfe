import { and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Actor } from "../http/context";
import { AppError } from "../http/errors";
import { recordAudit } from "./audit";
import type { Tx } from "./client";
import { within, type Scope } from "./scope";

/** A table whose rows are edited with optimistic locking (architecture 'Data'). */
type Versioned = PgTable & { id?: PgColumn; version: PgColumn; updatedAt: PgColumn };
type Row = { id?: string; version: number };

export type VersionedChange<T extends Versioned> = {
  /** The version the editor read; a row changed since then is a 409 with `stale`, never overwritten. */
  version: number;
  /** The new values; a function runs only once the version is known to be current (its checks may throw). */
  set: PgUpdateSetSource<T> | (() => Promise<PgUpdateSetSource<T>>);
  /** The audit entry's operation, e.g. `school.update`. */
  operation: string;
  stale: string;
  /** What the audit row keeps of the row before and after (the whole row when left out). */
  view?: (row: T["$inferSelect"]) => unknown;
  /** The record the audit entry is filed under, when it is not the row itself (e.g. a district). */
  auditRecord?: (row: T["$inferSelect"]) => { id: string; districtId: string };
  /** What the audit entry's after says besides the row's view: the import that made the change (`importId`). */
  note?: Record<string, unknown>;
  /** The row's key, for a table not keyed by `id` (the district's configuration is keyed by its district). */
  key?: { column: PgColumn; value: string };
};

/**
 * The one versioned update: checks the version the editor read, writes the change with the version
 * bumped (only if no one else bumped it meanwhile, within the scope), and records the audit row, all in
 * the caller's transaction. `before` is the row as the caller found it through the scope.
 */
export async function updateVersioned<T extends Versioned>(
  tx: Tx,
  scope: Scope,
  actor: Actor,
  table: T,
  before: T["$inferSelect"] & Row,
  change: VersionedChange<T>,
): Promise<T["$inferSelect"]> {
  if (before.version !== change.version) throw new AppError("conflict", change.stale);
  const key = change.key ?? (table.id && before.id ? { column: table.id, value: before.id } : undefined);
  if (!key) throw new Error("updateVersioned: a table not keyed by id needs the change's key");
  const values = typeof change.set === "function" ? await change.set() : change.set;
  const set = { ...values, version: sql`${table.version} + 1`, updatedAt: new Date() } as PgUpdateSetSource<T>;
  const [row] = (await tx
    .update(table)
    .set(set)
    .where(and(eq(key.column, key.value), eq(table.version, change.version), within(scope, table)))
    .returning()) as (T["$inferSelect"] & Row)[];
  if (!row) throw new AppError("conflict", change.stale);
  const view = change.view ?? ((r: T["$inferSelect"]) => r);
  const record = change.auditRecord?.(row) ?? (row as unknown as { id: string; districtId: string });
  const after = view(row);
  await recordAudit(tx, actor, change.operation, record, view(before), change.note ? { ...(after as object), ...change.note } : after);
  return row;
}
