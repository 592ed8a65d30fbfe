import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { lgea, refreshToken, roleAccess } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, randomId, roleRow, staffRow } from "../../test/helpers";

describe("switching organisation and district", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
  });
  afterAll(() => api.close());

  const me = (token: string) => api.call("GET", "/auth/me", { token });
  const liveSessionsOf = async (staffId: string) =>
    (
      await api.db
        .select({ familyId: refreshToken.familyId })
        .from(refreshToken)
        .where(and(eq(refreshToken.staffId, staffId), isNull(refreshToken.revokedAt)))
    ).length;

  describe("GET /staff/switch-role-access/{id}", () => {
    it("issues tokens for an LGEA the staff member holds a role in, ends the old session, and refresh keeps the LGEA", async () => {
      const person = await staffRow(api, "funmilayo.ogunleye@example.org");
      const [area] = await api.db.select().from(lgea).where(eq(lgea.districtId, d1));
      if (!area) throw new Error("district 1 has no LGEA");
      const supervisor = await roleRow(api, d1, "School Supervisor");
      const [grant] = await api.db
        .insert(roleAccess)
        .values({ staffId: person.id, districtId: d1, organizationType: "LGEA", organizationId: area.id, roleId: supervisor.id })
        .returning();
      if (!grant) throw new Error("grant insert failed");
      const before = await api.login(person.email, demoPasswords.staff);
      expect(before.currentOrganization).toMatchObject({ id: area.id, type: "LGEA" });
      // A second grant, in the district itself, to switch to.
      const records = await roleRow(api, d1, "Records Officer");
      const [districtGrant] = await api.db
        .insert(roleAccess)
        .values({ staffId: person.id, districtId: d1, organizationType: "District", organizationId: d1, roleId: records.id })
        .returning();
      if (!districtGrant) throw new Error("grant insert failed");

      const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${districtGrant.id}`, { token: before.authorizationToken }));
      expect(switched.currentOrganization).toEqual({ id: d1, name: "Education District I", type: "District" });
      expect(switched.authorizationToken).not.toBe(before.authorizationToken);
      expect(switched.permissions).toEqual([...records.operations].sort());
      // The old session is over: its access token and its refresh token no longer work.
      await expectError(await me(before.authorizationToken), 452, authMessages.sessionExpired);
      await expectError(await api.call("POST", "/token/refresh-token", { body: { refreshToken: before.refreshToken } }), 452, authMessages.sessionExpired);
      expect(await liveSessionsOf(person.id)).toBe(1);

      const back = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${grant.id}`, { token: switched.authorizationToken }));
      expect(back.currentOrganization).toMatchObject({ id: area.id, type: "LGEA" });
      const refreshed = await expectOk<AuthResult>(await api.call("POST", "/token/refresh-token", { body: { refreshToken: back.refreshToken } }));
      expect(refreshed.currentOrganization).toMatchObject({ id: area.id, type: "LGEA" });
    });

    it("answers 404 for another staff member's role access and for an unknown id, and keeps the session", async () => {
      const [othersGrant] = await api.db.select().from(roleAccess).where(eq(roleAccess.staffId, admin2.staff.id));
      if (!othersGrant) throw new Error("admin 2 has no grant");
      const session = await api.loginAdmin(1);
      await expectError(
        await api.call("GET", `/staff/switch-role-access/${othersGrant.id}`, { token: session.authorizationToken }),
        404,
        authMessages.notFound,
      );
      await expectError(await api.call("GET", `/staff/switch-role-access/${randomId()}`, { token: session.authorizationToken }), 404, authMessages.notFound);
      await expectError(
        await api.call("GET", "/staff/switch-role-access/not-an-id", { token: session.authorizationToken }),
        400,
        "Validation failed: Please ensure all fields are filled correctly.",
      );
      expect((await me(session.authorizationToken)).status).toBe(200);
      expect((await api.call("GET", `/staff/switch-role-access/${randomId()}`)).status).toBe(401);
    });
  });

  describe("POST /super-admin/switch-district", () => {
    it("gives a super administrator tokens for another district, whose records they then work on", async () => {
      const superAdmin = await api.loginSuperAdmin();
      const switched = await expectOk<AuthResult>(
        await api.call("POST", "/super-admin/switch-district", { token: superAdmin.authorizationToken, body: { districtId: d2 } }),
      );
      expect(switched.staff.district).toMatchObject({ id: d2, name: "Education District II" });
      expect(switched.currentOrganization).toEqual({ id: d2, name: "Education District II", type: "District" });
      const dashboard = await api.call("GET", `/district/get-dashboard-information/${d2}`, { token: switched.authorizationToken });
      expect(dashboard.status).toBe(200);
      await expectError(await me(superAdmin.authorizationToken), 452, authMessages.sessionExpired);
      const refreshed = await expectOk<AuthResult>(await api.call("POST", "/token/refresh-token", { body: { refreshToken: switched.refreshToken } }));
      expect(refreshed.staff.district.id).toBe(d2);
    });

    it("refuses district staff (403) and an unknown district (404); validates the body", async () => {
      await expectError(
        await api.call("POST", "/super-admin/switch-district", { token: admin1.authorizationToken, body: { districtId: d2 } }),
        403,
        authMessages.forbidden,
      );
      const superAdmin = await api.loginSuperAdmin();
      await expectError(
        await api.call("POST", "/super-admin/switch-district", { token: superAdmin.authorizationToken, body: { districtId: randomId() } }),
        404,
        authMessages.notFound,
      );
      const invalid = await expectError(
        await api.call("POST", "/super-admin/switch-district", { token: superAdmin.authorizationToken, body: {} }),
        400,
        "Validation failed: Please ensure all fields are filled correctly.",
      );
      expect(invalid.issues).toEqual([{ path: "districtId", message: "Choose a district." }]);
      expect((await me(superAdmin.authorizationToken)).status).toBe(200);
    });
  });
});
