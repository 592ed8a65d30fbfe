import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMailSink } from "../../e2e/support/mail-sink";
import { outbox } from "../db/schema";
import { renderError } from "../http/errors";
import { runHousekeeping } from "../housekeeping/housekeeping";
import { createTestApi, type TestApi } from "../test/harness";

/** Ports of this worker's own SMTP sink (two test projects may run at once). */
// Below Linux's ephemeral range (32768 and up), where an outgoing connection of a parallel test can hold the port.
const smtpPort = 20_000 + (process.pid % 5_000) * 2;

describe("mail and logs keep no secrets", () => {
  let api: TestApi;
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  beforeAll(async () => {
    sink = await startMailSink(smtpPort, smtpPort + 1);
    api = await createTestApi({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  });
  afterAll(async () => {
    await api.close();
    await sink.stop();
  });

  it("a reset code is delivered, and not kept in the outbox once sent", async () => {
    const email = "ngozi.obi@example.org";
    expect((await api.call("POST", `/reset-code/${email}`)).status).toBe(200);
    await api.mailer.flush();
    const delivered = (await (await fetch(`http://127.0.0.1:${smtpPort + 1}/messages?to=${email}`)).json()) as { raw: string }[];
    const code = /reset code is (\d{6})/.exec(delivered.at(-1)?.raw ?? "")?.[1];
    expect(code).toBeDefined();
    const [stored] = await api.db.select().from(outbox).where(eq(outbox.to, email));
    expect(stored?.sentAt).not.toBeNull();
    expect(stored?.body).not.toContain(code);
  });

  it("mail sent or given up more than a day ago is removed by housekeeping", async () => {
    const old = sql`now() - interval '2 days'`;
    await api.db.insert(outbox).values([
      { to: "old@example.org", subject: "Old", body: "Your password reset code is 123456.", createdAt: old, sentAt: old },
      { to: "old@example.org", subject: "Old", body: "Your password reset code is 654321.", createdAt: old, failedAt: old },
    ]);
    await runHousekeeping(api.db, api.config);
    expect(await api.db.select().from(outbox).where(eq(outbox.to, "old@example.org"))).toEqual([]);
  });

  it("an unexpected database error is logged without the values it was given", async () => {
    // The log's readable form (the tests' default) writes errors to standard error.
    const logged = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const app = new Hono();
    app.onError((error, c) => renderError(error, c));
    app.get("/boom", async (c) => {
      await api.db.execute(sql`select ${"private.person@example.org"}::uuid`);
      return c.text("unreachable");
    });
    const response = await app.request("/boom");
    expect(response.status).toBe(500);
    const text = logged.mock.calls.map((args) => String(args[0])).join("\n");
    logged.mockRestore();
    expect(text).toContain("unhandled error");
    expect(text).toContain("/boom");
    expect(text).not.toContain("private.person@example.org");
  });
});
