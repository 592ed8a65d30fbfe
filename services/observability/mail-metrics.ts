import { sql } from "drizzle-orm";
import client from "prom-client";
import type { Db } from "../db/client";
import { rawRows } from "../db/raw-rows";
import { outbox } from "../db/schema";
import { describeForLog } from "../http/error-log";
import { logFor } from "./log";

/** What the outbox's sender did (services/mail/mailer.ts), counted per process; a cluster's workers add up. */
export const mailSent = new client.Counter({ name: "mail_sent_total", help: "Messages delivered: handed to the SMTP server, or printed without one" });
export const mailFailedAttempts = new client.Counter({
  name: "mail_failed_attempts_total",
  help: "Deliveries that failed and will be tried again later",
});
export const mailGivenUp = new client.Counter({ name: "mail_given_up_total", help: "Messages given up on after MAIL_GIVE_UP_HOURS of failed tries" });

/** How long a scrape waits for the outbox's figures: a database that does not answer must not hold the page up. */
const READ_TIMEOUT_MS = 2_000;

let watched: Db | undefined;

/**
 * Reports the outbox's backlog when scraped, read from `db` with one query over the unsent rows (the partial index
 * outbox_due_idx holds just those). Every instance sees the same table, so a cluster's primary keeps the highest of
 * its workers' figures rather than their sum. The returned function stops it.
 */
export function watchOutbox(db: Db): () => void {
  watched = db;
  return () => {
    if (watched === db) watched = undefined;
  };
}

type Backlog = { waiting: number; oldest_seconds: number | null };

async function readBacklog(db: Db): Promise<Backlog | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READ_TIMEOUT_MS)));
  const read = db
    .execute(
      sql`select count(*)::int as waiting, extract(epoch from now() - min(created_at))::float8 as oldest_seconds
          from ${outbox} where sent_at is null and failed_at is null`,
    )
    .then((result) => rawRows<Backlog>(result)[0]);
  try {
    const backlog = await Promise.race([read, timeout]);
    if (!backlog) logFor("mail").warn({ timeoutMs: READ_TIMEOUT_MS }, "the outbox's figures were not read in time for the metrics");
    return backlog;
  } catch (error) {
    logFor("mail").warn({ error: describeForLog(error) }, "the outbox's figures could not be read for the metrics");
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

// One read serves both gauges of a scrape: a scrape starts every collect at once, so the first starts the read
// and the second joins it while it runs; the next scrape reads again.
let pending: Promise<Backlog | undefined> | undefined;
const backlogNow = () => {
  if (!watched) return Promise.resolve(undefined);
  pending ??= readBacklog(watched).finally(() => (pending = undefined));
  return pending;
};

new client.Gauge({
  name: "mail_outbox_waiting",
  help: "Messages written and neither sent nor given up yet (due now or waiting to be tried again)",
  aggregator: "max",
  async collect() {
    const backlog = await backlogNow();
    // Unknown (no database watched, or it did not answer): NaN rather than a stale figure or a reassuring 0.
    this.set(backlog ? backlog.waiting : NaN);
  },
});

new client.Gauge({
  name: "mail_outbox_oldest_waiting_seconds",
  help: "Age of the oldest message neither sent nor given up (0 when none waits)",
  aggregator: "max",
  async collect() {
    const backlog = await backlogNow();
    this.set(backlog ? (backlog.oldest_seconds ?? 0) : NaN);
  },
});
