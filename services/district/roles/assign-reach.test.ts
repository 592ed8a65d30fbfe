import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import type { AssignableOrganizations } from "../../../lib/contract/roles";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { lgea, roleAccess, school } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, staffRow } from "../../test/helpers";

/**
 * Where a role may be given: only within the giver's own reach (services/db/scope.ts). The list the edit-role
 * page offers (GET /role/assignable-organizations) and what POST /role/assign accepts are the same places.
 */
describe("giving a role where it applies", () => {
  let api: TestApi;
  let admin: AuthResult;
  let supervisor: AuthResult;
  let districtId: string;
  let roleId: string;
  const schools: { id: string; name: string; lgeaId: string | null }[] = [];
  const lgeas: { id: string; name: string; localGovernment: string }[] = [];

  const places = async (token: string) =>
    (await expectOk<AssignableOrganizations>(await api.call("GET", "/role/assignable-organizations", { token }))).organizations;

  /** Funmilayo Ogunleye (posted at Agege Senior Grammar School) given the role at `organizationId`, and working there. */
  async function workingAt(organizationId: string): Promise<string> {
    const person = await staffRow(api, "funmilayo.ogunleye@example.org");
    const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
      await api.call("POST", "/role/assign", { token: admin.authorizationToken, body: { staffId: person.id, roleId, organizationId } }),
      201,
    );
    const signedIn = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
    const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken }));
    expect(switched.currentOrganization.id).toBe(organizationId);
    return switched.authorizationToken;
  }

  beforeAll(async () => {
    api = await createTestApi();
    [admin, supervisor] = await Promise.all([api.loginAdmin(1), api.login("babatunde.adeyemi@example.org", demoPasswords.staff)]);
    districtId = admin.staff.district.id;
    schools.push(...(await api.db.select().from(school).where(eq(school.districtId, districtId))));
    lgeas.push(...(await api.db.select().from(lgea).where(eq(lgea.districtId, districtId))));
    const created = await expectOk<{ role: { id: string } }>(
      await api.call("POST", "/role/add", {
        token: admin.authorizationToken,
        body: { name: "Records of a part of the district", operations: ["role.view", "role.assign", "student.view", "staff.view"] },
      }),
      201,
    );
    roleId = created.role.id;
  });
  afterAll(() => api.close());

  const lgeaNamed = (localGovernment: string) => {
    const found = lgeas.find((l) => l.localGovernment === localGovernment);
    if (!found) throw new Error(`no LGEA for ${localGovernment}`);
    return found;
  };
  const schoolNamed = (name: string) => {
    const found = schools.find((s) => s.name === name);
    if (!found) throw new Error(`no school ${name}`);
    return found;
  };

  it("at the district: the district first, then every LGEA and every school of it, a school with its LGEA", async () => {
    const listed = await places(admin.authorizationToken);
    expect(listed[0]).toEqual({ id: districtId, name: admin.staff.district.name, type: "District", lgeaName: null });
    expect(
      listed
        .filter((o) => o.type === "LGEA")
        .map((o) => o.id)
        .sort(),
    ).toEqual(lgeas.map((l) => l.id).sort());
    expect(
      listed
        .filter((o) => o.type === "School")
        .map((o) => o.id)
        .sort(),
    ).toEqual(schools.map((s) => s.id).sort());
    const agege = schoolNamed("Agege Senior Grammar School");
    expect(listed.find((o) => o.id === agege.id)).toEqual({
      id: agege.id,
      name: agege.name,
      type: "School",
      lgeaName: lgeas.find((l) => l.id === agege.lgeaId)?.name ?? null,
    });
    // Another district's places are never offered.
    const otherDistrict = (await api.loginAdmin(2)).staff.district.id;
    expect(listed.some((o) => o.id === otherDistrict)).toBe(false);
  });

  it("is refused without role.assign, and without a token", async () => {
    await expectError(await api.call("GET", "/role/assignable-organizations", { token: supervisor.authorizationToken }), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/role/assignable-organizations", { token: "" }), 401, authMessages.notSignedIn);
  });

  describe("at an LGEA", () => {
    let token: string;
    beforeAll(async () => {
      token = await workingAt(lgeaNamed("Agege").id);
    });

    it("offers that LGEA and its schools only", async () => {
      const agege = lgeaNamed("Agege");
      const own = schools.filter((s) => s.lgeaId === agege.id);
      expect(own.length).toBeGreaterThan(0);
      expect((await places(token)).map((o) => [o.type, o.id])).toEqual([
        ["LGEA", agege.id],
        ...own.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())).map((s) => ["School", s.id]),
      ]);
    });

    it("gives a role in its reach, and is refused (404, nothing stored) at the district, another LGEA, another LGEA's school or to staff posted there", async () => {
      const colleague = await staffRow(api, "babatunde.adeyemi@example.org"); // posted at Agege Senior Grammar School
      const outsider = await staffRow(api, "ngozi.obi@example.org"); // posted at Alimosho Junior High School
      const before = await api.db.select().from(roleAccess).where(eq(roleAccess.roleId, roleId));
      const assign = (staffId: string, organizationId?: string) => api.call("POST", "/role/assign", { token, body: { staffId, roleId, organizationId } });
      await expectError(await assign(colleague.id), 404, authMessages.notFound); // the district, by default
      await expectError(await assign(colleague.id, districtId), 404, authMessages.notFound);
      await expectError(await assign(colleague.id, lgeaNamed("Alimosho").id), 404, authMessages.notFound);
      await expectError(await assign(colleague.id, schoolNamed("Alimosho Junior High School").id), 404, authMessages.notFound);
      await expectError(await assign(outsider.id, schoolNamed("Agege Senior Grammar School").id), 404, authMessages.notFound);
      expect(await api.db.select().from(roleAccess).where(eq(roleAccess.roleId, roleId))).toEqual(before);

      await expectOk(await assign(colleague.id, schoolNamed("Agege Senior Grammar School").id), 201);
      await expectOk(await assign(colleague.id, lgeaNamed("Agege").id), 201);
      const given = await api.db.select().from(roleAccess).where(eq(roleAccess.staffId, colleague.id));
      expect(
        given
          .filter((g) => g.roleId === roleId)
          .map((g) => g.organizationType)
          .sort(),
      ).toEqual(["LGEA", "School"]);
    });
  });

  describe("at a school", () => {
    it("offers that school only", async () => {
      const agege = schoolNamed("Agege Senior Grammar School");
      const token = await workingAt(agege.id);
      expect(await places(token)).toEqual([
        { id: agege.id, name: agege.name, type: "School", lgeaName: lgeas.find((l) => l.id === agege.lgeaId)?.name ?? null },
      ]);
    });
  });
});
