import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { loadServiceConfig, type ServiceConfig } from "../config";

/**
 * Configuration for the database commands, which need the database settings but not the API secrets:
 * random values stand in for secrets the command never uses.
 */
export function cliConfig(): ServiceConfig {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const unused = randomBytes(32).toString("base64url");
  // They send no mail and take no payments either, so production's SMTP_URL and live-key requirements do not apply to them.
  return loadServiceConfig({ JWT_SECRET: unused, INTERNAL_SECRET: unused, SMTP_URL: "smtp://unused.invalid", PAYMENT_STAND_IN: "allow", ...process.env });
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
