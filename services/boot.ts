import { resolve } from "node:path";
import type { ServiceConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { syncPermissionCatalogue } from "./db/catalogue";
import { isEmpty, seedDemo } from "./db/seed";
import { logFor } from "./observability/log";

/** Whether a start migrates: MIGRATE_ON_START when set, else everywhere but NODE_ENV=production. */
export const migratesOnStart = (config: ServiceConfig) => (config.MIGRATE_ON_START ?? (config.NODE_ENV === "production" ? "false" : "true")) === "true";

/**
 * Opens the configured database and brings it up to date: migrations (under the migration lock, so
 * instances starting together take turns), the permission catalogue, and the demo data into an empty
 * embedded database when asked (SEED_DEMO=true: `npm start` asks; never with NODE_ENV=production). A
 * PostgreSQL server is never seeded here (`npm run db:seed` does that on purpose). An instance that does
 * not migrate (production: migrating is the release step) refuses a schema older than its code.
 */
export async function bootDatabase(
  config: ServiceConfig,
  options: { seedEmbedded?: boolean; prepared?: boolean; migrate?: boolean } = {},
): Promise<Database & { seeded: boolean }> {
  const database = config.DATABASE_URL
    ? await openDatabase({
        url: config.DATABASE_URL,
        pool: {
          max: config.DATABASE_POOL_MAX,
          idleTimeoutSeconds: config.DATABASE_IDLE_TIMEOUT_SECONDS,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          prepare: config.DATABASE_PREPARE === "true",
        },
      })
    : await openDatabase({ dataDir: resolve(config.DATA_DIR) });
  // A worker of several opens a database its primary has already brought up to date.
  if (options.prepared) return { ...database, seeded: false };
  try {
    if (!(options.migrate ?? migratesOnStart(config))) {
      const status = await database.schemaStatus();
      if (status.behind)
        throw new Error(
          `The database schema is older than this release (${status.applied} of its ${status.expected} migrations applied): ` +
            "run `npm run db:migrate` (the release step) first, or start with MIGRATE_ON_START=true. Not starting.",
        );
      return { ...database, seeded: false };
    }
    const applied = await database.migrate();
    if (applied.length > 0) logFor("services").info({ migrations: applied }, `migrations applied: ${applied.join(", ")}`);
    await syncPermissionCatalogue(database.db);
    let seeded = false;
    const asked = config.SEED_DEMO === "true" && config.NODE_ENV !== "production" && (options.seedEmbedded ?? true);
    if (database.kind === "embedded" && asked && (await isEmpty(database.db))) {
      await seedDemo(database.db);
      seeded = true;
    }
    return { ...database, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}
