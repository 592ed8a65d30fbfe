import { expect, test as base, type Page } from "@playwright/test";
import { demoPasswords, demoSecondFactorSecret } from "../../services/db/demo-data";
import { billingApiUrl, districtApiUrl, mailboxUrl } from "./ports";
import { waitForHydrationOnNavigation } from "./hydrated";
import { codeFor, finishSignIn } from "./second-factor";
import { target } from "./target";

/**
 * A sign-in of the run: the demo's on the suite's own stack; on a deployment, E2E_<NAME>_EMAIL and
 * E2E_<NAME>_PASSWORD (README 'Testing against a deployment'), and a test needing one not given is skipped.
 * E2E_<NAME>_TOTP_SECRET: the account's two-step sign-in secret, when it has one (the demo's: its published secret).
 */
function account(name: string, demo: Account): Account {
  if (!target.remote) return demo;
  const email = process.env[`E2E_${name}_EMAIL`];
  const password = process.env[`E2E_${name}_PASSWORD`];
  if (!email || !password) test.skip(true, `needs E2E_${name}_EMAIL and E2E_${name}_PASSWORD`);
  return { email: email ?? "", password: password ?? "", totpSecret: process.env[`E2E_${name}_TOTP_SECRET`] || undefined };
}

export const accounts = {
  get superAdmin() {
    return account("SUPER_ADMIN", { email: "superadmin@example.org", password: demoPasswords.superAdmin, totpSecret: demoSecondFactorSecret });
  },
  /** A district administrator, and one of another district. */
  get admin1() {
    return account("ADMIN1", { email: "admin.ed1@example.org", password: demoPasswords.admin, totpSecret: demoSecondFactorSecret });
  },
  get admin2() {
    return account("ADMIN2", { email: "admin.ed2@example.org", password: demoPasswords.admin, totpSecret: demoSecondFactorSecret });
  },
  /** Staff with no role; each test that changes an account uses its own. The demo's only: skipped on a deployment. */
  teacher: (email: string) => {
    if (target.remote) test.skip(true, "uses the demo's staff accounts");
    return { email, password: demoPasswords.staff };
  },
};

/** `totpSecret`: the account has two-step sign-in on, and the suite computes its codes from this. */
export type Account = { email: string; password: string; totpSecret?: string };

/** Signs in by filling the sign-in page, for the tests about that page and what follows it (`next`, a new password). */
export async function signInThroughForm(page: Page, account: Account, path = "/login") {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await passSecondStep(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** After the sign-in page's button, for an account with two-step sign-in on: the code page, given the app's code. */
export async function passSecondStep(page: Page, account: Account) {
  const code = codeFor(account.totpSecret);
  if (!code) return;
  await page.waitForURL((url) => url.pathname === "/login/code");
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** The address of an API for arranging a test's state; on a deployment whose API was not given, the test is skipped. */
function apiUrl(url: string | null, variable: string): string {
  if (url === null) test.skip(true, `arranges its data through the API: set ${variable}`);
  return url ?? "";
}

/** Signs in to the district API directly (not through the portal), for arranging a test's state. */
export async function apiToken(account: Account): Promise<string> {
  const api = apiUrl(districtApiUrl, "E2E_DISTRICT_API_URL");
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${api}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`API sign-in failed for ${account.email} at ${path}: ${response.status}`);
    return (await response.json()) as { authorizationToken: string; secondFactor?: "code" | "enrol"; challenge?: string; secret?: string };
  };
  const answer = await post("/auth/login", { identifier: account.email, password: account.password, code: codeFor(account.totpSecret) });
  if (answer.secondFactor !== "enrol") return answer.authorizationToken;
  // Someone who has just become a super administrator or an owner sets two-step sign-in up at this sign-in; the test
  // keeps their secret for the next.
  const { secret = "" } = await post("/auth/second-factor/enrolment", { challenge: answer.challenge });
  account.totpSecret = secret;
  return (await post("/auth/second-factor/enrolment/confirm", { challenge: answer.challenge, code: codeFor(secret) })).authorizationToken;
}

/** The billing API directly, with a bearer token (or, for the result-processing endpoint, any headers). */
export async function billingApi(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${apiUrl(billingApiUrl, "E2E_BILLING_API_URL")}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
}

export async function districtApi(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${apiUrl(districtApiUrl, "E2E_DISTRICT_API_URL")}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** A raw message without quoted-printable soft line breaks, so a long line reads whole. */
export const unfolded = (raw: string) => raw.replace(/=\r?\n/g, "");

/** The newest 6-digit code (a reset code, an e-mail confirmation) e-mailed to an address, read from the SMTP sink. */
export async function latestMailedCode(email: string, after: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const messages = (await (await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as { raw: string; receivedAt: number }[];
    const fresh = messages.filter((m) => m.receivedAt >= after).at(-1);
    const code = fresh && / is (\d{6})\./.exec(unfolded(fresh.raw))?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code reached ${email}`);
}

/**
 * Signs `account` in through the portal's sign-in endpoint (no UI; a new session each time, since a
 * session shared between tests would be revoked by refresh-token rotation under the suite's 6-second
 * tokens) and opens the page the portal lands them on, or `next`. `page` defaults to the test's page.
 */
export type SignIn = (account: Account, options?: { page?: Page; next?: string }) => Promise<void>;

export const test = base.extend<{ signIn: SignIn }, { hydratedNavigations: void }>({
  // Every navigation waits for the page's hydration as well as its `load` (support/hydrated.ts).
  hydratedNavigations: [
    async ({ browser }, provide) => {
      await waitForHydrationOnNavigation(browser);
      await provide();
    },
    { scope: "worker", auto: true },
  ],
  // Playwright's fixture callback, named so that the React hooks lint does not take it for React's `use`.
  signIn: async ({ page }, provide) => {
    await provide(async (account, options = {}) => {
      const target = options.page ?? page;
      const response = await target.request.post("/api/auth/login", { data: { email: account.email, password: account.password, next: options.next } });
      if (!response.ok()) throw new Error(`sign-in of ${account.email} failed: ${response.status()} ${await response.text()}`);
      const answer = (await response.json()) as { secondFactor?: "code" | "enrol"; redirectTo: string };
      await target.goto(await finishSignIn(target.request, answer, account, { next: options.next }));
    });
  },
});
export { expect };
