import { createHash } from "node:crypto";
import * as z from "zod/mini";
import { uuidParam } from "../../lib/contract/fields";
import type { ImportColumn } from "../../lib/contract/imports";
import type { Operation } from "../../lib/contract/permissions";
import type { Reader, Tx } from "../db/client";
import type { StaffScope } from "../db/scope";
import type { Actor, Deps } from "../http/context";

/**
 * A value that must be unique (a school's name; a staff member's e-mail, phone and numbers): within the
 * file, and against what already exists wherever the key's own rule says (the district, the state, the
 * product). A duplicate's message goes on the key's column.
 */
export type UniqueKey<Context> = {
  column: string;
  /** The row's value under this key, normalised as the rule compares it (case, spaces, digits); empty when it has none. */
  of: (data: Record<string, string>) => string;
  /** Of these values (as `of` gives them), the ones already taken. */
  taken: (db: Reader, scope: StaffScope, values: string[], context: Context) => Promise<Set<string>>;
  takenMessage: string;
};

/** A created record as its audit row shows it: the values the single-create route audits for it. */
export type AuditedRecord = { record: { id: string; districtId: string }; after: Record<string, unknown> };

/**
 * What creating a page of rows did: how many, and each new record for the trail (confirm writes one
 * `<entity>.create` row per record). `afterCommit` runs once the whole import's transaction has committed (mail, never inside it).
 */
export type Created = { count: number; audited: AuditedRecord[]; afterCommit?: () => void | Promise<void> };

/** An existing record as the sheet writes it: what a row holding one of its keys is compared with. */
export type ExistingRecord = { id: string; version: number; cells: Record<string, string> };

/**
 * How rows whose key names an existing record become updates of it (architecture 'Spreadsheets', import
 * modes): found only in the uploader's scope, compared cell by cell, and applied as the edit form applies a change.
 */
export type MatchDefinition<Context, Parsed> = {
  /** The edit form's permission: applying updates needs it as well as the upload's. */
  operation: Operation;
  /** The unique keys (indexes into uniqueKeys) that name a record, in the order they are tried. */
  keys: number[];
  /** The records in the scope holding any of these values under the key `keyIndex` (values as its `of` gives them). */
  find: (db: Reader, scope: StaffScope, keyIndex: number, values: string[], context: Context) => Promise<ExistingRecord[]>;
  /** A checked row's values by column key, as the record stores them: equal values are no change whatever their spelling. */
  comparable: (value: Parsed) => Record<string, unknown>;
  /**
   * Applies one row to its record as the edit form does (scope, who may change whom, the version read at
   * upload, the audit entry with before and after), in the confirm's transaction. An AppError refuses that
   * row, on the column of its first issue when it names one. What it answers runs once the import has
   * committed (the edit form's mail).
   */
  update: (
    tx: Tx,
    row: { id: string; version: number; value: Parsed },
    at: { scope: StaffScope; actor: Actor; importId: string; context: Context; deps: Deps },
  ) => Promise<void | (() => void | Promise<void>)>;
};

/** Every download takes the district it is of; an entity's download query adds its list's filters. */
export type DownloadQuery = { "district[0]"?: string | undefined };
export const districtQuery = z.object({ "district[0]": z.optional(uuidParam) });

/**
 * What the one import engine needs to know of an entity (schools, staff; students next): its columns,
 * how a row is validated (the same schema as the single-create form), which values must be unique, and
 * how the rows are created and exported.
 */
export type EntityDefinition<Context, Parsed, Query extends DownloadQuery = DownloadQuery> = {
  entity: string;
  /** The name of the sheet the template and the download put the rows on. */
  sheetName: string;
  columns: (ImportColumn & { aliases?: string[]; example: string })[];
  /**
   * Loaded once per upload or check: what validation needs from the database (e.g. the local governments
   * a school may lie in). The scope is the request's, placed in the import's district.
   */
  context: (db: Reader, scope: StaffScope) => Promise<Context>;
  validate: (data: Record<string, string>, context: Context) => { value: Parsed } | { errors: Record<string, string> };
  /** At least one; each row's values are stored only as digests (storedKey), never as the user's text. */
  uniqueKeys: UniqueKey<Context>[];
  /** Rows naming an existing record by one of these keys are updates or unchanged rows, not duplicates. */
  match?: MatchDefinition<Context, Parsed>;
  /**
   * Taken inside confirm's transaction before uniqueness is checked again, where no unique index can hold
   * a rule (staff numbers across a state's districts): concurrent writers of those values wait for it.
   */
  lock?: (tx: Tx, context: Context) => Promise<void>;
  /** Creates a page of rows (all valid) in the scope's district, in the caller's transaction. */
  create: (tx: Tx, rows: Parsed[], at: { scope: StaffScope; actor: Actor; importId: string; context: Context; deps: Deps }) => Promise<Created>;
  /** Allowed values shown on the template's second sheet, by column header. */
  allowedValues: (context: Context) => Record<string, string[]>;
  /** The download's query: `districtQuery`, or the list's filters with it. */
  exportQuery: z.ZodMiniType<Query>;
  /** The records the query selects in the scope (placed in the district asked for), header first, a page at a time. */
  exportRows: (db: Reader, scope: StaffScope, query: Query) => AsyncIterable<string[]>;
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
