import { createHash } from "node:crypto";
import type { ImportColumn } from "../../lib/contract/imports";
import type { Reader, Tx } from "../db/client";
import type { StaffScope } from "../db/scope";
import type { Actor } from "../http/context";

/**
 * What the one import engine needs to know of an entity (schools now; staff and students next): its
 * columns, how a row is validated (the same schema as the single-create form), what makes two rows the
 * same, and how the rows are created.
 */
export type EntityDefinition<Context, Parsed> = {
  entity: string;
  /** The name of the sheet the template and the download put the rows on. */
  sheetName: string;
  columns: (ImportColumn & { aliases?: string[]; example: string })[];
  /** The column a duplicate's message goes on. */
  keyColumn: string;
  /**
   * Loaded once per upload or check: what validation needs from the database (e.g. the local governments
   * a school may lie in). The scope is the request's, placed in the import's district.
   */
  context: (db: Reader, scope: StaffScope) => Promise<Context>;
  validate: (data: Record<string, string>, context: Context) => { value: Parsed } | { errors: Record<string, string> };
  /** A row's identity within the file (e.g. the school's normalised name); stored only as its storedKey. */
  dedupeKey: (data: Record<string, string>) => string;
  /** Of these keys, the ones the scope's district already has (uniqueness holds across the district). */
  existingKeys: (db: Reader, scope: StaffScope, keys: string[]) => Promise<Set<string>>;
  existsMessage: string;
  /** Creates the rows (all valid) in the scope's district, in the caller's transaction; returns how many. */
  create: (tx: Tx, scope: StaffScope, actor: Actor, importId: string, rows: Parsed[]) => Promise<number>;
  /** Allowed values shown on the template's second sheet, by column header. */
  allowedValues: (context: Context) => Record<string, string[]>;
  /** Every record in the scope (placed in the district asked for), header first, a page at a time. */
  exportRows: (db: Reader, scope: StaffScope) => AsyncIterable<string[]>;
};

const normalizeHeader = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Maps the header row to column keys forgivingly (case, spaces, punctuation, aliases); reports missing required columns. */
export function mapHeader(columns: EntityDefinition<unknown, unknown>["columns"], header: string[]): { indexes: Map<string, number>; missing: string[] } {
  const indexes = new Map<string, number>();
  header.forEach((cell, i) => {
    const text = normalizeHeader(cell);
    const column = columns.find((c) => [c.header, c.key, ...(c.aliases ?? [])].some((name) => normalizeHeader(name) === text));
    if (column && !indexes.has(column.key)) indexes.set(column.key, i);
  });
  const missing = columns.filter((c) => c.required && !indexes.has(c.key)).map((c) => c.header);
  return { indexes, missing };
}

/**
 * How a row's key is stored and indexed: a digest, never the user's text, so no value (a 1,000-character
 * name in four-byte letters) can exceed what an index entry holds. The empty key (no identity) stays empty.
 */
export const storedKey = (key: string) => (key ? createHash("sha256").update(key).digest("base64url") : "");
