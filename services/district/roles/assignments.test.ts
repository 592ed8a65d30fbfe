import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { allOperations, ownerOperations } from "../../../lib/contract/permissions";
import { roleMessages, type RoleAssigned, type RoleSummary, type StaffAccess } from "../../../lib/contract/roles";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { roleAccess } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, randomId, roleRow, staffRow } from "../../test/helpers";

describe("role assignment", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let supervisor: AuthResult;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2, supervisor] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2), api.login("babatunde.adeyemi@example.org", demoPasswords.staff)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
  });
  afterAll(() => api.close());

  const assign = (token: string, body: unknown) => api.call("POST", "/role/assign", { token, body });
  const unassign = (token: string, id: string) => api.call("POST", `/role/unassign/${id}`, { token });
  const accessOf = async (token: string, staffId: string) => expectOk<StaffAccess>(await api.call("GET", `/role/staff-access/${staffId}`, { token }));
  const grantsOf = (staffId: string) => api.db.select().from(roleAccess).where(eq(roleAccess.staffId, staffId));

  describe("POST /role/assign and POST /role/unassign/{roleAccessId}", () => {
    it("assigns in the district by default, stores and audits it; a second time is 409; unassigning removes it", async () => {
      const target = await staffRow(api, "ibrahim.bello@example.org");
      const records = await roleRow(api, d1, "Records Officer");
      const { roleAccessId } = await expectOk<RoleAssigned>(await assign(admin1.authorizationToken, { staffId: target.id, roleId: records.id }), 201);
      expect(await grantsOf(target.id)).toEqual([
        expect.objectContaining({ id: roleAccessId, staffId: target.id, districtId: d1, organizationType: "District", organizationId: d1, roleId: records.id }),
      ]);
      const [assigned] = await auditOf(api, roleAccessId);
      expect(assigned).toMatchObject({
        actorStaffId: admin1.staff.id,
        districtId: d1,
        operation: "role.assign",
        before: null,
        after: { staffId: target.id, roleId: records.id },
      });

      await expectError(await assign(admin1.authorizationToken, { staffId: target.id, roleId: records.id, organizationId: d1 }), 409, roleMessages.alreadyHeld);
      expect(await grantsOf(target.id)).toHaveLength(1);

      expect(await expectOk<{ message: string }>(await unassign(admin1.authorizationToken, roleAccessId))).toEqual({ message: roleMessages.unassigned });
      expect(await grantsOf(target.id)).toEqual([]);
      expect((await auditOf(api, roleAccessId)).map((a) => [a.operation, a.after])).toEqual([
        ["role.assign", expect.anything()],
        ["role.unassign", null],
      ]);
      await expectError(await unassign(admin1.authorizationToken, roleAccessId), 404, authMessages.notFound);
    });

    it("assigns in an LGEA or a school of the district, each a separate grant", async () => {
      const target = await staffRow(api, "halima.sani@example.org");
      const role = await roleRow(api, d1, "School Supervisor");
      const school = await api.db.query.school.findFirst({ where: (s, { eq: is }) => is(s.districtId, d1) });
      const lgea = await api.db.query.lgea.findFirst({ where: (l, { eq: is }) => is(l.districtId, d1) });
      if (!school || !lgea) throw new Error("seed has no school or LGEA");
      await expectOk(await assign(admin1.authorizationToken, { staffId: target.id, roleId: role.id, organizationId: school.id }), 201);
      await expectOk(await assign(admin1.authorizationToken, { staffId: target.id, roleId: role.id, organizationId: lgea.id }), 201);
      const access = await accessOf(admin1.authorizationToken, target.id);
      expect(access.grants.map((g) => g.organization).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
        { id: lgea.id, name: lgea.name, type: "LGEA" },
        { id: school.id, name: school.name, type: "School" },
      ]);
      expect((await grantsOf(target.id)).map((g) => g.districtId)).toEqual([d1, d1]);
    });

    it("answers 404 when the staff, the role or the organisation is of another district, or unknown; stores nothing", async () => {
      const own = { staffId: (await staffRow(api, "emeka.eze@example.org")).id, roleId: (await roleRow(api, d1, "School Supervisor")).id };
      const otherSchool = await api.db.query.school.findFirst({ where: (s, { eq: is }) => is(s.districtId, d2) });
      if (!otherSchool) throw new Error("seed has no school in district 2");
      const zainab = (await staffRow(api, "zainab.umar@example.org")).id;
      const zainabBefore = await grantsOf(zainab);
      const bodies = [
        { ...own, staffId: zainab },
        { ...own, roleId: (await roleRow(api, d2, "School Supervisor")).id },
        { ...own, organizationId: d2 },
        { ...own, organizationId: otherSchool.id },
        { ...own, staffId: randomId() },
        { ...own, roleId: randomId() },
        { ...own, organizationId: randomId() },
      ];
      for (const body of bodies) await expectError(await assign(admin1.authorizationToken, body), 404, authMessages.notFound);
      expect(await grantsOf(own.staffId)).toEqual([]);
      expect(await grantsOf(zainab)).toEqual(zainabBefore);
    });

    it("answers 400 with the contract's messages, 403 without role.assign, 401 without a token", async () => {
      const bad = await expectError(await assign(admin1.authorizationToken, { staffId: "someone", organizationId: "x" }), 400, formInvalidMessage);
      expect(bad.issues).toEqual([
        { path: "staffId", message: "Choose a staff member." },
        { path: "roleId", message: "Choose a role." },
        { path: "organizationId", message: expect.any(String) },
      ]);
      const body = { staffId: (await staffRow(api, "emeka.eze@example.org")).id, roleId: (await roleRow(api, d1, "District Administrator")).id };
      await expectError(await assign(supervisor.authorizationToken, body), 403, authMessages.forbidden);
      await expectError(await assign("", body), 401, authMessages.notSignedIn);
      expect(await grantsOf(body.staffId)).toEqual([]);
      const [held] = await grantsOf(supervisor.staff.id);
      if (!held) throw new Error("the supervisor holds no role");
      await expectError(await unassign(supervisor.authorizationToken, held.id), 403, authMessages.forbidden);
      await expectError(await unassign(admin1.authorizationToken, "x"), 400, formInvalidMessage);
      expect(await grantsOf(supervisor.staff.id)).toHaveLength(1);
    });

    it("does not unassign another district's grant", async () => {
      const [grant] = await grantsOf(admin2.staff.id);
      if (!grant) throw new Error("admin 2 holds no role");
      await expectError(await unassign(admin1.authorizationToken, grant.id), 404, authMessages.notFound);
      expect(await grantsOf(admin2.staff.id)).toHaveLength(1);
      expect(await auditOf(api, grant.id)).toEqual([]);
    });
  });

  describe("GET /role/staff-access/{staffId}", () => {
    it("shows each grant with role, organisation and operations, and whether the staff member owns the district", async () => {
      const owner = await accessOf(admin1.authorizationToken, admin1.staff.id);
      expect(owner.staff).toEqual({ id: admin1.staff.id, firstName: "Adaeze", lastName: "Okafor", email: "admin.ed1@example.org", isSuperAdmin: false });
      expect(owner.isDistrictOwner).toBe(true);
      expect(owner.grants).toEqual([
        {
          roleAccessId: expect.any(String),
          role: { id: (await roleRow(api, d1, "District Administrator")).id, name: "District Administrator" },
          organization: { id: d1, name: "Education District I", type: "District" },
          operations: [...allOperations],
        },
      ]);
      const held = await accessOf(admin1.authorizationToken, supervisor.staff.id);
      expect(held.isDistrictOwner).toBe(false);
      expect(held.grants.map((g) => g.role.name)).toEqual(["School Supervisor"]);
      expect([...(held.grants[0]?.operations ?? [])].sort()).toEqual(supervisor.permissions);
      const none = await accessOf(admin1.authorizationToken, (await staffRow(api, "funmilayo.ogunleye@example.org")).id);
      expect(none).toMatchObject({ isDistrictOwner: false, grants: [] });
    });

    it("answers 404 for another district's staff, 403 without role.view", async () => {
      const other = await staffRow(api, "zainab.umar@example.org");
      await expectError(await api.call("GET", `/role/staff-access/${other.id}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
      await expectError(await api.call("GET", `/role/staff-access/${randomId()}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
      await expectError(await api.call("GET", `/role/staff-access/${other.id}`, { token: supervisor.authorizationToken }), 403, authMessages.forbidden);
    });
  });

  it("applies a change of roles at the staff member's next request, with the same access token", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const token = teacher.authorizationToken;
    const listRoles = () => api.call("GET", `/role/get-roles-for-organization/${d1}`, { token });
    await expectError(await listRoles(), 403, authMessages.forbidden);

    const supervisorRole = await roleRow(api, d1, "School Supervisor");
    await expectOk(await assign(admin1.authorizationToken, { staffId: teacher.staff.id, roleId: supervisorRole.id }), 201);
    await expectError(await listRoles(), 403, authMessages.forbidden);

    const { role: viewer } = await expectOk<{ role: RoleSummary }>(
      await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Role Viewer", operations: ["role.view"] } }),
      201,
    );
    const { roleAccessId } = await expectOk<RoleAssigned>(await assign(admin1.authorizationToken, { staffId: teacher.staff.id, roleId: viewer.id }), 201);
    const { roles } = await expectOk<{ roles: RoleSummary[] }>(await listRoles());
    expect(roles.find((r) => r.id === viewer.id)?.holderCount).toBe(1);

    await expectOk(await unassign(admin1.authorizationToken, roleAccessId));
    await expectError(await listRoles(), 403, authMessages.forbidden);
  });

  it("never locks the district owner out: with role operations gone from their role, or holding no role, they still manage roles", async () => {
    const token = admin1.authorizationToken;
    const own = await roleRow(api, d1, "District Administrator");
    const rest = allOperations.filter((op) => !(ownerOperations as readonly string[]).includes(op));
    await expectOk(await api.call("PATCH", `/role/update/${own.id}`, { token, body: { name: own.name, operations: rest, version: own.version } }));
    expect((await roleRow(api, d1, "District Administrator")).operations).toEqual(rest);
    await expectOk(await api.call("POST", "/role/add", { token, body: { name: "After Lockout", operations: ["school.view"] } }), 201);

    // The same edit locks out a staff member who holds the role but does not own the district.
    const deputy = await api.login("tunde.bakare@example.org", demoPasswords.staff);
    await expectOk(await assign(token, { staffId: deputy.staff.id, roleId: own.id }), 201);
    await expectError(
      await api.call("POST", "/role/add", { token: deputy.authorizationToken, body: { name: "Deputy Role", operations: ["school.view"] } }),
      403,
      authMessages.forbidden,
    );

    // The administrator role is a system role (it cannot be deleted): the owner gives up their holding of it instead.
    for (const grant of await grantsOf(admin1.staff.id)) await expectOk(await unassign(token, grant.id));
    expect(await grantsOf(admin1.staff.id)).toEqual([]);
    const { role: created } = await expectOk<{ role: RoleSummary }>(
      await api.call("POST", "/role/add", { token, body: { name: "Rebuilt Admin", operations: [...allOperations] } }),
      201,
    );
    await expectOk(await assign(token, { staffId: admin1.staff.id, roleId: created.id }), 201);
    await expectOk(await api.call("GET", `/role/get-by-id/${created.id}`, { token }));
  });
});
