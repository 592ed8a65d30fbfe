import { resolve } from "node:path";
import type { ServiceConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { syncPermissionCatalogue } from "./db/catalogue";
import { isEmpty, seedDemo } from "./db/seed";

/**
 * Opens the configured database and brings it up to date: migrations, the permission catalogue, and
 * on the first start of an empty embedded database, the demo data. A PostgreSQL server is never
 * seeded here (`npm run db:seed` does that on purpose).
 */
export async function bootDatabase(config: ServiceConfig, options: { seedEmbedded?: boolean } = {}): Promise<Database & { seeded: boolean }> {
  const database = config.DATABASE_URL ? await openDatabase({ url: config.DATABASE_URL }) : await openDatabase({ dataDir: resolve(config.DATA_DIR) });
  try {
    await database.migrate();
    await syncPermissionCatalogue(database.db);
    let seeded = false;
    if (database.kind === "embedded" && (options.seedEmbedded ?? true) && (await isEmpty(database.db))) {
      await seedDemo(database.db);
      seeded = true;
    }
    return { ...database, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}
