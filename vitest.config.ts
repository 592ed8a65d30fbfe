import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

const serverUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { alias: { "@": resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    // deploy/: the release build behind a load balancer, run apart (npm run test:deploy, vitest.deploy.config.ts).
    exclude: ["node_modules/**", ".next/**", "e2e/**", "deploy/**", "scratch/**", ".data/**", "dist/**"],
    environment: "node",
    // In-process APIs log an access line per request: only warnings and errors reach the test output.
    env: { LOG_LEVEL: "warn" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file opens its own database; two cores, so keep the pool small.
    maxWorkers: 2,
    // Migrates and seeds one database per run and project, which each test file's database is a copy of.
    globalSetup: ["services/test/seeded-template.ts"],
    projects: [
      // Everything on embedded PGlite, always.
      { extends: true, test: { name: "pglite", env: { TEST_DATABASE_URL: "" } } },
      // The API tests once more on a PostgreSQL server, when one is named.
      ...(serverUrl ? [{ extends: true as const, test: { name: "postgres", dir: "services", env: { TEST_DATABASE_URL: serverUrl } } }] : []),
    ],
  },
});
