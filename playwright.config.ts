import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { mailboxUrl, portalUrl } from "./e2e/support/ports";

// Debian's Chromium when installed (CI installs it); otherwise Playwright's own browser.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const launchOptions = {
  executablePath: systemChromium,
  // This machine has no network beyond loopback: keep Chromium from calling home.
  args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

export default defineConfig({
  testDir: "e2e",
  globalTeardown: "./e2e/support/global-teardown.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { baseURL: portalUrl, trace: "retain-on-failure", launchOptions },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "phone-360", use: { ...devices["Desktop Chrome"], viewport: { width: 360, height: 740 }, isMobile: false, launchOptions }, grep: /@phone/ },
  ],
  webServer: {
    command: "node --import tsx e2e/support/stack-server.ts",
    // Answers once the portal and both APIs are up (the portal alone is ready first).
    url: `${mailboxUrl}/ready`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
