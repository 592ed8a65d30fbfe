import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { ServiceConfig } from "../config";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";

export type MailMessage = { to: string; subject: string; body: string };

export type Mailer = {
  /** Records the message in the outbox and delivers it in the background; never throws to the caller. */
  send(db: Db, message: MailMessage): void;
  /** Resolves when every message handed over so far has been delivered or has failed (tests, shutdown). */
  flush(): Promise<void>;
};

/**
 * Every message goes to the outbox table first. With SMTP_URL it is then sent over SMTP; without it,
 * it is printed to the log, so an offline demo still shows the reset code.
 */
export function createMailer(config: ServiceConfig): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(db: Db, message: MailMessage) {
    const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
    if (!row) return;
    if (!transport) {
      if (config.LOG_MAIL === "true") console.log(`[mail] to ${message.to}: ${message.subject}\n${message.body}\n`);
      return;
    }
    try {
      await transport.sendMail({ from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.body });
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
    } catch (error) {
      console.error("[mail] delivery failed", error);
      await db
        .update(outbox)
        .set({ error: String(error).slice(0, 500) })
        .where(eq(outbox.id, row.id));
    }
  }

  return {
    send(db, message) {
      const job = deliver(db, message).catch((error) => console.error("[mail] outbox write failed", error));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
