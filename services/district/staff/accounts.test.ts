import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { staffMessages } from "../../../lib/contract/staff";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, refreshToken } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, randomId, staffRow } from "../../test/helpers";

describe("staff accounts", () => {
  let api: TestApi;
  let admin1: AuthResult;
  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
  });
  afterAll(() => api.close());

  describe("availability checks", () => {
    const exists = async (kind: "username" | "email" | "phone-number", value: string) =>
      (await expectOk<{ exists: boolean }>(await api.call("GET", `/staff/${kind}-exists/${encodeURIComponent(value)}`, { token: admin1.authorizationToken })))
        .exists;

    it("need a token", async () => {
      for (const path of ["/staff/username-exists/admined1", "/staff/email-exists/admin.ed1%40example.org", "/staff/phone-number-exists/8030000001"]) {
        await expectError(await api.call("GET", path), 401, authMessages.notSignedIn);
      }
    });

    it("find a username, case-insensitively", async () => {
      expect(await exists("username", "admined1")).toBe(true);
      expect(await exists("username", "AdminEd2")).toBe(true);
      expect(await exists("username", "not.a.user")).toBe(false);
    });

    it("find an e-mail address, case-insensitively", async () => {
      expect(await exists("email", "admin.ed1@example.org")).toBe(true);
      expect(await exists("email", "Babatunde.ADEYEMI@Example.org")).toBe(true);
      expect(await exists("email", "nobody@example.org")).toBe(false);
    });

    it("find a phone number by its ten digits or in +234 form", async () => {
      expect(await exists("phone-number", "8030000001")).toBe(true);
      expect(await exists("phone-number", "+2348030000001")).toBe(true);
      expect(await exists("phone-number", "8039999999")).toBe(false);
      expect(await exists("phone-number", "+2348039999999")).toBe(false);
    });
  });

  describe("PATCH /staff/account-status/{id}", () => {
    const setStatus = (token: string, id: string, accountStatus: string) =>
      api.call("PATCH", `/staff/account-status/${id}`, { token, body: { accountStatus } });

    it("lets the district administrator suspend a staff member: stored, sessions ended, audited", async () => {
      const email = "ngozi.obi@example.org";
      const victim = await api.login(email, demoPasswords.staff);
      const before = await staffRow(api, email);

      const result = await expectOk<{ id: string; accountStatus: string }>(await setStatus(admin1.authorizationToken, before.id, "Suspended"));
      expect(result).toEqual({ id: before.id, accountStatus: "Suspended" });

      const after = await staffRow(api, email);
      expect(after.accountStatus).toBe("Suspended");
      expect(after.version).toBe(before.version + 1);
      const tokens = await api.db.select().from(refreshToken).where(eq(refreshToken.staffId, before.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.revokedAt).toBeInstanceOf(Date);
      await expectError(await api.call("GET", "/auth/me", { token: victim.authorizationToken }), 452, authMessages.accountSuspended);

      const audit = await api.db.select().from(auditLog).where(eq(auditLog.recordId, before.id));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorStaffId: admin1.staff.id,
        districtId: admin1.staff.district.id,
        operation: "staff.suspend",
        before: { accountStatus: "Active" },
        after: { accountStatus: "Suspended" },
      });

      // Reactivation lets them sign in again.
      await expectOk(await setStatus(admin1.authorizationToken, before.id, "Active"));
      await api.login(email, demoPasswords.staff);
      expect(await api.db.select().from(auditLog).where(eq(auditLog.recordId, before.id))).toHaveLength(2);
    });

    it("answers 404 for a staff member of another district and changes nothing", async () => {
      const other = await staffRow(api, "zainab.umar@example.org");
      await expectError(await setStatus(admin1.authorizationToken, other.id, "Suspended"), 404, authMessages.notFound);
      expect((await staffRow(api, "zainab.umar@example.org")).accountStatus).toBe("Active");
      expect(await api.db.select().from(auditLog).where(eq(auditLog.recordId, other.id))).toEqual([]);
    });

    it("answers 404 for an id that exists nowhere", async () => {
      await expectError(await setStatus(admin1.authorizationToken, randomId(), "Suspended"), 404, authMessages.notFound);
    });

    it("answers 403 to a staff member without the staff.suspend permission", async () => {
      const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
      expect(teacher.roleAccess).toEqual([]);
      expect(teacher.permissions).toEqual([]);
      const target = await staffRow(api, "emeka.eze@example.org");
      await expectError(await setStatus(teacher.authorizationToken, target.id, "Suspended"), 403, authMessages.forbidden);
      expect((await staffRow(api, "emeka.eze@example.org")).accountStatus).toBe("Active");

      // A role without the permission is not enough either.
      const supervisor = await api.login("babatunde.adeyemi@example.org", demoPasswords.staff);
      expect(supervisor.permissions).not.toContain("staff.suspend");
      await expectError(await setStatus(supervisor.authorizationToken, target.id, "Suspended"), 403, authMessages.forbidden);
    });

    it("does not let a district administrator change a super administrator's status", async () => {
      const superAdmin = await staffRow(api, "superadmin@example.org");
      expect(superAdmin.districtId).toBe(admin1.staff.district.id);
      await expectError(await setStatus(admin1.authorizationToken, superAdmin.id, "Suspended"), 403, staffMessages.cannotChangeSuperAdmin);
      expect((await staffRow(api, "superadmin@example.org")).accountStatus).toBe("Active");
      expect(await api.db.select().from(auditLog).where(eq(auditLog.recordId, superAdmin.id))).toEqual([]);
    });

    it("answers 401 without a token", async () => {
      const target = await staffRow(api, "emeka.eze@example.org");
      await expectError(await setStatus("", target.id, "Suspended"), 401, authMessages.notSignedIn);
    });

    it("refuses to change one's own status", async () => {
      await expectError(await setStatus(admin1.authorizationToken, admin1.staff.id, "Suspended"), 400, "You cannot change your own account status.");
      expect((await staffRow(api, admin1.staff.email)).accountStatus).toBe("Active");
    });

    it("refuses a malformed id or status with 400", async () => {
      const bad = await expectError(await setStatus(admin1.authorizationToken, "not-a-uuid", "Suspended"), 400, formInvalidMessage);
      expect(bad.issues).toEqual([{ path: "id", message: "Not a valid id." }]);
      const target = await staffRow(api, "emeka.eze@example.org");
      const status = await expectError(await setStatus(admin1.authorizationToken, target.id, "Deleted"), 400, formInvalidMessage);
      expect(status.issues?.map((i) => i.path)).toEqual(["accountStatus"]);
    });

    it("lets a super administrator act in another district, audited under that district", async () => {
      const superAdmin = await api.loginSuperAdmin();
      const target = await staffRow(api, "chidi.onyema@example.org");
      expect(target.districtId).not.toBe(superAdmin.staff.district.id);
      await expectOk(await setStatus(superAdmin.authorizationToken, target.id, "ResetPassword"));
      expect((await staffRow(api, "chidi.onyema@example.org")).accountStatus).toBe("ResetPassword");
      const [audit] = await api.db.select().from(auditLog).where(eq(auditLog.recordId, target.id));
      expect(audit).toMatchObject({ actorStaffId: superAdmin.staff.id, districtId: target.districtId, operation: "staff.suspend" });
      await expectError(
        await api.call("POST", "/auth/login", { body: { identifier: "chidi.onyema@example.org", password: demoPasswords.staff } }),
        403,
        authMessages.mustResetPassword,
      );
    });
  });
});
