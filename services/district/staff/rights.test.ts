import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { sessionSwitchMessages, type LastTimeActive } from "../../../lib/contract/session-switch";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { district, staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, randomId, staffRow } from "../../test/helpers";

describe("personal rights: super administration, ownership, last activity", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
  });
  afterAll(() => api.close());

  const ownerOf = async (districtId: string) =>
    (await api.db.select({ owner: district.ownerStaffId }).from(district).where(eq(district.id, districtId)))[0]?.owner;

  describe("POST /staff/authorize-super-admin", () => {
    it("makes a staff member a super administrator, audited; they then reach the super-admin area; twice is 409", async () => {
      const superAdmin = await api.loginSuperAdmin();
      const target = await staffRow(api, "emeka.eze@example.org");
      expect(
        await expectOk(await api.call("POST", "/staff/authorize-super-admin", { token: superAdmin.authorizationToken, body: { staffId: target.id } })),
      ).toEqual({
        message: "Super administrator authorised",
      });
      expect((await staffRow(api, target.email)).isSuperAdmin).toBe(true);
      const [entry] = await auditOf(api, target.id);
      expect(entry).toMatchObject({
        actorStaffId: superAdmin.staff.id,
        operation: "staff.authorize-super-admin",
        before: { isSuperAdmin: false },
        after: { isSuperAdmin: true },
      });
      const promoted = await api.login(target.email, demoPasswords.staff);
      expect(promoted.staff.isSuperAdmin).toBe(true);
      expect((await api.call("GET", "/super-admin/districts", { token: promoted.authorizationToken })).status).toBe(200);
      await expectError(
        await api.call("POST", "/staff/authorize-super-admin", { token: superAdmin.authorizationToken, body: { staffId: target.id } }),
        409,
        "That staff member is already a super administrator.",
      );
    });

    it("is refused to a district administrator (403) and answers 404 for an unknown staff member", async () => {
      const target = await staffRow(api, "tunde.bakare@example.org");
      await expectError(
        await api.call("POST", "/staff/authorize-super-admin", { token: admin1.authorizationToken, body: { staffId: target.id } }),
        403,
        authMessages.forbidden,
      );
      expect((await staffRow(api, target.email)).isSuperAdmin).toBe(false);
      const superAdmin = await api.loginSuperAdmin();
      await expectError(
        await api.call("POST", "/staff/authorize-super-admin", { token: superAdmin.authorizationToken, body: { staffId: randomId() } }),
        404,
        authMessages.notFound,
      );
      await expectError(
        await api.call("POST", "/staff/authorize-super-admin", { token: superAdmin.authorizationToken, body: { staffId: "x" } }),
        400,
        formInvalidMessage,
      );
    });
  });

  describe("POST /staff/transfer-right", () => {
    it("hands the ownership to another active staff member; the owner's guaranteed rights move with it", async () => {
      const newOwner = await staffRow(api, "ibrahim.bello@example.org");
      expect(await ownerOf(d1)).toBe(admin1.staff.id);
      const before = await api.login(newOwner.email, demoPasswords.staff);
      expect(before.isDistrictOwner).toBe(false);
      expect(before.permissions).not.toContain("role.create");

      expect(await expectOk(await api.call("POST", "/staff/transfer-right", { token: admin1.authorizationToken, body: { staffId: newOwner.id } }))).toEqual({
        message: "Transfer Successfully",
      });
      expect(await ownerOf(d1)).toBe(newOwner.id);
      const [entry] = await auditOf(api, d1);
      expect(entry).toMatchObject({ operation: "district.transfer-right", before: { ownerStaffId: admin1.staff.id }, after: { ownerStaffId: newOwner.id } });

      const after = await api.login(newOwner.email, demoPasswords.staff);
      expect(after.isDistrictOwner).toBe(true);
      expect(after.permissions).toEqual(expect.arrayContaining(["role.create", "role.assign", "district.transfer-right", "staff.view"]));
      await expectError(
        await api.call("POST", "/staff/transfer-right", { token: after.authorizationToken, body: { staffId: newOwner.id } }),
        409,
        "That staff member already owns the district.",
      );
      // And back, by the new owner.
      await expectOk(await api.call("POST", "/staff/transfer-right", { token: after.authorizationToken, body: { staffId: admin1.staff.id } }));
      expect(await ownerOf(d1)).toBe(admin1.staff.id);
    });

    it("refuses staff without the right (403), staff of another district (404) and an account that is not active (400)", async () => {
      const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
      const target = await staffRow(api, "halima.sani@example.org");
      await expectError(
        await api.call("POST", "/staff/transfer-right", { token: teacher.authorizationToken, body: { staffId: target.id } }),
        403,
        sessionSwitchMessages.onlyOwnerTransfers,
      );
      const otherDistrictStaff = await staffRow(api, "yetunde.lawal@example.org");
      await expectError(
        await api.call("POST", "/staff/transfer-right", { token: admin1.authorizationToken, body: { staffId: otherDistrictStaff.id } }),
        404,
        authMessages.notFound,
      );
      await api.db.update(staff).set({ accountStatus: "ResetPassword" }).where(eq(staff.id, target.id));
      await expectError(
        await api.call("POST", "/staff/transfer-right", { token: admin1.authorizationToken, body: { staffId: target.id } }),
        400,
        "Only an active staff member can take this over.",
      );
      expect(await ownerOf(d1)).toBe(admin1.staff.id);
      expect(await ownerOf(admin2.staff.district.id)).toBe(admin2.staff.id);
    });
  });

  describe("GET /staff/last-time-active", () => {
    it("tells the caller's own, and with staff.view another's in the district; null before a first sign-in", async () => {
      const own = await expectOk<LastTimeActive>(await api.call("GET", "/staff/last-time-active", { token: admin1.authorizationToken }));
      expect(own.staffId).toBe(admin1.staff.id);
      expect(Date.now() - Date.parse(own.lastTimeActive ?? "")).toBeLessThan(120_000);

      const idle = await staffRow(api, "tunde.bakare@example.org");
      await api.db.update(staff).set({ lastActiveAt: null }).where(eq(staff.id, idle.id));
      expect(await expectOk<LastTimeActive>(await api.call("GET", `/staff/last-time-active?staffId=${idle.id}`, { token: admin1.authorizationToken }))).toEqual(
        { staffId: idle.id, lastTimeActive: null },
      );
    });

    it("needs staff.view for another's (403), hides another district's staff (404)", async () => {
      const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
      const colleague = await staffRow(api, "ngozi.obi@example.org");
      await expectError(
        await api.call("GET", `/staff/last-time-active?staffId=${colleague.id}`, { token: teacher.authorizationToken }),
        403,
        authMessages.forbidden,
      );
      expect((await api.call("GET", `/staff/last-time-active?staffId=${teacher.staff.id}`, { token: teacher.authorizationToken })).status).toBe(200);
      await expectError(
        await api.call("GET", `/staff/last-time-active?staffId=${admin2.staff.id}`, { token: admin1.authorizationToken }),
        404,
        authMessages.notFound,
      );
      await expectError(
        await api.call("GET", `/staff/last-time-active?staffId=${randomId()}`, { token: admin1.authorizationToken }),
        404,
        authMessages.notFound,
      );
    });
  });
});
