import type { Browser, BrowserContext, Page } from "@playwright/test";
import { routes } from "../../lib/routes";
import { COMPILE_HINT } from "../../scripts/compile-hints";
import { demoPasswords, demoSecondFactorSecret } from "../../services/db/demo-data";
import { hydrated } from "./hydrated";
import { finishSignIn } from "./second-factor";

type Account = { email: string; password: string; totpSecret?: string };
export const admin: Account = { email: "admin.ed1@example.org", password: demoPasswords.admin, totpSecret: demoSecondFactorSecret };
const superAdmin: Account = { email: "superadmin@example.org", password: demoPasswords.superAdmin, totpSecret: demoSecondFactorSecret };

export type RouteName = keyof typeof routes;

/** Compressed script a guest page may load on a cold visit, and a signed-in page (architecture 'Performance'). */
export const GUEST_BUDGET_KB = 165;
export const SIGNED_IN_BUDGET_KB = 210;
/** Less compressed script than any cold load of a page transfers (the lightest, the stand-in's checkout, is about 120 KB). */
export const COLD_LOAD_FLOOR_KB = 60;
/** Pages whose budget is raised, each with its reason (also written in the README). */
export const raisedBudgets: Partial<Record<RouteName, { kb: number; reason: string }>> = {
  register: {
    kb: 210,
    reason:
      "a guest page that carries the signed-in pages' staff form (react-hook-form, the query cache for the reference data and the username check, the date, place and phone fields): the signed-in budget",
  },
};

/** Who opens each page: nobody for the guest pages, the super administrator for theirs, a district administrator for the rest. */
const guestPages: RouteName[] = ["login", "signInCode", "signInEnrolment", "forgotPassword", "updatePasswordOtp", "register"];
const superAdminPages: RouteName[] = ["superAdmin", "switchDistrict", "apiKeys", "reconciliation"];
/** Not a page one stays on: it signs out and leaves. */
const notMeasured: RouteName[] = ["logout"];

export type MeasuredPage = { name: RouteName; path: string; account: Account | null; budgetKb: number };

/** Real ids for the deep routes, read through the portal as the district administrator would. */
export type DeepIds = { editSchool: string; editRole: string; staffRecordOf: string; studentRecordOf: string; standInCheckoutOf: string };

/**
 * Every page route of lib/routes.ts with who opens it and its budget. A new route with an id has to
 * be given one here, so that no page escapes the budget.
 */
export function measuredPages(ids: DeepIds): MeasuredPage[] {
  return (Object.entries(routes) as [RouteName, string | ((id: string) => string)][])
    .filter(([name]) => !notMeasured.includes(name))
    .map(([name, route]) => {
      let path: string;
      if (typeof route === "string") path = route;
      else if (name in ids) path = route(ids[name as keyof DeepIds]);
      else throw new Error(`routes.${name} takes an id: give the script budget a real one (e2e/support/script-weight.ts, DeepIds).`);
      const guest = guestPages.includes(name);
      const budgetKb = raisedBudgets[name]?.kb ?? (guest ? GUEST_BUDGET_KB : SIGNED_IN_BUDGET_KB);
      return { name, path, account: guest ? null : superAdminPages.includes(name) ? superAdmin : admin, budgetKb };
    });
}

/** Signs `context` in as `account` (the password, then the app's code): once per account and run. */
export async function signIn(context: BrowserContext, portal: string, account: Account) {
  const signedIn = await context.request.post("/api/auth/login", { data: { email: account.email, password: account.password }, headers: { origin: portal } });
  if (!signedIn.ok()) throw new Error(`sign-in of ${account.email} failed: ${signedIn.status()}`);
  await finishSignIn(context.request, (await signedIn.json()) as { redirectTo: string }, account, { headers: { origin: portal } });
}

/**
 * The deep routes' ids: the first school of the administrator's district, the first of its roles, of its
 * staff and of its pupils, and the reference of a new ₦100 payment link (the provider stand-in's checkout).
 */
async function readDeepIds(context: BrowserContext, portal: string): Promise<DeepIds> {
  const me = (await (await context.request.get("/api/district/auth/me")).json()) as { currentOrganization: { id: string } };
  const schools = (await (await context.request.get("/api/district/school/search?limit=1")).json()) as { foundSchools: { id: string }[] };
  const roles = (await (await context.request.get(`/api/district/role/get-roles-for-organization/${me.currentOrganization.id}`)).json()) as {
    roles: { id: string }[];
  };
  const staff = (await (await context.request.get("/api/district/staff/search?limit=1")).json()) as { foundStaffs: { id: string }[] };
  const students = (await (await context.request.get("/api/district/student/search?limit=1")).json()) as { foundStudents: { id: string }[] };
  const link = await context.request.post("/api/billing/wallet/payment-link", { data: { amount: 10_000 }, headers: { origin: portal } });
  const standInCheckoutOf = ((await link.json()) as { reference?: string }).reference;
  if (!link.ok() || !standInCheckoutOf) throw new Error(`no payment link for the stand-in's checkout: ${link.status()}`);
  const editSchool = schools.foundSchools[0]?.id;
  const editRole = roles.roles[0]?.id;
  const staffRecordOf = staff.foundStaffs[0]?.id;
  const studentRecordOf = students.foundStudents[0]?.id;
  if (!editSchool || !editRole || !staffRecordOf || !studentRecordOf) throw new Error("the demo district has no school, role, staff member or pupil to open");
  return { editSchool, editRole, staffRecordOf, studentRecordOf, standInCheckoutOf };
}

export type Weighed = {
  kb: number;
  status: number;
  /** How many times the document carries the portal's stylesheet (in the style element and in React's payload). */
  stylesheets: number;
  /** Whether the portal's stylesheet applies: the body has the palette's background. */
  styled: boolean;
  /** The page's script chunks that do not begin with the compile hint (scripts/compile-hints.ts). */
  unhinted: string[];
  /** Each script the load transferred and its compressed bytes, to say what a page that weighs too little loaded. */
  scripts: string[];
};

type LoadedScript = { path: string; bytes: number; hinted: boolean };

/** A rule only the portal's stylesheet (app/globals.css) has, to count its copies in a document. */
const stylesheetMarker = ".hatched{";

/** How long the network stays quiet before a load counts as finished (as Playwright's `networkidle`). */
const QUIET_MS = 500;

/**
 * Counts a tab's requests in flight from before its navigation. `quiet()` waits until the page has
 * hydrated and then gone `QUIET_MS` without a request in flight. The portal adds a page's chunks after
 * its first frame (scripts/paint-first.ts), so `load`, and with it `networkidle`, can come before they are
 * even asked for: on a loaded machine, pages were weighed with only their loader's 1.8 KB. Hydration needs
 * every chunk the document names; the quiet spell lets those the page asks for as it starts arrive too.
 */
function watchNetwork(tab: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => () => {
    inFlight += by;
    lastChange = Date.now();
  };
  const began = change(1);
  const ended = change(-1);
  tab.on("request", began);
  tab.on("requestfinished", ended);
  tab.on("requestfailed", ended);
  return {
    async quiet() {
      await hydrated(tab);
      const deadline = Date.now() + 30_000;
      while (inFlight > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`${tab.url()}: the network was not quiet for ${QUIET_MS} ms within 30 s of hydration`);
        await new Promise((wait) => setTimeout(wait, 50));
      }
    },
  };
}

export type ScriptMeter = {
  /** The deep routes' ids, read as the district administrator. */
  deepIds: () => Promise<DeepIds>;
  /** The portal's own script a cold load of the page transfers, compressed, the page's status and its stylesheet. */
  weigh: (page: MeasuredPage) => Promise<Weighed>;
  close: () => Promise<void>;
};

/**
 * Weighs pages of the production build as a cold load: one browser context per account (a guest's, the
 * administrator's, the super administrator's), signed in once and kept open, so the session's cookie follows
 * every refresh the portal makes (the suite's access tokens live seconds and a refresh token is used once:
 * a session is never copied between contexts). Each page is a new tab with the browser's cache turned off
 * (Chromium's Network.setCacheDisabled), so every script is fetched as on a first visit. Only the portal's
 * own scripts count: third-party ones (the maps service) do not.
 */
export function openScriptMeter(browser: Browser, portal: string): ScriptMeter {
  const contexts = new Map<string, Promise<BrowserContext>>();
  const contextFor = (account: Account | null) => {
    const key = account?.email ?? "guest";
    let context = contexts.get(key);
    if (!context) {
      context = browser.newContext({ baseURL: portal }).then(async (opened) => {
        if (account) await signIn(opened, portal, account);
        return opened;
      });
      contexts.set(key, context);
    }
    return context;
  };
  return {
    deepIds: async () => readDeepIds(await contextFor(admin), portal),
    weigh: async (page) => {
      const tab = await (await contextFor(page.account)).newPage();
      // Only what arrives while the load is measured counts. A chunk the page asks for later (after the
      // network went quiet) may answer after the tab has closed: its body is then never read, rather than
      // read from a closed tab (a rejection nobody awaits, which ends the test).
      let measuring = true;
      try {
        const devtools = await tab.context().newCDPSession(tab);
        await devtools.send("Network.enable");
        await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
        const scripts: Promise<LoadedScript>[] = [];
        tab.on("response", (response) => {
          const request = response.request();
          const url = new URL(response.url());
          if (!measuring || request.resourceType() !== "script" || url.origin !== portal) return;
          const chunk = url.pathname.startsWith("/_next/static/chunks/");
          scripts.push(
            Promise.all([request.sizes(), chunk ? response.text() : undefined]).then(([sizes, body]) => ({
              path: url.pathname,
              bytes: sizes.responseBodySize,
              hinted: body === undefined || body.startsWith(COMPILE_HINT),
            })),
          );
        });
        const network = watchNetwork(tab);
        const answer = await tab.goto(page.path);
        await network.quiet();
        measuring = false;
        const loaded = await Promise.all(scripts);
        const html = (await answer?.text()) ?? "";
        const styled = await tab.evaluate(() => getComputedStyle(document.body).backgroundColor !== "rgba(0, 0, 0, 0)");
        return {
          kb: loaded.reduce((sum, s) => sum + s.bytes, 0) / 1024,
          status: answer?.status() ?? 0,
          stylesheets: html.split(stylesheetMarker).length - 1,
          styled,
          unhinted: loaded.filter((s) => !s.hinted).map((s) => s.path),
          scripts: loaded.map((s) => `${s.path} ${s.bytes} B`),
        };
      } finally {
        measuring = false;
        await tab.close();
      }
    },
    close: async () => {
      const opened = await Promise.allSettled(contexts.values());
      contexts.clear();
      await Promise.all(opened.map((c) => (c.status === "fulfilled" ? c.value.close() : undefined)));
    },
  };
}

/** The deep routes' ids, in a context of their own (for a caller that weighs nothing). */
export async function deepIds(browser: Browser, portal: string): Promise<DeepIds> {
  const meter = openScriptMeter(browser, portal);
  try {
    return await meter.deepIds();
  } finally {
    await meter.close();
  }
}
