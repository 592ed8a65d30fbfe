import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { likeEscape } from "./like-escape";

/**
 * The text a list's search box looks in: the columns joined by a line break, so that a search (whose
 * spaces are single, never a line break) cannot match across two fields. The trigram index on a table is
 * built on this very expression, which is why the query must use it unchanged.
 */
export function searchableText(...columns: PgColumn[]): SQL {
  return sql.join(
    columns.map((c) => (c.notNull ? sql`${c}` : sql`coalesce(${c}, '')`)),
    sql` || E'\\n' || `,
  );
}

/** Rows whose searchable text contains the term, case-insensitively (the term's runs of white space count as one space). */
export function containsText(columns: PgColumn[], term: string): SQL {
  return sql`(${searchableText(...columns)}) ilike ${`%${likeEscape(term.trim().replace(/\s+/g, " "))}%`}`;
}
