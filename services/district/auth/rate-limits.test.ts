import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { CLIENT_IP_HEADER, INTERNAL_SECRET_HEADER } from "../../auth/client-ip";
import { hashToken } from "../../auth/tokens";
import { demoPasswords } from "../../db/demo-data";
import { rateLimit } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";

const adminEmail = "admin.ed1@example.org";

describe("login rate limits", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ LOGIN_LIMIT_PER_ACCOUNT: 3, LOGIN_LIMIT_PER_IP: 5 });
  });
  afterAll(() => api.close());

  const trusted = (ip: string) => ({ [CLIENT_IP_HEADER]: ip, [INTERNAL_SECRET_HEADER]: api.config.INTERNAL_SECRET });
  const login = (identifier: string, password: string, headers: Record<string, string>) =>
    api.call("POST", "/auth/login", { body: { identifier, password }, headers });
  const ipKeys = async () => api.db.select().from(rateLimit).where(like(rateLimit.key, "login:ip:%"));

  it("locks an account after LOGIN_LIMIT_PER_ACCOUNT failures, even for the right password", async () => {
    const headers = trusted("10.0.0.1");
    for (let i = 0; i < 3; i++) await expectError(await login("admin.ed2@example.org", "Wrong#Pass1", headers), 401, authMessages.invalidCredentials);
    const locked = await expectError(await login("admin.ed2@example.org", demoPasswords.admin, headers), 429, authMessages.tooManyAttempts);
    expect(locked.code).toBe("rate_limited");
    // The identifier is normalised, so changing its case does not escape the limit.
    await expectError(await login("ADMIN.ED2@example.org", demoPasswords.admin, trusted("10.0.0.2")), 429, authMessages.tooManyAttempts);
    // Another account from the same address still signs in.
    await expectOk<AuthResult>(await login(adminEmail, demoPasswords.admin, headers));
  });

  it("limits one forwarded client address across accounts when the BFF's secret vouches for it", async () => {
    const headers = trusted("10.0.0.9");
    const accounts = ["babatunde.adeyemi", "chiamaka.nwosu", "ibrahim.bello", "funmilayo.ogunleye", "emeka.eze"];
    for (const name of accounts) await expectError(await login(`${name}@example.org`, "Wrong#Pass1", headers), 401, authMessages.invalidCredentials);
    await expectError(await login("halima.sani@example.org", demoPasswords.staff, headers), 429, authMessages.tooManyAttempts);
    const [row] = (await ipKeys()).filter((r) => r.key === "login:ip:10.0.0.9");
    expect(row?.count).toBe(5);
    // Another forwarded address is counted on its own.
    await expectOk<AuthResult>(await login("halima.sani@example.org", demoPasswords.staff, trusted("10.0.0.10")));
  });

  it("does not trust a forwarded address without the right secret", async () => {
    const before = new Set((await ipKeys()).map((r) => r.key));
    const accounts = ["tunde.bakare", "ngozi.obi", "yetunde.lawal", "olumide.fashola", "aisha.yusuf"];
    for (const [i, name] of accounts.entries()) {
      const headers: Record<string, string> = { [CLIENT_IP_HEADER]: `10.0.1.${i}` };
      if (i % 2 === 1) headers[INTERNAL_SECRET_HEADER] = "not-the-internal-secret-not-the-internal-secret";
      await expectError(await login(`${name}@example.org`, "Wrong#Pass1", headers), 401, authMessages.invalidCredentials);
    }
    // A sixth claimed address does not reset the count: the real (non-forwarded) address is limited.
    await expectError(await login("kelechi.okeke@example.org", demoPasswords.staff, { [CLIENT_IP_HEADER]: "10.0.1.99" }), 429, authMessages.tooManyAttempts);

    const after = await ipKeys();
    expect(after.filter((r) => r.key.includes("10.0.1."))).toEqual([]);
    const added = after.filter((r) => !before.has(r.key));
    expect(added).toHaveLength(1);
    expect(added[0]?.count).toBe(5);
  });

  it("cannot be outrun by parallel attempts on one account", async () => {
    const email = "segun.afolabi@example.org";
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => login(email, "Wrong#Pass1", trusted(`10.0.2.${i}`))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    await expectError(await login(email, demoPasswords.staff, trusted("10.0.2.100")), 429, authMessages.tooManyAttempts);
  });

  it("keeps the counters of failed attempts only, keyed without the identifier in clear", async () => {
    const keys = (await api.db.select({ key: rateLimit.key }).from(rateLimit).where(like(rateLimit.key, "login:account:%"))).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toContain("@");
    // admin.ed1 only ever signed in successfully here: each sign-in took its counted attempt back.
    const [admin] = await api.db
      .select()
      .from(rateLimit)
      .where(eq(rateLimit.key, `login:account:${hashToken(adminEmail)}`));
    expect(admin?.count ?? 0).toBe(0);
  });
});
