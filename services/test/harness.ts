import { openDatabase, type Database } from "../db/client";
import { demoPasswords } from "../db/demo-data";
import { testServiceConfig, type ServiceConfig } from "../config";
import { createDistrictApi } from "../district/app";
import { createBillingApi } from "../billing/app";
import { signatureHeader } from "../billing/provider/signature";
import { createProviderStandIn } from "../billing/stand-in/app";
import { listenStandIn } from "../billing/stand-in/listen";
import { createMailer } from "../mail/mailer";
import type { AuthResult } from "../../lib/contract/user";
import { leaseSeededCopy } from "./embedded-copies";
import { freshServerDatabase } from "./server-database";
import { signInThrough } from "./sign-in";
import { migrateAndSeed } from "./seeded-template";

/**
 * What the run's global setup migrated and seeded once (seeded-template.ts), when running under Vitest with it:
 * each test API starts from a copy. Elsewhere (the benches) each migrates and seeds its own.
 */
async function seededTemplate() {
  if (!process.env.VITEST) return {};
  const { inject } = await import("vitest");
  return { dataDir: inject("seededDataDir"), serverDatabase: inject("seededServerDatabase") };
}

/**
 * A fresh database per call, migrated and seeded: PGlite in memory, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped again on close); a copy of the run's seeded template where there is one
 * (embedded-copies.ts reuses the embedded copies within a worker).
 */
async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = await seededTemplate();
  if (!serverUrl) {
    if (template.dataDir) return leaseSeededCopy(template.dataDir);
    const database = await openDatabase({ memory: true });
    await migrateAndSeed(database);
    return database;
  }
  const server = await freshServerDatabase(serverUrl, "portal_test", template.serverDatabase);
  const database = await openDatabase({ url: server.url });
  if (!template.serverDatabase) await migrateAndSeed(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.drop();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/** Both APIs in-process on a fresh seeded database, with helpers to call them. */
export async function createTestApi(overrides: Partial<ServiceConfig> = {}) {
  const database = await freshDatabase();
  // Billing: the payment provider's stand-in on a loopback port of this API's own, unless the test names its provider.
  const standIn = overrides.PAYSTACK_BASE_URL || overrides.PAYSTACK_SECRET_KEY ? null : await listenStandIn();
  const config = testServiceConfig({ ...(standIn ? { PAYSTACK_BASE_URL: standIn.url } : {}), ...overrides });
  const mailer = createMailer(config, database.db);
  const deps = { db: database.db, config, mailer };
  const district = createDistrictApi(deps);
  const billing = createBillingApi(deps);
  // Its webhooks go straight to this billing API, as the portal's public route would forward them.
  standIn?.serve(
    createProviderStandIn(deps, {
      deliver: (body, signature) =>
        Promise.resolve(
          billing.app.request("/wallet/webhook", { method: "POST", headers: { "content-type": "application/json", [signatureHeader]: signature }, body }),
        ),
    }),
  );

  /** A JSON (or, with `form`, multipart) request to the district API; `token` adds the bearer. */
  const call = (method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; form?: FormData } = {}) =>
    district.app.request(path, {
      method,
      headers: {
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.form ?? (options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body)),
    });

  /** The password and, where the account has one, the second step (sign-in.ts). */
  const login: (identifier: string, password: string) => Promise<AuthResult> = signInThrough(call);

  return {
    db: database.db,
    config,
    mailer,
    district,
    billing,
    call,
    login,
    loginAdmin: (n: 1 | 2 = 1) => login(`admin.ed${n}@example.org`, demoPasswords.admin),
    loginSuperAdmin: () => login("superadmin@example.org", demoPasswords.superAdmin),
    close: async () => {
      await standIn?.close();
      await mailer.flush();
      await database.close();
    },
  };
}
