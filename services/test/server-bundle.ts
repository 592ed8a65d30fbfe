import { join } from "node:path";
import { inject } from "vitest";
import { SERVER_ENTRIES } from "../../scripts/release-build";

export type ServerEntry = keyof typeof SERVER_ENTRIES;

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's release bundle of the servers and commands (scripts/release-build.ts), made by its global setup. */
    serverBundle: string;
  }
}

function runBundle(): string | undefined {
  try {
    return inject("serverBundle");
  } catch {
    return undefined; // not in a Vitest run (bench/)
  }
}

/**
 * Node's arguments for one of the servers or commands as a test's process: the run's release bundle of it, as
 * production runs it, or its source under tsx outside a run with one. From the bundle the APIs are ready 1.5 s
 * sooner on 2.9 s less CPU (`npm run bench api-start`: 2.7 s and 4.1 s of CPU against 4.2 s and 7.0 s, two
 * cores), and a run of the API tests starts about twenty such processes.
 */
export function serverArgs(entry: ServerEntry): string[] {
  const bundle = runBundle();
  return bundle ? [join(bundle, `${entry}.mjs`)] : ["--import", "tsx", SERVER_ENTRIES[entry]];
}
