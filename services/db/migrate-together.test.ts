import { spawn } from "node:child_process";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { startApiProcess, type ApiProcess } from "../test/api-process";
import { serverArgs } from "../test/server-bundle";
import { freshServerDatabase } from "../test/server-database";
import { openDatabase } from "./client";
import { readMigrations } from "./migrator";
import { fileURLToPath } from "node:url";

/**
 * Migrations as a release step, on the PostgreSQL server of TEST_DATABASE_URL (several processes on one
 * embedded database cannot be): instances that start together on an empty database take turns under the
 * migration lock, and one in production refuses a schema older than its code until `npm run db:migrate`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** What the schema is made of, in an order that does not depend on how it was built. */
async function schemaOf(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return {
      columns:
        await sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' order by 1, 2`,
      indexes: await sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`,
      constraints:
        await sql`select conname, pg_get_constraintdef(oid) as definition from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
      triggers: await sql`select tgname from pg_trigger where not tgisinternal order by 1`,
      migrations: await sql`select hash, created_at::bigint as "when" from drizzle.__drizzle_migrations order by created_at`,
    };
  } finally {
    await sql.end();
  }
}

const migrateCli = (env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((done) => {
    const variables: Record<string, string> = { PATH: process.env.PATH ?? "", ...env };
    const child = spawn(process.execPath, serverArgs("db-migrate"), { env: variables as NodeJS.ProcessEnv });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("exit", (code) => done({ code, output }));
  });

describe.skipIf(!serverUrl)("migrations as a release step", () => {
  it("four instances started at once on an empty database: one migrates, all come up, the schema is exactly the committed one", async () => {
    const fleet = await freshServerDatabase(serverUrl ?? "", "portal_fleet");
    const reference = await freshServerDatabase(serverUrl ?? "", "portal_reference");
    let apis: ApiProcess[] = [];
    try {
      const started = await Promise.allSettled([1, 2, 3, 4].map(() => startApiProcess({ DATABASE_URL: fleet.url, MIGRATE_ON_START: "true" })));
      apis = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "up"))).toEqual(["up", "up", "up", "up"]);
      expect(apis.filter((a) => a.output().includes("migrations applied"))).toHaveLength(1);

      const alone = await openDatabase({ url: reference.url });
      await alone.migrate();
      await alone.close();
      const [together, single] = [await schemaOf(fleet.url), await schemaOf(reference.url)];
      expect(together).toEqual(single);
      expect(together.migrations.map((m) => ({ hash: m.hash, when: Number(m.when) }))).toEqual(
        readMigrations(migrationsFolder).map((m) => ({ hash: m.hash, when: m.when })),
      );
    } finally {
      await Promise.all(apis.map((a) => a.stop()));
      await fleet.drop();
      await reference.drop();
    }
  }, 180_000);

  it("in production an instance refuses a schema older than its code, naming the release step, and starts once it has run", async () => {
    const database = await freshServerDatabase(serverUrl ?? "", "portal_release");
    const production = { DATABASE_URL: database.url, NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9", PAYMENT_STAND_IN: "allow" };
    let apis: ApiProcess | undefined;
    try {
      await expect(startApiProcess(production)).rejects.toThrow(/older than this release \(0 of its \d+ migrations applied\): run `npm run db:migrate`/);
      const migrated = await migrateCli({ DATABASE_URL: database.url, NODE_ENV: "production" });
      expect(migrated.code, migrated.output).toBe(0);
      apis = await startApiProcess(production);
      expect(apis.output()).not.toContain("migrations applied");
      expect((await fetch(`${apis.districtUrl}/readyz`)).status).toBe(200);
    } finally {
      await apis?.stop();
      await database.drop();
    }
  }, 180_000);
});
