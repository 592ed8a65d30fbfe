import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { routes } from "../lib/routes";
import { demoPasswords } from "../services/db/demo-data";
import { startStack } from "../scripts/stack";

/**
 * The portal's own script transferred (compressed, as the browser receives it) on a cold load of each
 * page of the production build: a fresh browser context per page, so nothing comes from the cache.
 * Signed-in pages as a district administrator, the super-admin pages as the super administrator, and
 * the deep pages with real ids. Third-party scripts (the maps service) are not counted.
 */
type Account = { email: string; password: string };
const admin: Account = { email: "admin.ed1@example.org", password: demoPasswords.admin };
const superAdmin: Account = { email: "superadmin@example.org", password: demoPasswords.superAdmin };

async function scriptBytes(browser: Browser, portal: string, path: string, account: Account | null): Promise<{ kb: number; status: number }> {
  const context = await browser.newContext({ baseURL: portal });
  try {
    if (account) {
      const signedIn = await context.request.post("/api/auth/login", { data: account, headers: { origin: portal } });
      if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()}`);
    }
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on("response", (response) => {
      const request = response.request();
      if (request.resourceType() === "script" && new URL(response.url()).origin === portal) sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    const answer = await page.goto(path, { waitUntil: "networkidle" });
    const bytes = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
    return { kb: bytes / 1024, status: answer?.status() ?? 0 };
  } finally {
    await context.close();
  }
}

export async function benchPageWeight() {
  const root = mkdtempSync(join(tmpdir(), "portal-weight-"));
  const ports = { PORT: "3800", DISTRICT_API_PORT: "4800", BILLING_API_PORT: "4900" };
  const stack = await startStack({ env: { DATA_DIR: join(root, "db"), ...ports, LOG_MAIL: "false" }, quiet: true });
  const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  const browser = await chromium.launch({ executablePath });
  try {
    const portal = `http://localhost:${ports.PORT}`;
    // Real ids for the deep pages, read through the portal as the administrator would.
    const context = await browser.newContext({ baseURL: portal });
    await context.request.post("/api/auth/login", { data: admin, headers: { origin: portal } });
    const me = (await (await context.request.get("/api/district/auth/me")).json()) as { currentOrganization: { id: string } };
    const schools = (await (await context.request.get("/api/district/school/search?limit=1")).json()) as { foundSchools: { id: string }[] };
    const roles = (await (await context.request.get(`/api/district/role/get-roles-for-organization/${me.currentOrganization.id}`)).json()) as {
      roles: { id: string }[];
    };
    await context.close();

    const pages: [string, Account | null][] = [
      [routes.login, null],
      [routes.forgotPassword, null],
      [routes.updatePasswordOtp, null],
      [routes.dashboard, admin],
      [routes.profile, admin],
      [routes.districtProfile, admin],
      [routes.administration, admin],
      [routes.schoolManagement, admin],
      [routes.editSchool(schools.foundSchools[0]?.id ?? ""), admin],
      [routes.permissionManagement, admin],
      [routes.createRole, admin],
      [routes.editRole(roles.roles[0]?.id ?? ""), admin],
      [routes.superAdmin, superAdmin],
      [routes.switchDistrict, superAdmin],
    ];
    console.log("Script transferred on a cold load (compressed, the portal's own):");
    for (const [path, account] of pages) {
      const { kb, status } = await scriptBytes(browser, portal, path, account);
      console.log(`  ${path.padEnd(72)} ${kb.toFixed(1).padStart(6)} KB${status === 200 ? "" : `  (status ${status})`}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
