import { bootDatabase } from "../boot";
import { cliConfig, fail } from "./cli-env";

/** `npm run db:migrate`: applies the committed migrations and the permission catalogue; seeds nothing. */
const config = cliConfig();
bootDatabase(config, { seedEmbedded: false })
  .then(async (database) => {
    console.log(`Migrations applied to the ${database.kind === "embedded" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL server"}.`);
    await database.close();
  })
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
