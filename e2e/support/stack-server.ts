import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "../../scripts/stack";
import { startMailSink } from "./mail-sink";
import { ACCESS_TOKEN_TTL_SECONDS, standInSecret, testPorts } from "./ports";
import { publicTestEnv } from "./stack-env";
import { stackDatabaseEnv, stackServerDatabase } from "./stack-database";

/**
 * Playwright's web server: the product started the way `npm start` starts it (built portal, APIs, a new
 * database seeded with the demo: embedded, or on the test server (stack-database.ts)), sending mail to a local SMTP sink.
 */
async function main() {
  const dataRoot = mkdtempSync(join(tmpdir(), "portal-e2e-"));
  const sink = await startMailSink(testPorts.smtp, testPorts.mailbox);
  const server = await stackServerDatabase("portal_e2e");
  const stack = await startStack({
    env: {
      DATA_DIR: join(dataRoot, "db"),
      ...stackDatabaseEnv(server),
      PORT: String(testPorts.portal),
      DISTRICT_API_PORT: String(testPorts.district),
      BILLING_API_PORT: String(testPorts.billing),
      SMTP_URL: `smtp://127.0.0.1:${testPorts.smtp}`,
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
      ...(standInSecret ? { PAYMENT_STAND_IN_SECRET: standInSecret } : {}),
      ...publicTestEnv,
      // Every test signs in from 127.0.0.1; the limits themselves are covered by the API tests.
      LOGIN_LIMIT_PER_IP: "100000",
      LOGIN_LIMIT_PER_ACCOUNT: "1000",
      RESET_LIMIT_PER_IP: "100000",
      RESET_LIMIT_PER_ACCOUNT: "1000",
      // Registrations arranged through the API solve their proof of presence in the test's own process: 12 bits
      // instead of 18 took the suite's workers 4 s of CPU less. The registration page's own test asks for 20.
      REGISTRATION_PROOF_BITS: "12",
    },
  });
  sink.reportRestarts(stack.restarts);
  sink.markReady();
  console.log(`[e2e] stack ready at ${stack.portalUrl}`);
  const stop = async () => {
    await stack.stop();
    await sink.stop();
    await server?.drop();
    rmSync(dataRoot, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  await stack.exited;
  await stop();
}

main().catch((error) => {
  console.error("[e2e] stack failed to start:", error);
  process.exit(1);
});
