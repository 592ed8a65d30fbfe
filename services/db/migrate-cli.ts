import { bootDatabase } from "../boot";
import { cliConfig, fail } from "./cli-env";

/**
 * `npm run db:migrate`, the release step: applies the committed migrations (under the migration lock) and
 * the permission catalogue, whatever MIGRATE_ON_START says; seeds nothing.
 */
const config = cliConfig();
bootDatabase(config, { seedEmbedded: false, migrate: true })
  .then(async (database) => {
    console.log(`Migrations applied to the ${database.kind === "embedded" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL server"}.`);
    await database.close();
  })
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
