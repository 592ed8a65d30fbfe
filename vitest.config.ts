import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

const serverUrl = process.env.TEST_DATABASE_URL;

// deploy/: the release build behind a load balancer, run apart (npm run test:deploy, vitest.deploy.config.ts).
const excluded = ["node_modules/**", ".next/**", "e2e/**", "deploy/**", "scratch/**", ".data/**", "dist/**"];
/** Tests of the portal's code, and the one script test that replaces modules (vi.resetModules). */
const isolatedFiles = ["lib/**/*.test.ts", "components/**/*.test.ts", "proxy.test.ts", "scripts/e2e-remote-teardown.test.ts"];
const apiTests = {
  include: ["**/*.test.ts"],
  isolate: false,
  // Migrates and seeds one database per run and project, which each test file's database is a copy of.
  globalSetup: ["services/test/seeded-template.ts"],
};

export default defineConfig({
  resolve: { alias: { "@": resolve(import.meta.dirname) } },
  test: {
    exclude: excluded,
    environment: "node",
    // In-process APIs log an access line per request: only warnings and errors reach the test output.
    env: { LOG_LEVEL: "warn" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file opens its own database; two cores, so keep the pool small.
    maxWorkers: 2,
    projects: [
      // The portal's own code (the browser's and the BFF's), each file in a fresh module graph: these replace
      // modules with mocks and stub globals. No seeded template: the one file here with a test API seeds its own.
      { extends: true, test: { name: "unit", include: isolatedFiles, env: { TEST_DATABASE_URL: "" } } },
      // The APIs and scripts on embedded PGlite, always. The files of a worker share their modules instead of
      // importing the APIs' whole graph again for each file (a third less CPU for the run), so a test file
      // leaves no module state behind: timers real again, spies restored, watchers stopped.
      { extends: true, test: { name: "pglite", ...apiTests, exclude: [...excluded, ...isolatedFiles], env: { TEST_DATABASE_URL: "" } } },
      // The API tests once more on a PostgreSQL server, when one is named.
      ...(serverUrl ? [{ extends: true as const, test: { name: "postgres", ...apiTests, dir: "services", env: { TEST_DATABASE_URL: serverUrl } } }] : []),
    ],
  },
});
