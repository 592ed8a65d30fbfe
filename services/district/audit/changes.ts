import type { AuditChange } from "../../../lib/contract/audit-values";

/** Bookkeeping every row carries: never a change worth showing on its own. */
const BOOKKEEPING = new Set(["id", "districtId", "version", "createdAt", "updatedAt"]);

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);
/** Nothing is nothing, whether stored as null or as empty text: a new school's blank description is no change. */
const nothing = (v: unknown) => (v === "" || v === undefined ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(nothing(a)) === JSON.stringify(nothing(b));

/**
 * The fields an entry changed, before → after, in the order the record lists them: every field of a
 * created record (before is null), every field of a deleted one, and only the differing fields of an update.
 */
export function changedFields(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) return same(before, after) ? [] : [{ field: "value", before: before ?? null, after: after ?? null }];
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(now), ...Object.keys(was)])].filter((f) => !BOOKKEEPING.has(f));
  return fields.filter((f) => !same(was[f], now[f])).map((field) => ({ field, before: was[field] ?? null, after: now[field] ?? null }));
}

const textOf = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** A name for the record from its values, so an entry says 'Ikeja Grammar School', not only an id. */
export function recordNameOf(before: unknown, after: unknown): string | null {
  for (const values of [after, before]) {
    if (!isRecord(values)) continue;
    const person = [values.firstName, values.lastName].map(textOf).filter(Boolean).join(" ");
    const name = textOf(values.name) ?? (person || null) ?? textOf(values.roleName) ?? textOf(values.filename) ?? textOf(values.reference);
    if (name) return name;
  }
  return null;
}
