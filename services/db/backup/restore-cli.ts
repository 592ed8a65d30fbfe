import { resolve } from "node:path";
import { runBackupCommand } from "./command-line";
import { restoreEmbedded } from "./restore-embedded";
import { restoreServer } from "./restore-server";

/** `npm run db:restore -- <file>`: a backup of `npm run db:backup` into an empty database (README 'Backups'). */
runBackupCommand(
  "Usage: npm run db:restore -- <file>",
  "Embedded database: restores into DATA_DIR, which must be empty or not exist (move the old folder aside).\n" +
    "PostgreSQL: restores into the database of DATABASE_URL, which must be empty (create a new one).",
  (config, file) => (config.DATABASE_URL ? restoreServer(config.DATABASE_URL, file) : restoreEmbedded(resolve(config.DATA_DIR), file)),
);
