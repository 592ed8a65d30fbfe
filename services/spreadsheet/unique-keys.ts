import { importMessages } from "../../lib/contract/imports";
import type { Reader } from "../db/client";
import type { StaffScope } from "../db/scope";
import { storedKey, type UniqueKey } from "./entity";

/** A row's value under each of the entity's unique keys, in their order ('' where it has none). */
export const keyValuesOf = <C>(keys: UniqueKey<C>[], data: Record<string, string>) => keys.map((key) => key.of(data));

/**
 * What import_row.dedupe_key holds: the digest of each value, space-separated (base64url has no space),
 * so the one column serves any number of keys; an entity with one key stores exactly that key's digest.
 */
export const storedKeys = (values: string[]) => values.filter(Boolean).map(storedKey).join(" ");

export const digestsOf = (stored: string) => (stored ? stored.split(" ") : []);

/** Of these rows' values, the ones already taken, per key: one question per key, whatever the number of rows. */
export async function takenValues<C>(db: Reader, scope: StaffScope, keys: UniqueKey<C>[], context: C, rows: string[][]): Promise<Set<string>[]> {
  const taken: Set<string>[] = [];
  for (const [i, key] of keys.entries()) {
    const values = [...new Set(rows.map((r) => r[i] ?? "").filter(Boolean))];
    taken.push(values.length === 0 ? new Set() : await key.taken(db, scope, values, context));
  }
  return taken;
}

/**
 * Puts each key's problem on its column unless the column has one already (the schema's message comes
 * first): a value an earlier row of the file holds makes this row a duplicate of that row; otherwise a
 * value that exists already gets the key's message.
 */
export function addKeyErrors<C>(
  keys: UniqueKey<C>[],
  errors: Record<string, string>,
  values: string[],
  earlierRow: (keyIndex: number, value: string) => number | undefined,
  taken: Set<string>[],
) {
  for (const [i, key] of keys.entries()) {
    const value = values[i];
    if (!value) continue;
    const earlier = earlierRow(i, value);
    if (earlier !== undefined) errors[key.column] ??= importMessages.duplicateInFile(earlier);
    else if (taken[i]?.has(value)) errors[key.column] ??= key.takenMessage;
  }
}
