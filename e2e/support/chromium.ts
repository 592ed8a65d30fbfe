import { existsSync } from "node:fs";

/**
 * Debian's Chromium when installed (CI installs it); otherwise undefined, for Playwright's own browser. Its headless
 * shell first: without the full browser's GPU process and compositor, a run took a sixth less CPU and wall time on
 * two cores.
 */
export const systemChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
