import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootDatabase } from "./boot";
import { loadServiceConfig } from "./config";
import { staff } from "./db/schema";
import { freshServerDatabase } from "./test/server-database";

const root = mkdtempSync(join(tmpdir(), "portal-boot-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const secrets = { JWT_SECRET: randomBytes(32).toString("base64url"), INTERNAL_SECRET: randomBytes(32).toString("base64url") };
/** The PostgreSQL project boots a new database on its server (DATABASE_URL) where the embedded one boots a new folder. */
const serverUrl = process.env.TEST_DATABASE_URL;
const kind = serverUrl ? "PostgreSQL database" : "embedded database";

/** Boots an empty database with this environment; how many staff it then holds. */
async function staffAfterBoot(env: Record<string, string>) {
  const server = serverUrl ? await freshServerDatabase(serverUrl, "portal_boot") : undefined;
  const where = server ? { DATABASE_URL: server.url } : { DATA_DIR: mkdtempSync(join(root, "db-")) };
  try {
    const database = await bootDatabase(loadServiceConfig({ ...secrets, SMTP_URL: "smtp://127.0.0.1:2525", ...where, ...env }));
    try {
      return (await database.db.select({ id: staff.id }).from(staff)).length;
    } finally {
      await database.close();
    }
  } finally {
    await server?.drop();
  }
}

// Each embedded boot runs initdb and every migration on disk: about 6 s on a quiet machine, and more than the default 30 s
// once, in a run with every other suite beside it on a slow one.
describe("the demo, with its published passwords, is seeded only when asked", { timeout: 120_000 }, () => {
  it(`not by \`npm run services\` on an empty ${kind}`, async () => {
    expect(await staffAfterBoot({})).toBe(0);
  });

  it("never with NODE_ENV=production, even when asked", async () => {
    // (A production instance migrates only when told to; told, it still never seeds.)
    expect(await staffAfterBoot({ SEED_DEMO: "true", NODE_ENV: "production", MIGRATE_ON_START: "true", PAYMENT_STAND_IN: "allow" })).toBe(0);
  });

  if (serverUrl)
    it("never into a PostgreSQL server by a start, even when `npm start` asks for it (`npm run db:seed` seeds one on purpose)", async () => {
      expect(await staffAfterBoot({ SEED_DEMO: "true" })).toBe(0);
    });
  else
    it("when `npm start` asks for it (SEED_DEMO=true)", async () => {
      expect(await staffAfterBoot({ SEED_DEMO: "true" })).toBeGreaterThan(10);
    });
});
