import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const random = () => randomBytes(32).toString("base64url");

/** The portal's env() as a fresh start with these variables would parse them. */
async function portalEnv(vars: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  const { env } = await import("./env");
  return env();
}

afterEach(() => vi.unstubAllEnvs());

describe("the portal's configuration refuses unsafe defaults", () => {
  it("refuses .env.example's placeholder session secret and low-entropy ones", async () => {
    await expect(portalEnv({ SESSION_SECRET: "change-me-to-a-long-random-value-for-the-session-cookie", INTERNAL_SECRET: random() })).rejects.toThrow(
      /SESSION_SECRET/,
    );
    await expect(portalEnv({ SESSION_SECRET: "x".repeat(64), INTERNAL_SECRET: random() })).rejects.toThrow(/SESSION_SECRET/);
    await expect(portalEnv({ SESSION_SECRET: random(), INTERNAL_SECRET: "change-me-to-a-long-random-value-shared-by-portal-and-apis" })).rejects.toThrow(
      /INTERNAL_SECRET/,
    );
  });

  it("accepts random secrets", async () => {
    const parsed = await portalEnv({ SESSION_SECRET: random(), INTERNAL_SECRET: random() });
    expect(parsed.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });
});
