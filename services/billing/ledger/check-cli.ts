import { bootDatabase } from "../../boot";
import { cliConfig, fail } from "../../db/cli-env";
import { formatNaira } from "../../../lib/contract/billing-values";
import { ledgerInvariantBreaches } from "./invariant";

/**
 * `npm run billing:check`: every wallet's balance against the sum of its ledger (architecture 'Billing').
 * Exits 1, naming each wallet that disagrees, so a scheduler or an operator sees it at once. Stop the APIs
 * first when the database is the embedded one (one process per data folder).
 */
const config = cliConfig();
bootDatabase(config, { seedEmbedded: false })
  .then(async (database) => {
    const breaches = await ledgerInvariantBreaches(database.db);
    await database.close();
    if (breaches.length > 0)
      fail(breaches.map((b) => `district ${b.districtId}: balance ${formatNaira(b.balance)}, ledger sums to ${formatNaira(b.sumOfEntries)}`).join("\n"));
    console.log("Every wallet's balance equals the sum of its ledger.");
  })
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
