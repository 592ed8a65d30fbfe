import type { Db } from "../db/client";
import type { ImportColumn } from "../../lib/contract/imports";
import type { Actor } from "../http/context";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Reader = Pick<Db, "select">;

/**
 * What the one import engine needs to know of an entity (schools now; staff and students next): its
 * columns, how a row is validated (the same schema as the single-create form), what makes two rows the
 * same, and how the rows are created.
 */
export type EntityDefinition<Context, Parsed> = {
  entity: string;
  columns: (ImportColumn & { aliases?: string[]; example: string })[];
  /** The column a duplicate's message goes on. */
  keyColumn: string;
  /** Loaded once per upload or check: what validation needs from the database (e.g. the district's LGAs). */
  context: (db: Reader, districtId: string) => Promise<Context>;
  validate: (data: Record<string, string>, context: Context) => { value: Parsed } | { errors: Record<string, string> };
  dedupeKey: (data: Record<string, string>) => string;
  /** Of these keys, the ones the district already has. */
  existingKeys: (db: Reader, districtId: string, keys: string[]) => Promise<Set<string>>;
  existsMessage: string;
  /** Creates the rows (all valid) in the caller's transaction; returns how many. */
  create: (tx: Tx, actor: Actor, districtId: string, importId: string, rows: Parsed[]) => Promise<number>;
  /** Allowed values shown on the template's second sheet, by column header. */
  allowedValues: (context: Context) => Record<string, string[]>;
  exportRows: (db: Reader, districtId: string) => AsyncIterable<string[]>;
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
