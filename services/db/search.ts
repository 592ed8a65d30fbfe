import { and, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { likeEscape } from "./like-escape";

/**
 * What a search ignores, in the text and in the term alike: spaces, tabs, hyphens and apostrophes (straight
 * and curly), so 'oke odo' finds 'Oke-Odo' and 'Oke Odo', and 'olaoluwa' finds "Ola'Oluwa". The line break
 * that joins two fields is kept, so a search never matches across them.
 */
// The characters translate() drops (an escape string: \t is the tab, '' the apostrophe). translate, not a
// regular expression: a common term's first look folds thousands of rows, and a regular expression made that
// six times slower.
const IGNORED_IN_SQL = "E' \\t''-\u2018\u2019'";
const IGNORED = /[ \t'\u2018\u2019-]+/g;

/** A search term as it is compared: lower case, without what a search ignores. */
export const searchKey = (term: string) => term.toLowerCase().replace(IGNORED, "");

/**
 * The text a list's search box looks in: the columns joined by a line break, in lower case, without what a
 * search ignores. The trigram index on a table is built on this very expression, which is why the query must
 * use it unchanged.
 */
export function searchableText(...columns: (PgColumn | SQL)[]): SQL {
  const joined = sql.join(
    // An expression (e.g. 'first last') is taken to be never null.
    columns.map((c) => (c instanceof SQL || c.notNull ? sql`${c}` : sql`coalesce(${c}, '')`)),
    sql` || E'\\n' || `,
  );
  return sql`translate(lower(${joined}), ${sql.raw(IGNORED_IN_SQL)}, '')`;
}

/** Rows whose searchable text contains the term, ignoring case, spaces, hyphens and apostrophes on both sides. */
export function containsText(columns: (PgColumn | SQL)[], term: string): SQL {
  return sql`(${searchableText(...columns)}) like ${`%${likeEscape(searchKey(term))}%`}`;
}

/**
 * At most this many matches of a text search are tallied and sorted at once (see `textSearchPage`), unless
 * a list names its own cap; a term with more is looked for in the first rows of the list order, then
 * sorted whole.
 */
export const SORTED_MATCHES_CAP = 2_500;

/**
 * How many rows of the list order the second step reads at most (more for a deep page), looking for a
 * page of a common term. It stops as soon as the page is full, so a term spread through the list costs
 * only the rows before its page; a term whose matches sit together past the window costs the whole
 * window before step 3 sorts it.
 */
export const ORDER_WINDOW = 10_000;

/**
 * The most rows of the list order a first look reads (twenty rows for each one the page reaches to, so
 * only for the first pages): a term in more than one row in twenty, spread through the list (a common
 * first name among pupils), fills its page there before any tally.
 */
export const FIRST_LOOK_ROWS = 2_000;

/** A LIMIT no table reaches: a subquery with one is planned on its own. */
const EVERY_ROW = 2 ** 31 - 1;

type Source = {
  table: PgTable;
  id: PgColumn;
  /** The list order's keys (the id breaks ties). */
  order: SQL[];
  /** The scope and the list's other filters. */
  where: SQL | undefined;
  /** The text term (containsText): kept apart, so the second step can read the list order without it. */
  match: SQL;
  /**
   * The list's own tally cap. Below the cap the tally reads every match from the trigram index; a cap just
   * under a term's count has the planner stop a table scan at the cap instead, which is slow when the
   * matches sit in one part of the table. So a list whose common terms are common (a surname among staff)
   * takes a cap above them: 2,500 made a surname shared by 3,600 of 50,000 staff cost 74 ms to tally,
   * 10,000 made it 17 ms; for schools the larger cap made a term in a fifth of 200,000 names three times slower.
   */
  cap?: number;
};

/**
 * The ids of a page of a text search, in list order. The planner alone chooses badly here: it takes a
 * term's matches to be spread evenly through the list order and walks the order index, which for a term
 * whose matches sit together (a surname, in a register ordered by last name) reads every row before
 * them. So, after a first look (a common term spread through the list fills its page within
 * FIRST_LOOK_ROWS of the list order, '/2021/' among 200,000 pupils 48 → 9 ms; one whose first rows hold
 * only part of a page fills it in a second look sized by that density, 'zainab' 41 → 11 ms; a term they
 * miss pays a few milliseconds), in up to three steps, each bounded:
 * 1. Tally at most cap + 1 matches with no order asked (read straight from the trigram index); when that
 *    is all of them, sort just those. Most searches end here, at a cost that grows with the matches.
 * 2. A term with more matches is common: look for the page in the first rows of the list order (at least
 *    ORDER_WINDOW), which a term spread through the list fills at once. The page found there is exact,
 *    since those rows are a prefix of the order.
 * 3. Otherwise (a common term whose matches sit together, or a deep page), sort every match: the
 *    subquery's LIMIT (of every row) keeps the planner from folding it into the outer query, where it
 *    would walk the order index again.
 */
export async function textSearchPage(db: Pick<Db, "select" | "$with" | "with">, source: Source, page: { limit: number; offset: number }): Promise<string[]> {
  const cap = source.cap ?? SORTED_MATCHES_CAP;
  const keys = Object.fromEntries(source.order.map((key, i) => [`k${i}`, sql`${key}`.as(`k${i}`)]));
  const keyOrder = Object.keys(keys).map((k) => sql`${sql.identifier(k)}`);
  const everyMatch = and(source.where, source.match);

  // The page among the first `rows` rows of the list order: exact when it is full, since they are a prefix of the order.
  const pageInFirstRows = async (rows: number) => {
    const window = db
      .select({ id: source.id, hit: sql<boolean>`${source.match}`.as("hit"), ...keys })
      .from(source.table)
      .where(source.where)
      .orderBy(...source.order, source.id)
      .limit(rows)
      .as("window");
    const found = await db
      .select({ id: window.id })
      .from(window)
      .where(sql`${window.hit}`)
      .orderBy(...keyOrder, window.id)
      .limit(page.limit)
      .offset(page.offset);
    return found.map((r) => r.id as string);
  };
  const firstLook = (page.offset + page.limit) * 20;
  if (firstLook <= FIRST_LOOK_ROWS) {
    const found = await pageInFirstRows(firstLook);
    if (found.length === page.limit) return found;
    // A short page still tells the term's density in the list order (offset + found matches in firstLook
    // rows). Where that density fills the page within ORDER_WINDOW rows (with half again to spare), look
    // that far before tallying: a common term of which the first rows hold only a part (a first name that is
    // often a middle name too) then costs one bounded read instead of a tally of every match.
    if (found.length > 0) {
      const rows = Math.ceil(((page.offset + page.limit) * firstLook * 1.5) / (page.offset + found.length));
      if (rows <= ORDER_WINDOW) {
        const further = await pageInFirstRows(rows);
        if (further.length === page.limit) return further;
      }
    }
  }

  const matches = db.$with("matches").as(
    db
      .select({ id: source.id, ...keys })
      .from(source.table)
      .where(everyMatch)
      .limit(cap + 1),
  );
  const tally = db.$with("tally").as(db.select({ n: sql<number>`count(*)`.mapWith(Number).as("n") }).from(matches));
  const pageIds = db
    .select({ id: sql<string>`${matches.id}`.as("page_id") })
    .from(matches)
    .where(sql`${tally.n} <= ${cap}`)
    .orderBy(...keyOrder, sql`${matches.id}`)
    .limit(page.limit)
    .offset(page.offset)
    .as("page");
  const tallied = await db
    .with(matches, tally)
    .select({ n: tally.n, id: pageIds.id })
    .from(tally)
    .leftJoinLateral(pageIds, sql`true`);
  if ((tallied[0]?.n ?? 0) <= cap) return tallied.flatMap((r) => (r.id ? [r.id] : []));

  const inWindow = await pageInFirstRows(Math.max(ORDER_WINDOW, (page.offset + page.limit) * 10));
  if (inWindow.length === page.limit) return inWindow;

  const all = db
    .select({ id: source.id, ...keys })
    .from(source.table)
    .where(everyMatch)
    .limit(EVERY_ROW)
    .as("all_matches");
  const sorted = await db
    .select({ id: all.id })
    .from(all)
    .orderBy(...keyOrder, all.id)
    .limit(page.limit)
    .offset(page.offset);
  return sorted.map((r) => r.id as string);
}
