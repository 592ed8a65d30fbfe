import "server-only";
import { parsePortalEnv, type PortalEnv } from "./env-schema";

let parsed: PortalEnv | undefined;

/** The portal's server environment (lib/env-schema.ts), parsed once; nothing else in the portal reads process.env. */
export function env() {
  if (parsed) return parsed;
  const result = parsePortalEnv(process.env);
  if (!result.ok) throw new Error(`Invalid portal configuration:\n${result.problems.map((p) => `  ${p}`).join("\n")}`);
  parsed = result.env;
  return parsed;
}
