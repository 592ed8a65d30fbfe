import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

type Modules = { proxy: typeof import("./proxy").proxy; session: typeof import("./lib/session") };
let modules: Modules;

beforeAll(async () => {
  vi.stubEnv("SESSION_SECRET", randomBytes(32).toString("base64url"));
  vi.stubEnv("INTERNAL_SECRET", randomBytes(32).toString("base64url"));
  vi.resetModules();
  modules = { proxy: (await import("./proxy")).proxy, session: await import("./lib/session") };
});
afterAll(() => vi.unstubAllEnvs());

/** A page request as the browser sends it, with a session cookie whose token has most of its life left. */
async function pageRequest(path: string, signedIn: { isSuperAdmin: boolean } | null) {
  const headers = new Headers();
  if (signedIn) {
    const cookie = await modules.session.sealSession({
      accessToken: "access",
      refreshToken: "refresh",
      accessExpiresAt: Date.now() + 10 * 60_000,
      accessLifetimeMs: 10 * 60_000,
      staffId: "00000000-0000-4000-8000-000000000001",
      isSuperAdmin: signedIn.isSuperAdmin,
    });
    headers.set("cookie", `${modules.session.sessionCookieName()}=${cookie}`);
  }
  return new NextRequest(`http://localhost:3000${path}`, { headers });
}

const redirectOf = (response: Response) => {
  const location = response.headers.get("location");
  return location ? new URL(location).pathname : null;
};

describe("proxy.ts: the route guard", () => {
  it("sends every signed-in user who opens a guest-only page to /dashboard (spec §2), a super administrator too", async () => {
    for (const isSuperAdmin of [false, true]) {
      for (const path of ["/login", "/login?next=%2Fadministration", "/password/forgot", "/password/update-password-otp/", "/register"]) {
        const response = await modules.proxy(await pageRequest(path, { isSuperAdmin }));
        expect(response.status, `${path} (super administrator: ${isSuperAdmin})`).toBe(307);
        expect(redirectOf(response), `${path} (super administrator: ${isSuperAdmin})`).toBe("/dashboard");
      }
    }
  });

  it("lets a guest open the guest-only pages and sends them from any other page to /login, remembering it", async () => {
    for (const path of ["/login", "/password/forgot", "/register"]) {
      const response = await modules.proxy(await pageRequest(path, null));
      expect(response.headers.get("location"), path).toBeNull();
      expect(response.headers.get("x-middleware-next"), path).toBe("1");
    }
    const response = await modules.proxy(await pageRequest("/administration/school-management?page=2", null));
    const target = new URL(response.headers.get("location") ?? "");
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("next")).toBe("/administration/school-management?page=2");
    expect(redirectOf(await modules.proxy(await pageRequest("/", null)))).toBe("/login");
  });

  it("lets a signed-in user through to other pages, / included (it decides by role itself)", async () => {
    for (const isSuperAdmin of [false, true]) {
      for (const path of ["/", "/dashboard", "/super-admin"]) {
        const response = await modules.proxy(await pageRequest(path, { isSuperAdmin }));
        expect(response.headers.get("location"), path).toBeNull();
        expect(response.headers.get("x-middleware-next"), path).toBe("1");
      }
    }
  });
});
