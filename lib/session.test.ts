import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

async function sessionModule(vars: Record<string, string>) {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", randomBytes(32).toString("base64url"));
  vi.stubEnv("INTERNAL_SECRET", randomBytes(32).toString("base64url"));
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  return import("./session");
}

afterEach(() => vi.unstubAllEnvs());

describe("the session cookie", () => {
  it("is named __Host- and Secure when the portal is served over https", async () => {
    const session = await sessionModule({ PORTAL_URL: "https://portal.example.org" });
    expect(session.sessionCookieName()).toBe("__Host-portal_session");
    expect(session.sessionCookieOptions()).toMatchObject({ secure: true, path: "/", httpOnly: true, sameSite: "lax" });
    expect(session.sessionCookieOptions()).not.toHaveProperty("domain");
  });

  it("keeps its plain name over http (a LAN address or localhost), where __Host- cookies are refused", async () => {
    const session = await sessionModule({ PORTAL_URL: "http://192.168.1.10:3000" });
    expect(session.sessionCookieName()).toBe("portal_session");
    expect(session.sessionCookieOptions().secure).toBe(false);
  });
});
