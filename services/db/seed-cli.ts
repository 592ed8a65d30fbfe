import { bootDatabase } from "../boot";
import { cliConfig, fail } from "./cli-env";
import { isEmpty, seedDemo } from "./seed";

/** `npm run db:seed`: the demo data, on purpose, into an empty database (embedded or a server). */
const config = cliConfig();
bootDatabase(config, { seedEmbedded: false })
  .then(async (database) => {
    if (!(await isEmpty(database.db))) {
      await database.close();
      fail("The database already holds data; the demo is only seeded into an empty database.");
    }
    await seedDemo(database.db);
    console.log("Demo data seeded. The demo passwords are listed in the README (demo only).");
    await database.close();
  })
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
