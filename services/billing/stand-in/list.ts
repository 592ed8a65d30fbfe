import { and, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import * as z from "zod/mini";
import type { Db } from "../../db/client";
import { standInTransaction } from "../../db/schema";

type StandInRow = typeof standInTransaction.$inferSelect;

/** Paystack's default page size, and the stand-in's largest (its tests page through small pages too). */
const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 100;

const whole = (fallback: number, max: number) =>
  z.pipe(
    z._default(z.string().check(z.regex(/^\d{1,7}$/)), String(fallback)),
    z.transform((v) => Math.min(Math.max(Number(v), 1), max)),
  );
const instant = z.optional(z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)))));

/**
 * Paystack's List Transactions query (GET /transaction, https://paystack.com/docs/api/transaction/#list): `perPage`
 * (50 by default) and `page` (offset paging, https://paystack.com/docs/api/pagination/), `status` (failed, success,
 * abandoned), `from` and `to` (a timestamp such as 2016-09-24T00:00:05.000Z, or a day such as 2016-09-21).
 */
export const listQuery = z.object({
  perPage: whole(DEFAULT_PER_PAGE, MAX_PER_PAGE),
  page: whole(1, 1_000_000),
  status: z.optional(z.string().check(z.maxLength(20))),
  from: instant,
  to: instant,
});
export type ListQuery = z.output<typeof listQuery>;

/** A day alone (2016-09-21) as `to` means up to the end of that day. */
const endOf = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000 - 1) : new Date(v));

/**
 * The stand-in's answer to List Transactions, in the shape of Paystack's sample (PaystackOSS/doc-code-snippets,
 * src/api/transactions/list/response.json): `{ status: true, message: "Transactions retrieved", data: [transaction…],
 * meta: { total, skipped, perPage, page, pageCount } }`, newest first, each transaction as verify describes it, and
 * `total_volume` in `meta` (the pagination guide's sum of the transactions listed). `from` and `to` bound `created_at`.
 */
export async function listTransactions(db: Db, q: ListQuery, describe: (row: StandInRow) => object) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(standInTransaction.status, q.status as StandInRow["status"]));
  if (q.from) where.push(gte(standInTransaction.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(standInTransaction.createdAt, endOf(q.to)));
  const filter = where.length ? and(...where) : undefined;
  const [totals] = await db
    .select({ total: count(), volume: sql<string>`coalesce(sum(${standInTransaction.amount}), 0)` })
    .from(standInTransaction)
    .where(filter);
  const skipped = (q.page - 1) * q.perPage;
  const rows = await db
    .select()
    .from(standInTransaction)
    .where(filter)
    .orderBy(desc(standInTransaction.createdAt), desc(standInTransaction.reference))
    .limit(q.perPage)
    .offset(skipped);
  const total = totals?.total ?? 0;
  return {
    status: true,
    message: "Transactions retrieved",
    data: rows.map(describe),
    meta: { total, total_volume: Number(totals?.volume ?? 0), skipped, perPage: q.perPage, page: q.page, pageCount: Math.ceil(total / q.perPage) },
  };
}
