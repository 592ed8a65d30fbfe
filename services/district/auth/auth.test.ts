import { eq } from "drizzle-orm";
import { Jwt } from "hono/utils/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage, fieldMessages } from "../../../lib/contract/messages";
import { allOperations } from "../../../lib/contract/permissions";
import type { AuthResult, SignedInUser } from "../../../lib/contract/user";
import { hashToken } from "../../auth/tokens";
import { demoPasswords } from "../../db/demo-data";
import { refreshToken, staff } from "../../db/schema";
import { testServiceConfig } from "../../config";
import type { Api } from "../../http/api";
import { createTestApi, type TestApi } from "../../test/harness";
import { createDistrictApi } from "../app";
import { expectError, expectOk, staffRow } from "../../test/helpers";
import { demoCode } from "../../test/sign-in";

const adminEmail = "admin.ed1@example.org";

/** The same token with one character in the middle of its signature changed. */
function tamper(token: string): string {
  const parts = token.split(".");
  const signature = parts[2] ?? "";
  const i = Math.floor(signature.length / 2);
  const flipped = signature[i] === "A" ? "B" : "A";
  return [parts[0], parts[1], signature.slice(0, i) + flipped + signature.slice(i + 1)].join(".");
}

/** A correctly signed access token whose lifetime ended a minute ago. */
async function expiredToken(api: TestApi, user: AuthResult, secret = api.config.JWT_SECRET) {
  const now = Math.floor(Date.now() / 1000);
  const { fid } = Jwt.decode(user.authorizationToken).payload as { fid: string };
  const claims = { sub: user.staff.id, did: user.staff.district.id, oid: user.currentOrganization.id, fid, typ: "access", iat: now - 960, exp: now - 60 };
  return Jwt.sign(claims, secret, "HS256");
}

const refreshRow = async (api: TestApi, raw: string) => {
  const [row] = await api.db
    .select()
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashToken(raw)));
  if (!row) throw new Error("refresh token not stored");
  return row;
};

describe("district API auth", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ MAX_JSON_BODY_BYTES: 1000 });
  });
  afterAll(() => api.close());

  describe("POST /auth/login", () => {
    it("signs in by e-mail with tokens, the staff profile, roles, requirements and permissions", async () => {
      const result = await expectOk<AuthResult>(
        await api.call("POST", "/auth/login", { body: { identifier: adminEmail, password: demoPasswords.admin, code: demoCode() } }),
      );
      expect(result.authorizationToken.split(".")).toHaveLength(3);
      expect(result.refreshToken.length).toBeGreaterThanOrEqual(32);
      expect(result.accessTokenExpiresAt).toBeGreaterThan(Date.now());

      expect(result.staff.email).toBe(adminEmail);
      expect(result.staff.isSuperAdmin).toBe(false);
      expect(result.staff.accountStatus).toBe("Active");
      expect(result.staff).not.toHaveProperty("passwordHash");
      expect(JSON.stringify(result)).not.toContain("$argon2");
      expect(result.staff.district).toEqual({ id: expect.any(String), name: "Education District I", accountStatus: "Active", logo: null });
      expect(result.staff.stateDetails.name).toBe("Lagos State");
      expect(result.staff.stateDetails.stateTerminologies).toEqual({
        district: { stateValue: "Education District", defaultValue: "District" },
        tescomNumber: { stateValue: "TESCOM Number", defaultValue: "Tescom Number" },
        oracleNumber: { stateValue: null, defaultValue: "Oracle Number" },
        subebNumber: { stateValue: null, defaultValue: "Subeb Number" },
      });

      expect(result.roleAccess).toHaveLength(1);
      expect(result.roleAccess[0]?.organization).toEqual({ id: result.staff.district.id, name: "Education District I", type: "District" });
      expect(result.roleAccess[0]?.role.name).toBe("District Administrator");
      expect(result.currentOrganization).toEqual({ id: result.staff.district.id, name: "Education District I", type: "District" });

      expect(result.missingRequirements.unSatisfiedRequirementsExist).toBe(false);
      expect(result.missingRequirements.statePortal.requirements).toHaveLength(1);
      expect(result.missingRequirements.districtPortal.requirements).toHaveLength(1);
      expect([...result.permissions].sort()).toEqual([...allOperations].sort());

      const stored = await refreshRow(api, result.refreshToken);
      expect(stored.staffId).toBe(result.staff.id);
      expect(stored.revokedAt).toBeNull();
      expect(stored.rotatedAt).toBeNull();
    });

    it("signs in by username, case-insensitively", async () => {
      const result = await expectOk<AuthResult>(
        await api.call("POST", "/auth/login", { body: { identifier: "AdminED1", password: demoPasswords.admin, code: demoCode() } }),
      );
      expect(result.staff.email).toBe(adminEmail);
      expect(result.staff.username).toBe("admined1");
    });

    it("marks the super administrator and grants every operation", async () => {
      const result = await api.loginSuperAdmin();
      expect(result.staff.isSuperAdmin).toBe(true);
      expect([...result.permissions].sort()).toEqual([...allOperations].sort());
    });

    it("answers a wrong password and an unknown user with the same 401", async () => {
      const wrong = await expectError(
        await api.call("POST", "/auth/login", { body: { identifier: adminEmail, password: "Not#ThePassword1" } }),
        401,
        authMessages.invalidCredentials,
      );
      const unknown = await expectError(
        await api.call("POST", "/auth/login", { body: { identifier: "nobody@example.org", password: "Not#ThePassword1" } }),
        401,
        authMessages.invalidCredentials,
      );
      expect(unknown).toEqual(wrong);
    });

    it("refuses malformed JSON with 400", async () => {
      await expectError(await api.call("POST", "/auth/login", { body: '{"identifier": "a@b.co", "password": ' }), 400, authMessages.malformedJson);
    });

    it("names each missing field in issues", async () => {
      const body = await expectError(await api.call("POST", "/auth/login", { body: {} }), 400, formInvalidMessage);
      expect(body.issues).toEqual(
        expect.arrayContaining([
          { path: "identifier", message: fieldMessages.required },
          { path: "password", message: fieldMessages.passwordRequired },
        ]),
      );
      const onlyPassword = await expectError(await api.call("POST", "/auth/login", { body: { identifier: adminEmail } }), 400, formInvalidMessage);
      expect(onlyPassword.issues).toEqual([{ path: "password", message: fieldMessages.passwordRequired }]);
    });

    it("refuses a body larger than MAX_JSON_BODY_BYTES with 413", async () => {
      const body = { identifier: adminEmail, password: "x".repeat(1200) };
      await expectError(await api.call("POST", "/auth/login", { body }), 413, authMessages.bodyTooLarge);
      const declared = JSON.stringify(body);
      await expectError(
        await api.call("POST", "/auth/login", { body: declared, headers: { "content-length": String(Buffer.byteLength(declared)) } }),
        413,
        authMessages.bodyTooLarge,
      );
    });

    it("refuses a suspended staff member with 403", async () => {
      const email = "ibrahim.bello@example.org";
      await api.db.update(staff).set({ accountStatus: "Suspended" }).where(eq(staff.email, email));
      await expectError(
        await api.call("POST", "/auth/login", { body: { identifier: email, password: demoPasswords.staff } }),
        403,
        authMessages.accountSuspended,
      );
      const { id } = await staffRow(api, email);
      expect(await api.db.select().from(refreshToken).where(eq(refreshToken.staffId, id))).toEqual([]);
    });

    it("sends a ResetPassword staff member to the reset flow with 403", async () => {
      const email = "funmilayo.ogunleye@example.org";
      await api.db.update(staff).set({ accountStatus: "ResetPassword" }).where(eq(staff.email, email));
      await expectError(
        await api.call("POST", "/auth/login", { body: { identifier: email, password: demoPasswords.staff } }),
        403,
        authMessages.mustResetPassword,
      );
    });
  });

  describe("GET /auth/me", () => {
    let admin: AuthResult;
    beforeAll(async () => {
      admin = await api.loginAdmin();
    });

    it("returns the signed-in user for a valid token", async () => {
      const me = await expectOk<SignedInUser>(await api.call("GET", "/auth/me", { token: admin.authorizationToken }));
      expect(me.staff.id).toBe(admin.staff.id);
      expect(me.currentOrganization.type).toBe("District");
      expect(me.permissions).toEqual(admin.permissions);
    });

    it("answers 401 without a token, with a garbage token and with a tampered one", async () => {
      await expectError(await api.call("GET", "/auth/me"), 401, authMessages.notSignedIn);
      await expectError(await api.call("GET", "/auth/me", { token: "garbage" }), 401, authMessages.notSignedIn);
      await expectError(await api.call("GET", "/auth/me", { token: tamper(admin.authorizationToken) }), 401, authMessages.notSignedIn);
      await expectError(await api.call("GET", "/auth/me", { headers: { authorization: `Basic ${admin.authorizationToken}` } }), 401, authMessages.notSignedIn);
    });

    it("answers 401 for a token signed with another secret or of another type", async () => {
      const now = Math.floor(Date.now() / 1000);
      const { fid } = Jwt.decode(admin.authorizationToken).payload as { fid: string };
      const claims = { sub: admin.staff.id, did: admin.staff.district.id, oid: admin.currentOrganization.id, fid, typ: "access", iat: now, exp: now + 600 };
      const foreign = await Jwt.sign(claims, "another-secret-another-secret-0123456789", "HS256");
      await expectError(await api.call("GET", "/auth/me", { token: foreign }), 401, authMessages.notSignedIn);
      const refreshTyped = await Jwt.sign({ ...claims, typ: "refresh" }, api.config.JWT_SECRET, "HS256");
      await expectError(await api.call("GET", "/auth/me", { token: refreshTyped }), 401, authMessages.notSignedIn);
    });

    it("answers 451 with Cache-Control: no-store for an expired token", async () => {
      const response = await api.call("GET", "/auth/me", { token: await expiredToken(api, admin) });
      expect(response.headers.get("cache-control")).toBe("no-store");
      await expectError(response, 451, authMessages.tokenExpired);
    });

    it("answers 401, not 451, for an expired token whose signature is wrong", async () => {
      await expectError(await api.call("GET", "/auth/me", { token: tamper(await expiredToken(api, admin)) }), 401, authMessages.notSignedIn);
      const foreign = await expiredToken(api, admin, "another-secret-another-secret-0123456789");
      await expectError(await api.call("GET", "/auth/me", { token: foreign }), 401, authMessages.notSignedIn);
    });

    it("answers 452 for a staff member suspended after sign-in and revokes their refresh tokens", async () => {
      const email = "emeka.eze@example.org";
      const first = await api.login(email, demoPasswords.staff);
      const second = await api.login(email, demoPasswords.staff);
      await api.db.update(staff).set({ accountStatus: "Suspended" }).where(eq(staff.id, first.staff.id));

      await expectError(await api.call("GET", "/auth/me", { token: second.authorizationToken }), 452, authMessages.accountSuspended);
      const rows = await api.db.select().from(refreshToken).where(eq(refreshToken.staffId, first.staff.id));
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.revokedAt).toBeInstanceOf(Date);
      await expectError(await api.call("POST", "/token/refresh-token", { body: { refreshToken: first.refreshToken } }), 452, authMessages.sessionExpired);
    });

    it("answers 452 when a refresh token's owner is suspended, and revokes their sessions", async () => {
      const email = "halima.sani@example.org";
      const user = await api.login(email, demoPasswords.staff);
      await api.db.update(staff).set({ accountStatus: "Suspended" }).where(eq(staff.id, user.staff.id));
      await expectError(await api.call("POST", "/token/refresh-token", { body: { refreshToken: user.refreshToken } }), 452, authMessages.accountSuspended);
      expect((await refreshRow(api, user.refreshToken)).revokedAt).toBeInstanceOf(Date);
    });
  });

  describe("POST /token/refresh-token", () => {
    const refresh = (token: string) => api.call("POST", "/token/refresh-token", { body: { refreshToken: token } });

    it("rotates: a new token pair, the user data, and the old row marked rotated", async () => {
      const user = await api.loginAdmin();
      const next = await expectOk<AuthResult>(await refresh(user.refreshToken));
      expect(next.refreshToken).not.toBe(user.refreshToken);
      expect(next.authorizationToken.split(".")).toHaveLength(3);
      expect(next.staff.id).toBe(user.staff.id);
      expect(next.permissions).toEqual(user.permissions);

      const old = await refreshRow(api, user.refreshToken);
      const successor = await refreshRow(api, next.refreshToken);
      expect(old.rotatedAt).toBeInstanceOf(Date);
      expect(old.revokedAt).toBeNull();
      expect(successor.familyId).toBe(old.familyId);
      expect(successor.rotatedAt).toBeNull();
      expect(successor.expiresAt.getTime()).toBe(old.expiresAt.getTime());

      const me = await expectOk<SignedInUser>(await api.call("GET", "/auth/me", { token: next.authorizationToken }));
      expect(me.staff.id).toBe(user.staff.id);
    });

    it("returns the same successor when the old token comes again within the grace window", async () => {
      const user = await api.loginAdmin();
      const first = await expectOk<AuthResult>(await refresh(user.refreshToken));
      const again = await expectOk<AuthResult>(await refresh(user.refreshToken));
      expect(again.refreshToken).toBe(first.refreshToken);
      const family = await api.db
        .select()
        .from(refreshToken)
        .where(eq(refreshToken.familyId, (await refreshRow(api, user.refreshToken)).familyId));
      expect(family).toHaveLength(2);
      for (const row of family) expect(row.revokedAt).toBeNull();
    });

    it("gives every one of five concurrent refreshes of one token the same successor", async () => {
      const user = await api.loginAdmin();
      const responses = await Promise.all(Array.from({ length: 5 }, () => refresh(user.refreshToken)));
      const results = await Promise.all(responses.map((r) => expectOk<AuthResult>(r)));
      expect(new Set(results.map((r) => r.refreshToken)).size).toBe(1);
      expect(results[0]?.refreshToken).not.toBe(user.refreshToken);
      const family = await api.db
        .select()
        .from(refreshToken)
        .where(eq(refreshToken.familyId, (await refreshRow(api, user.refreshToken)).familyId));
      expect(family).toHaveLength(2);
    });

    it("answers 452 for an unknown refresh token and 400 for a missing one", async () => {
      await expectError(await refresh("not-a-token-we-ever-issued"), 452, authMessages.sessionExpired);
      const body = await expectError(await api.call("POST", "/token/refresh-token", { body: {} }), 400, formInvalidMessage);
      expect(body.issues?.map((i) => i.path)).toEqual(["refreshToken"]);
    });

    it("answers 452 for an expired refresh token", async () => {
      const user = await api.loginAdmin();
      await api.db
        .update(refreshToken)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshToken.tokenHash, hashToken(user.refreshToken)));
      await expectError(await refresh(user.refreshToken), 452, authMessages.sessionExpired);
    });
  });

  describe("refresh token reuse after the grace window", () => {
    // The same database, served by an app whose grace window is one second.
    let short: Api;
    beforeAll(() => {
      short = createDistrictApi({ db: api.db, config: testServiceConfig({ REFRESH_GRACE_SECONDS: 1 }), mailer: api.mailer });
    });
    const refresh = (token: string) =>
      short.app.request("/token/refresh-token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refreshToken: token }),
      });

    it("revokes the whole family, successor included, and answers 452", async () => {
      const user = await api.loginAdmin(2);
      const next = await expectOk<AuthResult>(await refresh(user.refreshToken));
      await new Promise((resolve) => setTimeout(resolve, 1200));

      await expectError(await refresh(user.refreshToken), 452, authMessages.sessionExpired);
      await expectError(await refresh(next.refreshToken), 452, authMessages.sessionExpired);
      const family = await api.db
        .select()
        .from(refreshToken)
        .where(eq(refreshToken.familyId, (await refreshRow(api, user.refreshToken)).familyId));
      expect(family).toHaveLength(2);
      for (const row of family) expect(row.revokedAt).toBeInstanceOf(Date);

      // Another session of the same staff member is not part of the family and survives.
      const other = await api.loginAdmin(2);
      await expectOk<AuthResult>(await refresh(other.refreshToken));
    });
  });

  describe("POST /auth/logout", () => {
    it("ends the session: the refresh token and its successors give 452", async () => {
      const user = await api.loginAdmin();
      const next = await expectOk<AuthResult>(await api.call("POST", "/token/refresh-token", { body: { refreshToken: user.refreshToken } }));
      await expectOk(await api.call("POST", "/auth/logout", { body: { refreshToken: next.refreshToken } }));
      await expectError(await api.call("POST", "/token/refresh-token", { body: { refreshToken: next.refreshToken } }), 452, authMessages.sessionExpired);
      await expectError(await api.call("POST", "/token/refresh-token", { body: { refreshToken: user.refreshToken } }), 452, authMessages.sessionExpired);
      for (const raw of [user.refreshToken, next.refreshToken]) expect((await refreshRow(api, raw)).revokedAt).toBeInstanceOf(Date);
      // The access tokens of the session end with it, before their lifetime is up.
      await expectError(await api.call("GET", "/auth/me", { token: next.authorizationToken }), 452, authMessages.sessionExpired);
      await expectError(await api.call("GET", "/auth/me", { token: user.authorizationToken }), 452, authMessages.sessionExpired);
    });

    it("accepts an unknown token without revealing anything", async () => {
      await expectOk(await api.call("POST", "/auth/logout", { body: { refreshToken: "unknown-token" } }));
    });

    it("leaves other sessions of the same staff member alone", async () => {
      const kept = await api.loginAdmin();
      const ended = await api.loginAdmin();
      await expectOk(await api.call("POST", "/auth/logout", { body: { refreshToken: ended.refreshToken } }));
      await expectOk<AuthResult>(await api.call("POST", "/token/refresh-token", { body: { refreshToken: kept.refreshToken } }));
      await expectOk(await api.call("GET", "/auth/me", { token: kept.authorizationToken }));
    });
  });
});
