import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { ServiceConfig } from "../config";
import type { Db } from "../db/client";
import { rawRows } from "../db/raw-rows";
import { outbox } from "../db/schema";
import { describeForLog } from "../http/error-log";
import { logFor } from "../observability/log";
import { mailFailedAttempts, mailGivenUp, mailSent } from "../observability/mail-metrics";

/** `secret` (a code in the body) is taken out of the stored copy once the message is sent or given up. */
export type MailMessage = { to: string; subject: string; body: string; secret?: string };

/** What `enqueue` writes with: the transaction of what the message tells. */
export type MailWriter = Pick<Db, "insert">;

const BATCH = 20;
/** Waits between tries: MAIL_RETRY_MS (10 s), then twice as long after each, at most an hour. */
const retryDelayMs = (firstMs: number, attempts: number) => Math.min(firstMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
const REMOVED = "[removed once sent]";

export type Mailer = {
  /** Writes the messages in `tx`, the transaction of what they tell: they go out only if that commits, and surely once it has. */
  enqueue(tx: MailWriter, messages: MailMessage | MailMessage[]): Promise<void>;
  /**
   * A notice of something already committed (a decision, a change): written to the outbox at once, on its
   * own, and the sender nudged. Codes and invitations go with `enqueue`, in their own transaction.
   */
  send(db: MailWriter, message: MailMessage): Promise<void>;
  /** Asks this process's sender to look now (after a commit) rather than at its next poll. */
  nudge(): void;
  /**
   * Delivers every message due now; resolves once done, with no pass asked for before it (a nudge) left to run
   * (tests; a command that sends before it exits).
   */
  flush(): Promise<void>;
  /**
   * The sender of this process: a pass every MAIL_POLL_MS and on every nudge, until stopped. It logs through
   * `logFor("mail")`, by message id, never by address.
   */
  start(): { stop: () => Promise<void> };
};

/** SMTP_URL with short timeouts unless it names its own (nodemailer reads options from the query), well within the lease. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of [
    ["connectionTimeout", "10000"],
    ["greetingTimeout", "10000"],
    ["socketTimeout", "30000"],
  ])
    if (!url.searchParams.has(name as string)) url.searchParams.set(name as string, ms as string);
  return url.toString();
}

type Claimed = { id: string; to: string; subject: string; body: string; secret: string | null; attempts: number; created_at: string | Date };

/**
 * Mail as a transactional outbox (architecture 'Production'). A message is a row written in the same
 * transaction as what it tells (an invitation with the new staff member, a code with its code row), so a
 * crash or a deploy between the two can no longer lose it. Each API process runs a sender that claims due
 * rows with FOR UPDATE SKIP LOCKED and a lease, so several instances never send one twice; delivers them
 * over SMTP (or, without SMTP_URL, prints them when LOG_MAIL=true: the offline demo's way to read codes);
 * marks what was sent and takes its code out of the stored copy; and after a failure tries again with
 * back-off until MAIL_GIVE_UP_HOURS after the message was written, then gives up and says so in the log.
 * A process killed between an SMTP send and marking it sent sends that one message again when its lease
 * runs out: at least once, never lost.
 */
export function createMailer(config: ServiceConfig, db: Db): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(withTimeouts(config.SMTP_URL)) : undefined;
  const log = logFor("mail");
  /** One event of the sender, with its fields (ids and counts). */
  const note = (level: "info" | "warn" | "error", fields: Record<string, unknown>, message: string) => log[level](fields, message);

  async function claim(): Promise<Claimed[]> {
    const result = await db.execute(sql`
      update ${outbox} set claimed_until = now() + make_interval(secs => ${config.MAIL_LEASE_SECONDS}), attempts = attempts + 1
      where id in (
        select id from ${outbox}
        where sent_at is null and failed_at is null and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
        order by next_attempt_at limit ${BATCH}
        for update skip locked)
      returning id, "to", subject, body, secret, attempts, created_at`);
    return rawRows<Claimed>(result);
  }

  const scrubbed = (m: Claimed) => (m.secret ? m.body.replaceAll(m.secret, REMOVED) : m.body);

  async function deliver(m: Claimed) {
    try {
      if (transport) {
        await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.body });
        await db
          .update(outbox)
          .set({ sentAt: new Date(), body: scrubbed(m), secret: null, claimedUntil: null, error: null })
          .where(eq(outbox.id, m.id));
        mailSent.inc();
        return;
      }
      // No SMTP (the offline demo, never production): the printout is the delivery, and the outbox stays the
      // demo's mailbox, code included, until housekeeping removes it (SENT_MAIL_RETENTION_HOURS). The printout
      // holds the address and the code, so it is not a log line: it goes to the terminal, not through the log.
      if (config.LOG_MAIL === "true") console.log(`[mail] to ${m.to}: ${m.subject}\n${m.body}\n`);
      await db.update(outbox).set({ sentAt: new Date(), secret: null, claimedUntil: null, error: null }).where(eq(outbox.id, m.id));
      mailSent.inc();
    } catch (error) {
      const giveUp = Date.now() - new Date(m.created_at).getTime() > config.MAIL_GIVE_UP_HOURS * 3_600_000;
      const reason = describeForLog(error).slice(0, 500);
      if (giveUp) {
        mailGivenUp.inc();
        note(
          "error",
          { messageId: m.id, attempts: m.attempts, error: reason },
          `gave up on message ${m.id} after ${m.attempts} tries over ${config.MAIL_GIVE_UP_HOURS} h`,
        );
        await db
          .update(outbox)
          .set({ failedAt: new Date(), body: scrubbed(m), secret: null, claimedUntil: null, error: reason })
          .where(eq(outbox.id, m.id));
      } else {
        mailFailedAttempts.inc();
        note("warn", { messageId: m.id, attempts: m.attempts, error: reason }, `message ${m.id} not delivered (try ${m.attempts}), trying again later`);
        await db
          .update(outbox)
          .set({ nextAttemptAt: new Date(Date.now() + retryDelayMs(config.MAIL_RETRY_MS, m.attempts)), claimedUntil: null, error: reason })
          .where(eq(outbox.id, m.id));
      }
    }
  }

  /** One pass: claims what is due and delivers it; how many it claimed. */
  async function pass(): Promise<number> {
    const claimed = await claim();
    for (const m of claimed) await deliver(m);
    return claimed.length;
  }

  // Passes run one after another in this process: a drain asked for while one runs starts when it ends
  // (and drains asked for meanwhile share it), so nothing committed before a drain is asked for is missed.
  let tail: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  const drain = (): Promise<void> => {
    if (waiting) return waiting;
    const next = tail
      .then(async () => {
        waiting = null;
        while ((await pass()) > 0);
      })
      .catch((error: unknown) => note("error", { error: describeForLog(error) }, "sender pass failed"));
    waiting = tail = next;
    return next;
  };
  // A nudge's pass starts on the next turn of the event loop. Until then it is `nudged`, which a flush waits for
  // rather than starting a pass of its own: otherwise `send` then `flush` resolved with the nudge's pass still to
  // come, which then ran on its own (after a test's next step, or against a database closed meanwhile).
  let nudged: Promise<void> | null = null;

  return {
    async enqueue(tx, messages) {
      const rows = (Array.isArray(messages) ? messages : [messages]).map(({ secret, ...message }) => ({ ...message, secret: secret ?? null }));
      for (let i = 0; i < rows.length; i += 1_000) await tx.insert(outbox).values(rows.slice(i, i + 1_000));
    },
    async send(db, message) {
      await this.enqueue(db, message);
      this.nudge();
    },
    nudge() {
      nudged ??= new Promise((resolve) =>
        setImmediate(() => {
          nudged = null;
          resolve(drain());
        }),
      );
    },
    flush: () => nudged ?? drain(),
    start() {
      const timer = setInterval(() => void drain(), config.MAIL_POLL_MS);
      timer.unref();
      void drain();
      return {
        stop: async () => {
          clearInterval(timer);
          await tail;
        },
      };
    },
  };
}
