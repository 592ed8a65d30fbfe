import { existsSync } from "node:fs";
import { startStack } from "./stack";

/** `npm start`: the whole product on this machine. `--dev` runs the portal with hot reload. */
async function main() {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const started = Date.now();
  const stack = await startStack({ dev: process.argv.includes("--dev") });
  // The APIs print the demo's sign-ins themselves, loudly, whenever its published passwords still work.
  const lines = [
    "",
    `  District portal ready at ${stack.portalUrl}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    "",
    "  Press Ctrl+C to stop.",
  ];
  console.log(lines.join("\n"));
  const shutdown = () => void stack.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  const code = await stack.exited;
  await stack.stop();
  process.exit(code);
}

main().catch((error) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
