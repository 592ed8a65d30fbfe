import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditPerson } from "../../../lib/contract/audit";
import type { AuthResult } from "../../../lib/contract/user";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, staffRow } from "../../test/helpers";

/**
 * Issue 35, finding 5: the audit trail's person filter offered every super administrator in the product to
 * any district's staff (a list of the state's most powerful accounts, by name). It now offers only people
 * who appear in the trail the caller can read.
 */
let api: TestApi;
let admin1: AuthResult;
let superAdmin: AuthResult;
beforeAll(async () => {
  api = await createTestApi();
  admin1 = await api.loginAdmin(1);
  superAdmin = await api.loginSuperAdmin();
});
afterAll(() => api.close());

const people = async (search = "") =>
  (await expectOk<AuditPerson[]>(await api.call("GET", `/audit/people?search=${encodeURIComponent(search)}`, { token: admin1.authorizationToken }))).map(
    (p) => p.id,
  );

describe("the people the audit trail can be filtered by", () => {
  it("leaves out a super administrator who never acted in the district, until they do", async () => {
    // The super administrator acts in district 2 only.
    const admin2 = await api.loginAdmin(2);
    await expectOk(
      await api.call("PATCH", `/super-admin/districts/${admin2.staff.district.id}/account-status`, {
        token: superAdmin.authorizationToken,
        body: { accountStatus: "Active" },
      }),
    );
    expect(await people()).not.toContain(superAdmin.staff.id);
    expect(await people(superAdmin.staff.lastName)).not.toContain(superAdmin.staff.id);
    await expectOk(
      await api.call("PATCH", `/super-admin/districts/${admin1.staff.district.id}/account-status`, {
        token: superAdmin.authorizationToken,
        body: { accountStatus: "Active" },
      }),
    );
    expect(await people(superAdmin.staff.lastName)).toContain(superAdmin.staff.id);
  });

  it("lists the district's staff who appear in its trail, and leaves out those who appear nowhere in it", async () => {
    // The administrator makes a change, so appears in the trail.
    await expectOk(
      await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Trail People Role", operations: ["school.view"] } }),
      201,
    );
    const listed = await people();
    const someone = await staffRow(api, "chiamaka.nwosu@example.org");
    expect(listed).not.toContain(someone.id);
    expect(listed).toContain(admin1.staff.id);
  });
});
