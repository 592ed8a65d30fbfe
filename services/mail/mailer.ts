import { eq, lt } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { ServiceConfig } from "../config";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";
import { describeForLog } from "../http/error-log";

/** `secret` (a code in the body) is taken out of the stored copy once the message is sent. */
export type MailMessage = { to: string; subject: string; body: string; secret?: string };

/** How long the outbox keeps a message: long enough to look into a delivery, not to hoard codes. */
const KEEP_MAIL_MS = 24 * 60 * 60 * 1000;

export type Mailer = {
  /** Records the message in the outbox and delivers it in the background; never throws to the caller. */
  send(db: Db, message: MailMessage): void;
  /** Resolves when every message handed over so far has been delivered or has failed (tests, shutdown). */
  flush(): Promise<void>;
};

/**
 * Every message goes to the outbox table first. With SMTP_URL it is then sent over SMTP and its code
 * taken out of the stored copy; without it, it is printed to the log when LOG_MAIL=true (the offline
 * demo's way to read reset codes). The outbox keeps messages for a day.
 */
export function createMailer(config: ServiceConfig): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(db: Db, { secret, ...message }: MailMessage) {
    await db.delete(outbox).where(lt(outbox.createdAt, new Date(Date.now() - KEEP_MAIL_MS)));
    const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
    if (!row) return;
    if (!transport) {
      if (config.LOG_MAIL === "true") console.log(`[mail] to ${message.to}: ${message.subject}\n${message.body}\n`);
      return;
    }
    try {
      await transport.sendMail({ from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.body });
      const stored = secret ? message.body.replaceAll(secret, "[removed once sent]") : message.body;
      await db.update(outbox).set({ sentAt: new Date(), body: stored }).where(eq(outbox.id, row.id));
    } catch (error) {
      console.error("[mail] delivery failed", describeForLog(error));
      await db
        .update(outbox)
        .set({ error: String(error).slice(0, 500) })
        .where(eq(outbox.id, row.id));
    }
  }

  return {
    send(db, message) {
      const job = deliver(db, message).catch((error) => console.error("[mail] outbox write failed", describeForLog(error)));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
