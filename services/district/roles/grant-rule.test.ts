import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleMessages, type RoleSummary } from "../../../lib/contract/roles";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, roleRow, staffRow } from "../../test/helpers";
import { eq } from "drizzle-orm";
import { roleAccess } from "../../db/schema";

let api: TestApi;
let admin1: AuthResult;
let d1: string;
beforeAll(async () => {
  api = await createTestApi();
  admin1 = await api.loginAdmin(1);
  d1 = admin1.staff.district.id;
});
afterAll(() => api.close());

const assign = (token: string, body: unknown) => api.call("POST", "/role/assign", { token, body });
const grantsOf = (staffId: string) => api.db.select().from(roleAccess).where(eq(roleAccess.staffId, staffId));

describe("no escalation through role management", () => {
  it("a role manager grants only permissions they hold; the owner and super administrators grant any", async () => {
    const manager = await staffRow(api, "funmilayo.ogunleye@example.org");
    const managerOps = ["role.view", "role.create", "role.update", "role.assign", "school.view"];
    const { role: managerRole } = await expectOk<{ role: RoleSummary }>(
      await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Role Manager", operations: managerOps } }),
      201,
    );
    await expectOk(await assign(admin1.authorizationToken, { staffId: manager.id, roleId: managerRole.id }), 201);
    const session = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
    const token = session.authorizationToken;

    // Giving themselves the administrator role, or writing a role with more than they hold: refused.
    const adminRole = await roleRow(api, d1, "District Administrator");
    await expectError(await assign(token, { staffId: manager.id, roleId: adminRole.id }), 403, roleMessages.cannotGrant);
    await expectError(
      await api.call("POST", "/role/add", { token, body: { name: "Sneaky", operations: ["school.view", "staff.create"] } }),
      403,
      roleMessages.cannotGrant,
    );
    await expectError(
      await api.call("PATCH", `/role/update/${managerRole.id}`, {
        token,
        body: { name: "Role Manager", operations: [...managerOps, "district.update"], version: managerRole.version },
      }),
      403,
      roleMessages.cannotGrant,
    );
    expect(await grantsOf(manager.id)).toHaveLength(1);

    // Within what they hold: allowed, also editing a role that holds more than they do, as long as nothing is added.
    const { role: small } = await expectOk<{ role: RoleSummary }>(
      await api.call("POST", "/role/add", { token, body: { name: "School Viewer", operations: ["school.view"] } }),
      201,
    );
    const other = await staffRow(api, "ngozi.obi@example.org");
    await expectOk(await assign(token, { staffId: other.id, roleId: small.id }), 201);
    const records = await roleRow(api, d1, "Records Officer");
    await expectOk(
      await api.call("PATCH", `/role/update/${records.id}`, {
        token,
        body: { name: records.name, description: "Edited by the manager.", operations: records.operations, version: records.version },
      }),
    );

    // The owner and a super administrator may grant anything.
    await expectOk(await assign(admin1.authorizationToken, { staffId: other.id, roleId: adminRole.id }), 201);
    const superAdmin = await api.loginSuperAdmin();
    await expectOk(await assign(superAdmin.authorizationToken, { staffId: other.id, roleId: (await roleRow(api, d1, "School Supervisor")).id }), 201);
  });
});
