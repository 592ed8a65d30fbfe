import { defineConfig, devices } from "@playwright/test";
import { mailboxUrl, portalUrl } from "./e2e/support/ports";
import { systemChromium } from "./e2e/support/chromium";
import { leftOutTags, runPrefix, target } from "./e2e/support/target";

const launchOptions = {
  executablePath: systemChromium,
  // This machine has no network beyond loopback: keep Chromium from calling home.
  args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

// Made here, before the workers start, so every worker names its records with the same prefix.
runPrefix();
const leftOut = leftOutTags();

/** The suite's own stack (e2e/support/stack-server.ts), unless it runs against a deployment (E2E_BASE_URL). */
const ownStack = {
  globalTeardown: "./e2e/support/global-teardown.ts",
  webServer: {
    command: "node --import tsx e2e/support/stack-server.ts",
    // Answers once the portal and both APIs are up (the portal alone is ready first).
    url: `${mailboxUrl}/ready`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    // Sent to the whole process group, portal and APIs too: SIGINT, as Ctrl+C, drains them at once, where SIGTERM would
    // have them serve SHUTDOWN_GRACE_MS more for a load balancer that is not there.
    gracefulShutdown: { signal: "SIGINT" as const, timeout: 20_000 },
  },
};

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Four workers on two cores: a test waits for the portal and the APIs as much as it drives the browser, and
  // with fewer the cores stood idle (7.3 min with two, 6.2 with three; later, on a larger suite and a prebuilt
  // portal, 6.4 min with three, the machine 90 % busy, and 5.4 with four). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || 4,
  retries: process.env.CI ? 1 : 0,
  // Playwright's HTML report, with the screenshot and trace of each failure, in e2e-report/ (README 'Testing').
  reporter: [["list"], ["html", { outputFolder: process.env.E2E_REPORT_DIR || "e2e-report", open: "never" }]],
  // The trace keeps its DOM snapshots but not the screencast: capturing frames cost the browser a sixth of the
  // suite's time, and the failure's own screenshot is still taken. In CI, where a failed test is run once more,
  // only that second run is traced: recording every test's snapshots cost the suite a sixteenth of its CPU.
  use: {
    baseURL: portalUrl,
    trace: process.env.CI ? { mode: "on-first-retry", screenshots: false } : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions,
  },
  ...(leftOut.length > 0 ? { grepInvert: new RegExp(leftOut.join("|")) } : {}),
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "phone-360", use: { ...devices["Desktop Chrome"], viewport: { width: 360, height: 740 }, isMobile: false, launchOptions }, grep: /@phone/ },
  ],
  // Against a deployment, a writing run removes what the product lets it of its own records afterwards.
  ...(target.remote ? (target.writes ? { globalTeardown: "./e2e/support/remote-teardown.ts" } : {}) : ownStack),
});
