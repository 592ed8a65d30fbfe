import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id, createdAt, bytea } from "./columns";
import { district } from "./district";

// Uploaded images and staged spreadsheet imports.

/**
 * Uploaded images, re-encoded as JPEG on the server (architecture 'Data'): served only to staff of the
 * district they belong to, through GET /files/{id}. A new upload is a new row, so an id's bytes never change.
 */
export const storedImage = pgTable(
  "stored_image",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    contentType: text("content_type").notNull().default("image/jpeg"),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("stored_image_district_idx").on(t.districtId)],
);

/**
 * A spreadsheet staged for import (architecture 'Spreadsheets'): its rows wait in import_row for the
 * preview and fixes; confirming creates them all in one transaction and marks the import confirmed.
 */
export const dataImport = pgTable(
  "import",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    entity: text("entity").notNull(),
    filename: text("filename").notNull(),
    status: text("status").$type<"staged" | "confirmed">().notNull().default("staged"),
    createdBy: uuid("created_by").notNull(),
    createdCount: integer("created_count"),
    /** What confirming does with rows matching an existing record: apply their changes, skip them, or hold them as errors. */
    existing: text("existing").$type<"update" | "skip" | "error">().notNull().default("update"),
    updatedCount: integer("updated_count"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("import_district_idx").on(t.districtId, t.createdAt)],
);

export const importRow = pgTable(
  "import_row",
  {
    id: id(),
    importId: uuid("import_id")
      .notNull()
      .references(() => dataImport.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull(),
    /** Column key → message; empty when the row is valid. */
    errors: jsonb("errors").$type<Record<string, string>>().notNull().default({}),
    valid: boolean("valid").notNull(),
    /** A digest of the row's identity within the file (storedKey: never the text itself), for duplicates. */
    dedupeKey: text("dedupe_key").notNull(),
    /** The existing record (in the uploader's scope) whose key the row holds, and its version when staged: none for a new record. */
    matchId: uuid("match_id"),
    matchVersion: integer("match_version"),
    /** For a matched row, the cells that differ from the record: column key → the record's value (the row's is in data); {} when unchanged. */
    changes: jsonb("changes").$type<Record<string, string>>(),
  },
  (t) => [index("import_row_import_idx").on(t.importId, t.rowNumber), index("import_row_key_idx").on(t.importId, t.dedupeKey)],
);
