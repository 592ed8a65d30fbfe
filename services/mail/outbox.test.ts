import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink } from "../../e2e/support/mail-sink";
import type { AuthResult } from "../../lib/contract/user";
import { syncPermissionCatalogue } from "../db/catalogue";
import { openDatabase } from "../db/client";
import { demoPasswords } from "../db/demo-data";
import { seedDemo } from "../db/seed";
import { newStaffForm } from "../district/lgeas/test-fixtures";
import { freePort, startApiProcess, type ApiProcess } from "../test/api-process";
import { freshServerDatabase } from "../test/server-database";
import { demoCode } from "../test/sign-in";

/**
 * Mail as a transactional outbox, with two API instances on one PostgreSQL database (TEST_DATABASE_URL):
 * an invitation made while the SMTP server is down arrives exactly once when it comes up, and so does one
 * whose instance is killed with kill -9 before it could send it (once its claim, shortened here, runs out).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!serverUrl)("the mail outbox with two instances", () => {
  let database: Awaited<ReturnType<typeof freshServerDatabase>>;
  let apis: ApiProcess[] = [];
  let smtpPort: number;
  let httpPort: number;

  beforeAll(async () => {
    database = await freshServerDatabase(serverUrl ?? "", "portal_outbox");
    const setup = await openDatabase({ url: database.url });
    await setup.migrate();
    await syncPermissionCatalogue(setup.db);
    await seedDemo(setup.db);
    await setup.close();
    [smtpPort, httpPort] = [await freePort(), await freePort()];
    const env = { DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: "200", MAIL_RETRY_MS: "300", MAIL_LEASE_SECONDS: "3" };
    apis = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.stop()));
    await database?.drop();
  });

  const invite = async (api: ApiProcess) => {
    const login = await fetch(`${api.districtUrl}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: "admin.ed1@example.org", password: demoPasswords.admin, code: demoCode() }),
    });
    const { authorizationToken } = (await login.json()) as AuthResult;
    const form = newStaffForm({ email: `outbox.${Date.now()}@example.org` });
    const created = await fetch(`${api.districtUrl}/staff/create`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${authorizationToken}` },
      body: JSON.stringify(form),
    });
    expect(created.status).toBe(201);
    return form.email;
  };

  /** What the sink received for `to`, once it has held at least one message for a while longer (a second copy would have come). */
  const received = async (to: string) => {
    for (let i = 0; i < 100; i++) {
      const list = (await (await fetch(`http://127.0.0.1:${httpPort}/messages?to=${encodeURIComponent(to)}`)).json()) as unknown[];
      if (list.length > 0) {
        await sleep(1_500);
        return ((await (await fetch(`http://127.0.0.1:${httpPort}/messages?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;
      }
      await sleep(100);
    }
    return 0;
  };

  it("delivers an invitation made while the SMTP server was down exactly once when it comes up", async () => {
    const to = await invite(apis[0] as ApiProcess);
    await sleep(1_000); // both senders try, and fail, a few times
    const sink = await startMailSink(smtpPort, httpPort);
    try {
      expect(await received(to)).toBe(1);
    } finally {
      await sink.stop();
    }
  }, 60_000);

  it("delivers exactly once the invitation of an instance killed with kill -9 before it could send", async () => {
    const [writer, survivor] = apis as [ApiProcess, ApiProcess];
    const to = await invite(writer);
    writer.child.kill("SIGKILL");
    const sink = await startMailSink(smtpPort, httpPort);
    try {
      expect(await received(to)).toBe(1);
      expect(survivor.child.exitCode).toBeNull();
    } finally {
      await sink.stop();
    }
  }, 60_000);
});
