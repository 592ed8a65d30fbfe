import { spawn, spawnSync } from "node:child_process";
import { demoPasswords, demoSecondFactorSecret } from "../services/db/demo-data";
import { mailboxUrl, portalUrl } from "../e2e/support/ports";

/**
 * Proves the suite's run against a deployment (README 'Testing against a deployment') in CI without doubling
 * its time: starts a stack apart from the suite, as QA's staging would be, then runs the tests tagged @smoke
 * against it through E2E_BASE_URL with sign-ins from E2E_* variables, read-only (no E2E_ALLOW_WRITES).
 */
// On the embedded database, as `npm start` runs (the suite's own stack is on the test server when there is one).
const stack = spawn(process.execPath, ["--import", "tsx", "e2e/support/stack-server.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, E2E_EMBEDDED: "true" },
});
const stopped = new Promise((done) => stack.once("exit", done));

async function ready(deadline: number) {
  while (Date.now() < deadline) {
    if (stack.exitCode !== null) throw new Error(`the stack exited (${stack.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${mailboxUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error("the stack was not ready within 10 minutes");
}

let status = 1;
try {
  await ready(Date.now() + 600_000);
  const env = {
    ...process.env,
    E2E_BASE_URL: portalUrl,
    E2E_ADMIN1_EMAIL: "admin.ed1@example.org",
    E2E_ADMIN1_PASSWORD: demoPasswords.admin,
    E2E_ADMIN2_EMAIL: "admin.ed2@example.org",
    E2E_ADMIN2_PASSWORD: demoPasswords.admin,
    E2E_SUPER_ADMIN_EMAIL: "superadmin@example.org",
    E2E_SUPER_ADMIN_PASSWORD: demoPasswords.superAdmin,
    // The three have two-step sign-in on with the demo's published secret: the suite computes their codes.
    E2E_ADMIN1_TOTP_SECRET: demoSecondFactorSecret,
    E2E_ADMIN2_TOTP_SECRET: demoSecondFactorSecret,
    E2E_SUPER_ADMIN_TOTP_SECRET: demoSecondFactorSecret,
    E2E_REPORT_DIR: "e2e-report/smoke",
  };
  status =
    spawnSync(process.execPath, ["--import", "tsx", "scripts/e2e.ts", "--grep", "@smoke", ...process.argv.slice(2)], { stdio: "inherit", env }).status ?? 1;
} catch (error) {
  console.error("[e2e-smoke]", error instanceof Error ? error.message : error);
} finally {
  stack.kill("SIGTERM");
  await stopped;
}
process.exit(status);
