import { sql, type SQL } from "drizzle-orm";
import type { ServiceConfig } from "../config";
import type { Db, Tx } from "../db/client";
import { abandonRegistrations } from "../district/registration/closing";
import { rawRows } from "../db/raw-rows";

/**
 * Housekeeping (architecture 'Production'): what the tables no longer need, removed on a schedule in every
 * API instance and by `npm run housekeeping`, once across all of them. Each task deletes in batches of
 * `BATCH` rows, each batch a short transaction of its own that first takes a transaction-level advisory
 * lock without waiting: while one instance works, another finds the lock taken and leaves the whole run
 * to it, so no row is removed twice, and no request waits behind a long transaction (the embedded
 * database has one connection). Only dead rows are touched; what each keeps is a variable:
 * - refresh tokens of families whose newest token has expired (a family's older, rotated tokens must
 *   stay while it lives: presenting one again revokes the family);
 * - rate-limit counters whose window (at most a day) is over;
 * - the staged rows of an import confirmed more than IMPORT_ROWS_RETENTION_DAYS ago (pupils' personal data;
 *   the import's summary stays);
 * - mail sent (or given up) more than SENT_MAIL_RETENTION_HOURS ago;
 * - notifications read more than NOTIFICATION_RETENTION_DAYS ago;
 * - one-time codes used or expired more than a day ago (their hashes help no one);
 * - self-registrations left without approval for REGISTRATION_ABANDON_DAYS: closed as abandoned, which frees
 *   what they held (not deleted: the trail names them).
 */
export type Retention = Pick<ServiceConfig, "IMPORT_ROWS_RETENTION_DAYS" | "SENT_MAIL_RETENTION_HOURS" | "NOTIFICATION_RETENTION_DAYS"> &
  Partial<Pick<ServiceConfig, "REGISTRATION_ABANDON_DAYS">>;
export type HousekeepingResult = { removed: Record<string, number>; skipped: boolean };

const BATCH = 2_000;
/** Any constant of this product's own: the key of the housekeeping lock. */
const LOCK_KEY = 7_264_020_2;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Each task: the table and which of its rows may go, given the time now. */
function tasks(retention: Retention, now: Date): { name: string; table: SQL; dead: SQL }[] {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return [
    {
      name: "refresh tokens",
      table: sql`refresh_token`,
      dead: sql`family_id in (select family_id from refresh_token group by family_id having max(expires_at) < ${now.toISOString()})`,
    },
    { name: "rate-limit counters", table: sql`rate_limit`, dead: sql`window_start < ${before(2 * DAY_MS)}` },
    {
      name: "staged import rows",
      table: sql`import_row`,
      dead: sql`import_id in (select id from import where status = 'confirmed' and confirmed_at < ${before(retention.IMPORT_ROWS_RETENTION_DAYS * DAY_MS)})`,
    },
    { name: "sent mail", table: sql`outbox`, dead: sql`coalesce(sent_at, failed_at) < ${before(retention.SENT_MAIL_RETENTION_HOURS * HOUR_MS)}` },
    { name: "read notifications", table: sql`notification`, dead: sql`read_at < ${before(retention.NOTIFICATION_RETENTION_DAYS * DAY_MS)}` },
    { name: "one-time codes", table: sql`reset_code`, dead: sql`coalesce(used_at, expires_at) < ${before(DAY_MS)}` },
  ];
}

class LockTaken extends Error {}

/** Every batch first takes the housekeeping lock without waiting; taken elsewhere, the run is left to that instance. */
async function takeLock(tx: Tx) {
  const [lock] = rawRows<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`));
  if (!lock?.locked) throw new LockTaken();
}

export async function runHousekeeping(db: Db, retention: Retention, now = new Date()): Promise<HousekeepingResult> {
  const removed: Record<string, number> = {};
  try {
    for (const task of tasks(retention, now)) {
      removed[task.name] = 0;
      for (;;) {
        const count = await db.transaction(async (tx) => {
          await takeLock(tx);
          const gone = await tx.execute(
            sql`delete from ${task.table} where ctid = any(array(select ctid from ${task.table} where ${task.dead} limit ${BATCH})) returning 1 as gone`,
          );
          return rawRows(gone).length;
        });
        removed[task.name] = (removed[task.name] ?? 0) + count;
        if (count < BATCH) break;
      }
    }
    if (retention.REGISTRATION_ABANDON_DAYS)
      removed["abandoned registrations"] = await abandonRegistrations(db, retention.REGISTRATION_ABANDON_DAYS, now, takeLock);
  } catch (error) {
    if (error instanceof LockTaken) return { removed, skipped: true };
    throw error;
  }
  return { removed, skipped: false };
}

/** One line for the log: what went, or that another instance was at it. */
export const housekeepingLine = (result: HousekeepingResult) =>
  result.skipped
    ? "housekeeping: another instance is at it"
    : `housekeeping: removed ${Object.entries(result.removed)
        .map(([name, n]) => `${n} ${name}`)
        .join(", ")}`;
