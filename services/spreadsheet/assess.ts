import { importMessages, type ExistingMode } from "../../lib/contract/imports";
import type { Reader } from "../db/client";
import type { StaffScope } from "../db/scope";
import type { DownloadQuery, EntityDefinition, ExistingRecord, MatchDefinition } from "./entity";
import { takenValues } from "./unique-keys";

/** A row to assess: its cells, problems found while reading it, its key values, and the earlier row of the file holding a value. */
export type RowToAssess = {
  data: Record<string, string>;
  errors: Record<string, string>;
  values: string[];
  earlier: (keyIndex: number, value: string) => number | undefined;
};

/** What a row is: its errors, and the record it names (with that record's version, and the record's value of each changed cell). */
export type Assessed<P> = {
  /** The row as checked, when it checks. */
  value: P | undefined;
  errors: Record<string, string>;
  valid: boolean;
  matchId: string | null;
  matchVersion: number | null;
  changes: Record<string, string> | null;
};

/** The records of the scope named by these rows' values, per matching key, by value. */
async function existingOf<C, P>(
  db: Reader,
  scope: StaffScope,
  keys: EntityDefinition<C, P>["uniqueKeys"],
  match: MatchDefinition<C, P>,
  context: C,
  rows: RowToAssess[],
) {
  const found = new Map<number, Map<string, ExistingRecord>>();
  for (const k of match.keys) {
    const key = keys[k];
    const values = [...new Set(rows.map((r) => r.values[k] ?? "").filter(Boolean))];
    const byValue = new Map<string, ExistingRecord>();
    if (key && values.length > 0) for (const record of await match.find(db, scope, k, values, context)) byValue.set(key.of(record.cells), record);
    found.set(k, byValue);
  }
  return found;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The cells of the row that differ from its record, with the record's value of each. Both are compared as
 * the record stores them (the entity's `comparable` of each checked), so 'F' is 'Female' and '0803…' is
 * '+234803…'; a cell the entity does not compare, or a row that does not check, is compared as typed.
 */
function changesOf<C, P, Q extends DownloadQuery>(
  entity: EntityDefinition<C, P, Q>,
  match: MatchDefinition<C, P>,
  row: RowToAssess,
  record: ExistingRecord,
  value: P | undefined,
  context: C,
) {
  const after = value === undefined ? undefined : match.comparable(value);
  const checked = entity.validate(record.cells, context);
  const before = "value" in checked ? match.comparable(checked.value) : undefined;
  const changes: Record<string, string> = {};
  for (const { key } of entity.columns) {
    const typed = (row.data[key] ?? "").trim();
    const stored = (record.cells[key] ?? "").trim();
    const differs = after && before && key in after && key in before ? !same(after[key], before[key]) : typed !== stored;
    if (differs) changes[key] = record.cells[key] ?? "";
  }
  return changes;
}

/** The column a matched row's 'already exists' goes on when matching rows are held as errors: the first key that named its record. */
export function matchedColumn<C, P, Q extends DownloadQuery>(
  entity: EntityDefinition<C, P, Q>,
  data: Record<string, string>,
  changes: Record<string, string>,
): string | undefined {
  for (const k of entity.match?.keys ?? []) {
    const key = entity.uniqueKeys[k];
    if (key && key.of(data) && !(key.column in changes)) return key.column;
  }
  return undefined;
}

/**
 * Checks rows as staging, a fix and confirm all do: the entity's schema, duplicates within the file, and
 * each unique value against what exists. A value an existing record in the scope holds on a matching key
 * names that record: the row is an update of it (or unchanged), not a duplicate, unless the import holds
 * such rows as errors. A value held by a record outside the scope stays taken, as before.
 */
export async function assessRows<C, P, Q extends DownloadQuery>(
  db: Reader,
  scope: StaffScope,
  entity: EntityDefinition<C, P, Q>,
  context: C,
  mode: ExistingMode,
  rows: RowToAssess[],
): Promise<Assessed<P>[]> {
  const keys = entity.uniqueKeys;
  const match = entity.match;
  const taken = await takenValues(
    db,
    scope,
    keys,
    context,
    rows.map((r) => r.values),
  );
  const existing = match ? await existingOf(db, scope, keys, match, context, rows) : new Map<number, Map<string, ExistingRecord>>();
  return rows.map((row) => {
    const result = entity.validate(row.data, context);
    const errors = { ...("errors" in result ? result.errors : {}), ...row.errors };
    // The records this row names, by each matching key whose value is not a duplicate of an earlier row.
    const named = new Map<string, ExistingRecord>();
    const namingColumns: string[] = [];
    for (const k of match?.keys ?? []) {
      const value = row.values[k];
      if (!value || row.earlier(k, value) !== undefined) continue;
      const record = existing.get(k)?.get(value);
      if (!record) continue;
      named.set(record.id, record);
      namingColumns.push(keys[k]?.column ?? "");
    }
    const record = named.size === 1 ? [...named.values()][0] : undefined;
    // Naming two, the row is an error on the column of each key that named one of them.
    if (named.size > 1) for (const column of namingColumns) errors[column] ??= importMessages.matchesTwo;
    for (const [i, key] of keys.entries()) {
      const value = row.values[i];
      if (!value) continue;
      const earlier = row.earlier(i, value);
      if (earlier !== undefined) errors[key.column] ??= importMessages.duplicateInFile(earlier);
      // The record's own value is no clash: an unchanged phone of the staff member the row names.
      else if (taken[i]?.has(value) && !(record && key.of(record.cells) === value)) errors[key.column] ??= key.takenMessage;
    }
    const changes = record && match ? changesOf(entity, match, row, record, "value" in result ? result.value : undefined, context) : null;
    if (record && changes && mode === "error") {
      const column = matchedColumn(entity, row.data, changes);
      const key = keys.find((k) => k.column === column);
      if (column && key) errors[column] ??= key.takenMessage;
    }
    return {
      value: "value" in result ? result.value : undefined,
      errors,
      valid: Object.keys(errors).length === 0,
      matchId: record?.id ?? null,
      matchVersion: record?.version ?? null,
      changes,
    };
  });
}
