import { resolve } from "node:path";
import type { ServiceConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { syncPermissionCatalogue } from "./db/catalogue";
import { isEmpty, seedDemo } from "./db/seed";

/**
 * Opens the configured database and brings it up to date: migrations, the permission catalogue, and
 * the demo data into an empty embedded database when asked (SEED_DEMO=true: `npm start` asks; never
 * with NODE_ENV=production). A PostgreSQL server is never seeded here (`npm run db:seed` does that on purpose).
 */
export async function bootDatabase(
  config: ServiceConfig,
  options: { seedEmbedded?: boolean; prepared?: boolean } = {},
): Promise<Database & { seeded: boolean }> {
  const database = config.DATABASE_URL ? await openDatabase({ url: config.DATABASE_URL }) : await openDatabase({ dataDir: resolve(config.DATA_DIR) });
  // A worker of several opens a database its primary has already brought up to date.
  if (options.prepared) return { ...database, seeded: false };
  try {
    await database.migrate();
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
