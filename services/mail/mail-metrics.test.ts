import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink } from "../../e2e/support/mail-sink";
import { outbox } from "../db/schema";
import { watchOutbox } from "../observability/mail-metrics";
import { freePort } from "../test/api-process";
import { createTestApi, type TestApi } from "../test/harness";
import { countOf, seriesValue } from "../test/metrics";
import { createMailer } from "./mailer";

/** The outbox's metrics move with what its sender does: a message sent, a failed try, one given up, the backlog. */
describe("mail metrics", () => {
  let api: TestApi;
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let unwatch = () => {};
  beforeAll(async () => {
    const [smtpPort, httpPort] = [await freePort(), await freePort()];
    sink = await startMailSink(smtpPort, httpPort);
    // The API's own sender runs only when nudged or flushed (the harness starts no timer), and its flush waits for
    // the pass of the nudge a send asks for: it is idle by the time the failing sender below is to try its message.
    api = await createTestApi({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    unwatch = watchOutbox(api.db);
  });
  afterAll(async () => {
    unwatch();
    await api.close();
    await sink.stop();
  });

  const waiting = () => seriesValue("mail_outbox_waiting");
  const oldest = () => seriesValue("mail_outbox_oldest_waiting_seconds");

  it("counts a message delivered over SMTP", async () => {
    const before = await countOf("mail_sent_total");
    await api.mailer.send(api.db, { to: "metrics.sent@example.org", subject: "Sent", body: "Hello." });
    await api.mailer.flush();
    expect(await countOf("mail_sent_total")).toBe(before + 1);
    expect(await waiting()).toBe(0);
    expect(await oldest()).toBe(0);
  });

  it("counts a failed try, shows the message waiting and its age, then counts it given up", async () => {
    // A sender whose SMTP server refuses connections: port 1, where nothing listens (a port just freed could be
    // taken meanwhile by a server of another test file running beside this one).
    const failing = createMailer({ ...api.config, SMTP_URL: "smtp://127.0.0.1:1" }, api.db);
    const [failedBefore, givenUpBefore, sentBefore, waitingBefore] = await Promise.all([
      countOf("mail_failed_attempts_total"),
      countOf("mail_given_up_total"),
      countOf("mail_sent_total"),
      waiting(),
    ]);
    await failing.enqueue(api.db, { to: "metrics.failed@example.org", subject: "Not yet", body: "Hello." });
    await failing.flush();
    expect(await countOf("mail_failed_attempts_total")).toBe(failedBefore + 1);
    expect(await countOf("mail_sent_total")).toBe(sentBefore);
    expect(await waiting()).toBe((waitingBefore ?? 0) + 1);

    // Written an hour ago, and due again now.
    const row = eq(outbox.to, "metrics.failed@example.org");
    await api.db
      .update(outbox)
      .set({ createdAt: sql`now() - interval '1 hour'`, nextAttemptAt: sql`now()` })
      .where(row);
    expect(await oldest()).toBeGreaterThanOrEqual(3_600);
    expect(await oldest()).toBeLessThan(3_700);

    // Written longer ago than MAIL_GIVE_UP_HOURS: the next failed try gives up.
    await api.db
      .update(outbox)
      .set({ createdAt: sql`now() - make_interval(hours => ${api.config.MAIL_GIVE_UP_HOURS + 1})` })
      .where(row);
    await failing.flush();
    expect(await countOf("mail_given_up_total")).toBe(givenUpBefore + 1);
    expect(await countOf("mail_failed_attempts_total")).toBe(failedBefore + 1);
    expect(await waiting()).toBe(waitingBefore);
    expect(await oldest()).toBe(0);
  });

  it("shows no backlog figure (NaN) for a database that is not watched", async () => {
    unwatch();
    try {
      expect(await waiting()).toBeNaN();
      expect(await oldest()).toBeNaN();
    } finally {
      unwatch = watchOutbox(api.db);
    }
  });
});
