import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** Names are stored trimmed with single spaces and compared case-insensitively, like the unique indexes on them. */
export const normalizeName = (name: string) => name.trim().replace(/\s+/g, " ");

/** `column` holds `name`, compared as the unique indexes compare (`lower(btrim(…))`). */
export const sameName = (column: PgColumn, name: string): SQL => sql`lower(btrim(${column})) = ${normalizeName(name).toLowerCase()}`;
