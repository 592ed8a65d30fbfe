import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { permissionCatalogue, type Permission } from "../../../lib/contract/permissions";
import { demoPasswords } from "../../db/demo-data";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";

describe("GET /permission/by-restriction/{type}", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const path = "/permission/by-restriction/District";

  it("answers 401 without a token", async () => {
    await expectError(await api.call("GET", path), 401, authMessages.notSignedIn);
  });

  it("answers 403 to staff without role.view", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    expect(teacher.roleAccess).toEqual([]);
    await expectError(await api.call("GET", path, { token: teacher.authorizationToken }), 403, authMessages.forbidden);
    const supervisor = await api.login("babatunde.adeyemi@example.org", demoPasswords.staff);
    expect(supervisor.roleAccess.map((r) => r.role.name)).toEqual(["School Supervisor"]);
    await expectError(await api.call("GET", path, { token: supervisor.authorizationToken }), 403, authMessages.forbidden);
  });

  it("gives the district administrator the whole catalogue with name, description and category", async () => {
    const admin = await api.loginAdmin();
    const { permissions } = await expectOk<{ permissions: Permission[] }>(await api.call("GET", path, { token: admin.authorizationToken }));
    expect(permissions).toHaveLength(permissionCatalogue.length);
    const expected = [...permissionCatalogue].map(({ operation, name, description, category }) => ({ operation, name, description, category }));
    expect([...permissions].sort((a, b) => a.operation.localeCompare(b.operation))).toEqual(expected.sort((a, b) => a.operation.localeCompare(b.operation)));
    for (const p of permissions) {
      expect(p.name.trim(), p.operation).not.toBe("");
      expect(p.description.trim(), p.operation).not.toBe("");
      expect(p.category.trim(), p.operation).not.toBe("");
    }
  });

  it("answers the super administrator too", async () => {
    const superAdmin = await api.loginSuperAdmin();
    const { permissions } = await expectOk<{ permissions: Permission[] }>(await api.call("GET", path, { token: superAdmin.authorizationToken }));
    expect(permissions).toHaveLength(permissionCatalogue.length);
  });

  it("refuses another restriction type with 400", async () => {
    const admin = await api.loginAdmin();
    const body = await expectError(await api.call("GET", "/permission/by-restriction/School", { token: admin.authorizationToken }), 400, formInvalidMessage);
    expect(body.issues?.map((i) => i.path)).toEqual(["type"]);
  });
});
