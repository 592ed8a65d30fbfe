import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startApiProcess, type ApiProcess } from "./test/api-process";
import { seededDatabaseEnv } from "./test/seeded-database";
import { freshServerDatabase } from "./test/server-database";

const serverUrl = process.env.TEST_DATABASE_URL;

/** The APIs' process checks its whole configuration before it listens, one line per wrong or missing variable. */
describe("the APIs' process with a wrong configuration", () => {
  it("refuses to start, naming each variable", async () => {
    await expect(startApiProcess({ DATA_DIR: "/nonexistent/never-used", INTERNAL_SECRET: "", DISTRICT_API_PORT: "soon" })).rejects.toThrow(
      /Invalid service configuration:\n(.*\n)*\s+DISTRICT_API_PORT: .*\n(.*\n)*\s+INTERNAL_SECRET: INTERNAL_SECRET is required/,
    );
  }, 60_000);
});

/**
 * Issue 33, item 1: without PAYSTACK_SECRET_KEY the billing API funds wallets through the local stand-in, which credits
 * money never paid. A production deployment that forgot the key, or was given a test key, must not start unless it says
 * it is a staging deployment (PAYMENT_STAND_IN=allow).
 */
describe("the APIs' process in production and the payment provider", () => {
  const root = mkdtempSync(join(tmpdir(), "portal-payments-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const production = () => ({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9", MIGRATE_ON_START: "true", DATA_DIR: mkdtempSync(join(root, "db-")) });
  /** Why the process refused to start; "started" (and stopped again) when it did not refuse. */
  const refusalOf = async (env: Record<string, string>) => {
    try {
      await (await startApiProcess(env)).stop();
      return "started";
    } catch (error) {
      return String(error);
    }
  };
  /** The process's output once it holds `pattern` (lines logged just after it answers), or as it is after 10 s. */
  const outputWith = async (apis: ApiProcess, pattern: RegExp) => {
    for (let waited = 0; waited < 10_000 && !pattern.test(apis.output()); waited += 100) await new Promise((r) => setTimeout(r, 100));
    return apis.output();
  };

  it("refuses to start without PAYSTACK_SECRET_KEY, naming it", async () => {
    expect(await refusalOf(production())).toMatch(
      /Invalid service configuration:.*PAYSTACK_SECRET_KEY: PAYSTACK_SECRET_KEY is required with NODE_ENV=production/s,
    );
  }, 60_000);

  it("refuses to start with a test key (sk_test_…)", async () => {
    const testKey = `sk_test_${randomBytes(20).toString("hex")}`;
    expect(await refusalOf({ ...production(), PAYSTACK_SECRET_KEY: testKey })).toMatch(
      /Invalid service configuration:.*PAYSTACK_SECRET_KEY: PAYSTACK_SECRET_KEY is a test key/s,
    );
  }, 60_000);

  it("starts with PAYMENT_STAND_IN=allow, saying the stand-in's money is test money", async () => {
    // A database to start on (the refusals above never open theirs): a migrated copy, or the start would make one.
    const database = await seededDatabaseEnv("portal_payments");
    try {
      const apis = await startApiProcess({ ...production(), ...database.env, PAYMENT_STAND_IN: "allow" });
      try {
        expect(await outputWith(apis, /no PAYSTACK_SECRET_KEY/)).toMatch(/no PAYSTACK_SECRET_KEY.*test money/);
      } finally {
        await apis.stop();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);

  it.skipIf(!serverUrl)(
    "says so in cluster mode too (two workers on a PostgreSQL server)",
    async () => {
      const database = await freshServerDatabase(serverUrl ?? "", "portal_payments", inject("seededServerDatabase"));
      try {
        const apis = await startApiProcess({ ...production(), DATABASE_URL: database.url, API_WORKERS: "2", PAYMENT_STAND_IN: "allow" });
        try {
          expect(await outputWith(apis, /no PAYSTACK_SECRET_KEY/)).toMatch(/no PAYSTACK_SECRET_KEY.*test money/);
        } finally {
          await apis.stop();
        }
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
