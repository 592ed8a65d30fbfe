import { existsSync } from "node:fs";
import { demoPasswords, demoDistricts, demoSuperAdmin } from "../services/db/demo-data";
import { startStack } from "./stack";

/** `npm start`: the whole product on this machine. `--dev` runs the portal with hot reload. */
async function main() {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const started = Date.now();
  const stack = await startStack({ dev: process.argv.includes("--dev") });
  const lines = ["", `  District portal ready at ${stack.portalUrl}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`];
  if (stack.embedded) {
    lines.push(
      "",
      "  Demo sign-ins (demo data only; never use these passwords anywhere real):",
      `    super administrator   ${demoSuperAdmin.email}  /  ${demoPasswords.superAdmin}`,
      ...demoDistricts.map((d) => `    ${d.name} admin   ${d.admin.email}  /  ${demoPasswords.admin}`),
      "",
      "  Press Ctrl+C to stop.",
    );
  }
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
