import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", "scratch/**", ".data/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file opens its own database; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
