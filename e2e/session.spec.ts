import { ACCESS_TOKEN_TTL_SECONDS } from "./support/ports";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";

const JWT = /eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/;

test.describe("session", () => {
  test("an expired access token is refreshed, by the BFF on a call and by the guard on a page load @stack", async ({ page, context, signIn }) => {
    await signIn(accounts.admin1);
    const first = (await context.cookies()).find((c) => c.name === "portal_session")?.value;
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);

    // A client call with an expired token: the API answers 451, the BFF refreshes once and retries.
    const status = await page.evaluate(async () => (await fetch("/api/district/auth/me")).status);
    expect(status).toBe(200);
    const second = (await context.cookies()).find((c) => c.name === "portal_session")?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Mrs Adaeze Okafor")).toBeVisible();
  });

  test("concurrent calls after expiry share one refresh and all succeed @stack", async ({ page, signIn }) => {
    await signIn(accounts.admin2);
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const statuses = await page.evaluate(async () => Promise.all(Array.from({ length: 6 }, () => fetch("/api/district/auth/me").then((r) => r.status))));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a suspended account is logged out (452) on its next call and page @demo @writes", async ({ page, signIn }) => {
    const victim = accounts.teacher("tunde.bakare@example.org");
    const admin = await apiToken(accounts.admin1);
    const me = await (await districtApi("GET", "/auth/me", await apiToken(victim))).json();
    // The page's own first call (the bell's count) done before the suspension, so the test's call is the first after it.
    const bellAsked = page.waitForResponse((r) => r.url().includes("/api/district/notifications/unread-count"));
    await signIn(victim);
    await bellAsked;

    expect((await districtApi("PATCH", `/staff/account-status/${me.staff.id}`, admin, { accountStatus: "Suspended" })).status).toBe(200);
    try {
      const answer = await page.evaluate(async () => {
        const r = await fetch("/api/district/auth/me");
        return { status: r.status, body: await r.json() };
      });
      expect(answer.status).toBe(452);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/login/);
    } finally {
      await districtApi("PATCH", `/staff/account-status/${me.staff.id}`, admin, { accountStatus: "Active" });
    }
  });

  test("a tampered session cookie counts as signed out", async ({ page, context, signIn }) => {
    await signIn(accounts.admin1);
    const cookie = (await context.cookies()).find((c) => c.name === "portal_session");
    expect(cookie).toBeDefined();
    await context.clearCookies();
    await context.addCookies([{ ...(cookie as NonNullable<typeof cookie>), value: `${cookie?.value.slice(0, -4)}AAAA` }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });

  test("no token is readable by page script or present in any response @phone", async ({ page, signIn }) => {
    const leaks: string[] = [];
    page.on("response", async (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (!/json|html|text|javascript|x-component/.test(type)) return;
      const body = await response.text().catch(() => "");
      if (JWT.test(body) || /"(authorizationToken|refreshToken)"/.test(body)) leaks.push(response.url());
    });
    await signIn(accounts.admin1);
    await page.evaluate(() => fetch("/api/district/auth/me").then((r) => r.text()));
    await page.reload();
    const visible = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
    }));
    expect(visible.cookie).not.toContain("portal_session");
    expect(`${visible.cookie}${visible.local}${visible.session}`).not.toMatch(JWT);
    expect(leaks).toEqual([]);
    const cookie = (await page.context().cookies()).find((c) => c.name === "portal_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
  });
});

test.describe("BFF boundary", () => {
  test("a mutating request from a foreign origin is refused @writes", async ({ page, request, signIn }) => {
    await signIn(accounts.admin1);
    const cookieHeader = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const me = await (await request.get("/api/district/auth/me", { headers: { cookie: cookieHeader } })).json();
    const target = (await request.get("/api/district/auth/me", { headers: { cookie: cookieHeader } })).status();
    expect(target).toBe(200);
    const foreign = await request.patch(`/api/district/staff/account-status/${me.staff.id}`, {
      headers: { cookie: cookieHeader, origin: "http://evil.example" },
      data: { accountStatus: "Suspended" },
    });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).message).toBe("Request refused: it did not come from this portal.");
    const login = await request.post("/api/auth/login", { headers: { origin: "http://evil.example" }, data: accounts.admin1 });
    expect(login.status()).toBe(403);
    // The session still works: nothing happened to the account.
    expect((await request.get("/api/district/auth/me", { headers: { cookie: cookieHeader } })).status()).toBe(200);
  });

  test("the catch-all never exposes the API's calls that answer with tokens", async ({ page, request, signIn }) => {
    await signIn(accounts.admin1);
    const cookieHeader = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const origin = new URL(page.url()).origin;
    const someId = "00000000-0000-4000-8000-000000000000";
    for (const path of ["auth/login", "token/refresh-token", "auth/logout", "reset-code/a%40b.c", "staff/reset-password", "super-admin/switch-district"]) {
      const response = await request.post(`/api/district/${path}`, { headers: { cookie: cookieHeader, origin }, data: {} });
      expect(response.status(), path).toBe(404);
    }
    expect((await request.get(`/api/district/staff/switch-role-access/${someId}`, { headers: { cookie: cookieHeader } })).status()).toBe(404);
  });

  test("calls without a session get 401 and bad JSON gets a clear 400", async ({ request }) => {
    const anonymous = await request.get("/api/district/auth/me");
    expect(anonymous.status()).toBe(401);
    expect((await anonymous.json()).message).toBe("You are not signed in.");
    const bad = await request.post("/api/auth/login", { headers: { "content-type": "application/json" }, data: "{not json" });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).not.toMatch(/at \w+ \(|node_modules/);
  });
});
