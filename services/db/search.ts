import { SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { likeEscape } from "./like-escape";

/**
 * The text a list's search box looks in: the columns joined by a line break, so that a search (whose
 * spaces are single, never a line break) cannot match across two fields. The trigram index on a table is
 * built on this very expression, which is why the query must use it unchanged.
 */
export function searchableText(...columns: (PgColumn | SQL)[]): SQL {
  return sql.join(
    // An expression (e.g. 'first last') is taken to be never null.
    columns.map((c) => (c instanceof SQL || c.notNull ? sql`${c}` : sql`coalesce(${c}, '')`)),
    sql` || E'\\n' || `,
  );
}

/** Rows whose searchable text contains the term, case-insensitively (the term's runs of white space count as one space). */
export function containsText(columns: (PgColumn | SQL)[], term: string): SQL {
  return sql`(${searchableText(...columns)}) ilike ${`%${likeEscape(term.trim().replace(/\s+/g, " "))}%`}`;
}

/**
 * At most this many matches of a text search are sorted into list order; a term with more is found by
 * walking the list-order index instead (see `sortedMatchIds`).
 */
export const SORTED_MATCHES_CAP = 2_500;

/**
 * The ids of a page of a text search in list order, when the term has at most SORTED_MATCHES_CAP
 * matches; null when it has more. The planner alone chooses badly for a text search: it takes the
 * matches to be spread evenly through the list order and walks the list-order index, which for a term
 * that starts many names (all in one stretch of the order) reads most of the district before the first
 * match. So this counts instead: it takes at most cap + 1 matches, asking no order, which the planner
 * reads straight from the trigram index (or from the first rows of the table, for a term in nearly every
 * row), and when they are all there is, sorts just those: the cost grows with the matches, never with the
 * district. A term with more matches is left to the walk, where matches are dense enough to fill a page
 * soon. One statement: the lateral page is read only when the tally allows it.
 */
export async function sortedMatchIds(
  db: Pick<Db, "select" | "$with" | "with">,
  source: { table: PgTable; id: PgColumn; order: SQL[]; where: SQL | undefined; cap?: number },
  page: { limit: number; offset: number },
): Promise<string[] | null> {
  const cap = source.cap ?? SORTED_MATCHES_CAP;
  const keys = Object.fromEntries(source.order.map((key, i) => [`k${i}`, sql`${key}`.as(`k${i}`)]));
  const matches = db.$with("matches").as(
    db
      .select({ id: source.id, ...keys })
      .from(source.table)
      .where(source.where)
      .limit(cap + 1),
  );
  const tally = db.$with("tally").as(db.select({ n: sql<number>`count(*)`.mapWith(Number).as("n") }).from(matches));
  const pageIds = db
    .select({ id: sql<string>`${matches.id}`.as("page_id") })
    .from(matches)
    .where(sql`${tally.n} <= ${cap}`)
    .orderBy(...Object.keys(keys).map((k) => sql`${sql.identifier(k)}`), sql`${matches.id}`)
    .limit(page.limit)
    .offset(page.offset)
    .as("page");
  const rows = await db
    .with(matches, tally)
    .select({ n: tally.n, id: pageIds.id })
    .from(tally)
    .leftJoinLateral(pageIds, sql`true`);
  if ((rows[0]?.n ?? 0) > cap) return null;
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}
