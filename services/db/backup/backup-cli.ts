import { resolve } from "node:path";
import { backupEmbedded } from "./backup-embedded";
import { backupServer } from "./backup-server";
import { runBackupCommand } from "./command-line";

/** `npm run db:backup -- <file>`: the configured database, images included, into one file (README 'Backups'). */
runBackupCommand(
  "Usage: npm run db:backup -- <file>",
  "Embedded database (DATA_DIR): stop the product first; the file is PGlite's archive of the data folder.\n" +
    "PostgreSQL (DATABASE_URL): pg_dump's custom format, taken while the product runs.",
  (config, file) => (config.DATABASE_URL ? backupServer(config.DATABASE_URL, file) : backupEmbedded(resolve(config.DATA_DIR), file)),
);
