import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { permissionCatalogue, type Permission } from "../../../lib/contract/permissions";
import { demoPasswords } from "../../db/demo-data";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe("GET /permission/by-restriction/{type}", () => {
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

describe("POST /permission/get-permissions-by-operations", () => {
  const path = "/permission/get-permissions-by-operations";
  const fetchFor = async (token: string, operations: unknown) => api.call("POST", path, { token, body: { operations } });

  it("describes the known operations among those given, each once, and leaves unknown ones out", async () => {
    const admin = await api.loginAdmin();
    const { permissions } = await expectOk<{ permissions: Permission[] }>(
      await fetchFor(admin.authorizationToken, ["school.view", "role.assign", "school.view", "no.such", "DROP TABLE role"]),
    );
    const expected = permissionCatalogue
      .filter((p) => p.operation === "school.view" || p.operation === "role.assign")
      .map(({ operation, name, description, category }) => ({ operation, name, description, category }));
    expect([...permissions].sort((a, b) => a.operation.localeCompare(b.operation))).toEqual(expected.sort((a, b) => a.operation.localeCompare(b.operation)));
    expect((await expectOk<{ permissions: Permission[] }>(await fetchFor(admin.authorizationToken, []))).permissions).toEqual([]);
  });

  it("answers 400 without a list of operations, 403 without role.view and 401 without a token", async () => {
    const admin = await api.loginAdmin();
    const bad = await expectError(await fetchFor(admin.authorizationToken, "school.view"), 400, formInvalidMessage);
    expect(bad.issues?.map((i) => i.path)).toEqual(["operations"]);
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await fetchFor(teacher.authorizationToken, ["school.view"]), 403, authMessages.forbidden);
    await expectError(await api.call("POST", path, { body: { operations: ["school.view"] } }), 401, authMessages.notSignedIn);
  });
});
