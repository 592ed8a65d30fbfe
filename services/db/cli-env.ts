import { existsSync } from "node:fs";
import { loadServiceConfig, type ServiceConfig } from "../config";

/**
 * Configuration for the database commands, which need the database settings but not the API secrets:
 * placeholders stand in for secrets the command never uses.
 */
export function cliConfig(): ServiceConfig {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const placeholder = "unused-by-database-commands-unused-by-database-commands";
  return loadServiceConfig({ JWT_SECRET: placeholder, INTERNAL_SECRET: placeholder, ...process.env });
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
