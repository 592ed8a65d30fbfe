import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const NAMES = ["JWT_SECRET", "SESSION_SECRET", "INTERNAL_SECRET"] as const;
export type Secrets = Record<(typeof NAMES)[number], string>;

/**
 * Secrets from the environment when set; otherwise made once and kept in a file beside the data
 * folder (mode 600, ignored by git), so a demo needs no setup and sessions survive a restart.
 */
export function loadOrCreateSecrets(file: string, env: NodeJS.ProcessEnv): Secrets {
  const stored: Partial<Secrets> = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>) : {};
  let changed = false;
  const secrets = {} as Secrets;
  for (const name of NAMES) {
    const value = env[name] || stored[name];
    if (value) secrets[name] = value;
    else {
      secrets[name] = stored[name] = randomBytes(32).toString("base64url");
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return secrets;
}
