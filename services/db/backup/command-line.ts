import { resolve } from "node:path";
import type { ServiceConfig } from "../../config";
import { cliConfig } from "../cli-env";

/**
 * The one argument of `npm run db:backup` and `npm run db:restore`, the configuration, and the command's
 * lines: printed when it succeeds; on any failure one line of why and exit code 1, never a stack trace.
 */
export function runBackupCommand(usage: string, help: string, work: (config: ServiceConfig, file: string) => Promise<string[]>): void {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(`${usage}\n${help}`);
    return;
  }
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith("-")) {
    console.error(usage);
    process.exit(1);
  }
  Promise.resolve()
    .then(() => cliConfig())
    .then((config) => work(config, resolve(file)))
    .then((lines) => console.log(lines.join("\n")))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
