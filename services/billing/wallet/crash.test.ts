import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FundResult, PaymentLink } from "../../../lib/contract/billing";
import type { AuthResult } from "../../../lib/contract/user";
import { openDatabase, type Database, type DatabaseOptions } from "../../db/client";
import { demoPasswords } from "../../db/demo-data";
import { ledgerEntry, payment } from "../../db/schema";
import { ledgerInvariantBreaches } from "../ledger/invariant";
import { freePort } from "../../test/api-process";
import { seededDataDirIn } from "../../test/seeded-database";
import { serverArgs } from "../../test/server-bundle";
import { freshServerDatabase } from "../../test/server-database";
import { demoCode } from "../../test/sign-in";

/**
 * The fault: the API killed in the middle of a credit. On a stack of its own (services/main.ts in a child
 * process, on an on-disk embedded database, or a database of its own on TEST_DATABASE_URL's server), with the
 * fixed crash point BILLING_CRASH_POINT=after-ledger-insert: the process SIGKILLs itself inside the credit's
 * transaction, after the ledger entry is written and before the commit. After a restart the credit must be
 * absent (never half there), the ledger invariant must hold, and a retried confirmation must credit it once.
 */

type Stack = { child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; output: () => string };

describe("the billing API killed in the middle of a credit", () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let root: string | undefined;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  let env: Record<string, string>;
  let districtApi: string;
  let billingApi: string;

  const where: () => DatabaseOptions = () => (databaseUrl ? { url: databaseUrl } : { dataDir: dataDir ?? "" });
  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = await openDatabase(where());
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    // A copy of the run's migrated and seeded database.
    if (serverUrl) {
      const server = await freshServerDatabase(serverUrl, "portal_crash", inject("seededServerDatabase"));
      databaseUrl = server.url;
      dropDatabase = server.drop;
    } else {
      root = mkdtempSync(join(tmpdir(), "portal-crash-"));
      dataDir = seededDataDirIn(root);
    }
    const [districtPort, billingPort] = [await freePort(), await freePort()];
    districtApi = `http://127.0.0.1:${districtPort}`;
    billingApi = `http://127.0.0.1:${billingPort}`;
    env = {
      PATH: process.env.PATH ?? "",
      JWT_SECRET: randomBytes(32).toString("base64url"),
      INTERNAL_SECRET: randomBytes(32).toString("base64url"),
      API_HOST: "127.0.0.1",
      DISTRICT_API_PORT: String(districtPort),
      BILLING_API_PORT: String(billingPort),
      API_WORKERS: "1",
      SEED_DEMO: "false",
      // The stand-in's webhook goes nowhere (a closed port): the credit under test is the return page's.
      PORTAL_URL: "http://127.0.0.1:9",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir ?? "" }),
    };
  }, 120_000);
  afterAll(async () => {
    if (root) rmSync(root, { recursive: true, force: true });
    await dropDatabase();
  });

  async function start(extra: Record<string, string> = {}): Promise<Stack> {
    const child = spawn(process.execPath, serverArgs("services"), {
      env: { ...env, ...extra } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once("exit", (code, signal) => done({ code, signal })));
    const began = Date.now();
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the services stopped while starting:\n${output}`);
      const healthy = await fetch(`${billingApi}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() - began > 60_000) throw new Error(`the services did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return { child, exited, output: () => output };
  }

  const json = (body: unknown, token?: string) => ({
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const signIn = async () => {
    const response = await fetch(`${districtApi}/auth/login`, json({ identifier: "admin.ed1@example.org", password: demoPasswords.admin, code: demoCode() }));
    expect(response.status).toBe(200);
    return ((await response.json()) as AuthResult).authorizationToken;
  };
  const fund = (reference: string, token: string) => fetch(`${billingApi}/wallet/fund`, json({ reference }, token));
  const stateOf = (reference: string) =>
    withDatabase(async ({ db }) => ({
      entries: await db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, reference)),
      payment: (await db.select().from(payment).where(eq(payment.reference, reference)))[0],
      breaches: await ledgerInvariantBreaches(db),
    }));

  it("leaves the credit whole or absent, the ledger balanced, and credits it once on the retry", async () => {
    const crashing = await start({ BILLING_CRASH_POINT: "after-ledger-insert" });
    let token = await signIn();
    const linkResponse = await fetch(`${billingApi}/wallet/payment-link`, json({ amount: 7_000_000 }, token));
    expect(linkResponse.status).toBe(201);
    const link = (await linkResponse.json()) as PaymentLink;
    const paid = await fetch(`${billingApi}/provider-stand-in/checkout/${link.reference}/pay`, { method: "POST" });
    expect(paid.status).toBe(200);

    // The confirmation never gets an answer: the process is gone.
    await expect(fund(link.reference, token)).rejects.toThrow();
    expect(await crashing.exited).toEqual({ code: null, signal: "SIGKILL" });

    const afterCrash = await stateOf(link.reference);
    expect(afterCrash.entries).toEqual([]);
    expect(afterCrash.payment?.status).toBe("pending");
    expect(afterCrash.breaches).toEqual([]);

    const restarted = await start();
    try {
      token = await signIn();
      const retried = await fund(link.reference, token);
      expect(retried.status, restarted.output()).toBe(200);
      expect(((await retried.json()) as FundResult).status).toBe("credited");
      expect(((await (await fund(link.reference, token)).json()) as FundResult).status).toBe("already-credited");
    } finally {
      restarted.child.kill("SIGINT"); // at once: no load balancer to wait for
      await restarted.exited;
    }
    const afterRetry = await stateOf(link.reference);
    expect(afterRetry.entries).toHaveLength(1);
    expect(afterRetry.entries[0]).toMatchObject({ action: "FUNDING", amount: 7_000_000 });
    expect(afterRetry.payment?.status).toBe("credited");
    expect(afterRetry.breaches).toEqual([]);
  }, 180_000);
});
