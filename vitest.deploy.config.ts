import { defineConfig } from "vitest/config";

/**
 * `npm run test:deploy`: the release build behind a real load balancer (deploy/*.test.ts), after the
 * build it needs (deploy/build-setup.ts). Apart from the unit suites: it runs the build the browser
 * suite made, so it comes after it in `npm test`.
 */
export default defineConfig({
  test: {
    include: ["deploy/**/*.test.ts"],
    environment: "node",
    testTimeout: 600_000,
    hookTimeout: 600_000,
    globalSetup: ["deploy/build-setup.ts"],
  },
});
