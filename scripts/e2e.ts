import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Runs the Playwright suite in a system Chromium. A clean CI machine (root, no browser) gets Debian's
 * chromium; elsewhere without one, Playwright's own browser is installed.
 */
function ensureBrowser() {
  if (existsSync("/usr/bin/chromium") || existsSync("/usr/bin/chromium-browser")) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("[e2e] installing Debian's chromium…");
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
        : update;
    if (install.status === 0 && existsSync("/usr/bin/chromium")) return;
  }
  console.log("[e2e] no system Chromium: installing Playwright's browser…");
  spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"], { stdio: "inherit" });
}

ensureBrowser();
const result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
