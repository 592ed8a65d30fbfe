import { bootDatabase } from "../boot";
import { cliConfig, fail } from "../db/cli-env";
import { housekeepingLine, runHousekeeping } from "./housekeeping";

/** `npm run housekeeping`: one run now, with the retention variables of the environment; safe while the APIs run. */
const config = cliConfig();
bootDatabase(config, { seedEmbedded: false, migrate: false })
  .then(async (database) => {
    const result = await runHousekeeping(database.db, config);
    console.log(housekeepingLine(result));
    await database.close();
  })
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
