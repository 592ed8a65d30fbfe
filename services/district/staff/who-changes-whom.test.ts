import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleSummary } from "../../../lib/contract/roles";
import { roleMessages } from "../../../lib/contract/roles";
import { sessionSwitchMessages } from "../../../lib/contract/session-switch";
import { staffMessages } from "../../../lib/contract/staff";
import type { AuthResult, StaffProfile } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { district, outbox, role, roleAccess } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, roleRow, staffRow } from "../../test/helpers";

/**
 * Attacks on accounts inside one district (issue 'escalation paths'): a staff member with a role that
 * lets them change staff records must not reach the owner, a super administrator, or anyone holding
 * rights they do not hold; the ownership right moves only by the owner's hand; removals follow the
 * grant rule; one's own e-mail and phone change only with the current password.
 */
let api: TestApi;
let owner: AuthResult;
let d1: string;
beforeAll(async () => {
  api = await createTestApi();
  owner = await api.loginAdmin(1);
  d1 = owner.staff.district.id;
});
afterAll(() => api.close());

const view = async (id: string) =>
  (await expectOk<{ staff: StaffProfile }>(await api.call("GET", `/staff/view-staff/${id}`, { token: owner.authorizationToken }))).staff;
/** The form body PATCH /staff/update takes, from a record as GET /staff/view-staff answers it. */
const formOf = (s: StaffProfile) => ({
  title: s.title,
  firstName: s.firstName,
  lastName: s.lastName,
  middleName: s.middleName ?? "",
  oracleNumber: s.oracleNumber ?? "",
  tescomNumber: s.tescomNumber ?? "",
  gender: s.gender,
  dob: s.dob ?? "",
  phoneCode: s.phoneNumber.code,
  phoneNumber: s.phoneNumber.number,
  email: s.email,
  address: s.address ?? "",
  countryOfOrigin: s.countryOfOrigin ?? "",
  stateOfOrigin: s.stateOfOrigin ?? "",
  localGovernmentOfOrigin: s.localGovernmentOfOrigin ?? "",
  countryOfResidence: s.countryOfResidence ?? "",
  stateOfResidence: s.stateOfResidence ?? "",
  localGovernmentOfResidence: s.localGovernmentOfResidence ?? "",
  version: s.version,
});
const update = (token: string, id: string, body: unknown) => api.call("PATCH", `/staff/update/${id}`, { token, body });
const mailTo = async (to: string) => {
  await api.mailer.flush();
  return api.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
};
/** A role with exactly these operations, given at the district to the staff member of `email`; their new session. */
async function staffWith(email: string, name: string, operations: string[]): Promise<AuthResult> {
  const { role: created } = await expectOk<{ role: RoleSummary }>(
    await api.call("POST", "/role/add", { token: owner.authorizationToken, body: { name, operations } }),
    201,
  );
  const target = await staffRow(api, email);
  await api.db.delete(roleAccess).where(eq(roleAccess.staffId, target.id));
  await expectOk(await api.call("POST", "/role/assign", { token: owner.authorizationToken, body: { staffId: target.id, roleId: created.id } }), 201);
  return api.login(email, demoPasswords.staff);
}

describe("who may change whom", () => {
  it("a records officer (staff.update) cannot take over the owner by changing their e-mail", async () => {
    const officer = await api.login("tunde.bakare@example.org", demoPasswords.staff);
    const ownerRecord = await view(owner.staff.id);
    await expectError(
      await update(officer.authorizationToken, owner.staff.id, { ...formOf(ownerRecord), email: "officer.controls@example.org" }),
      403,
      staffMessages.cannotChangeOwner,
    );
    expect((await staffRow(api, "admin.ed1@example.org")).email).toBe("admin.ed1@example.org");
    // Nor the owner's picture.
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "x.png");
    await expectError(
      await api.call("PATCH", `/staff/update-profile-picture/${owner.staff.id}`, { token: officer.authorizationToken, form }),
      403,
      staffMessages.cannotChangeOwner,
    );
  });

  it("nobody but a super administrator changes a super administrator's record, whatever their roles", async () => {
    const superRow = await staffRow(api, "superadmin@example.org");
    const superAdmin = await api.loginSuperAdmin();
    const record = (
      await expectOk<{ staff: StaffProfile }>(await api.call("GET", `/staff/view-staff/${superRow.id}`, { token: superAdmin.authorizationToken }))
    ).staff;
    // The super administrator's home district is Education District I; its owner holds every operation there, and still may not.
    await expectError(
      await update(owner.authorizationToken, superRow.id, { ...formOf(record), email: "owner.controls@example.org" }),
      403,
      staffMessages.cannotChangeSuperAdmin,
    );
    await expectError(
      await api.call("PATCH", `/staff/account-status/${superRow.id}`, { token: owner.authorizationToken, body: { accountStatus: "Suspended" } }),
      403,
      staffMessages.cannotChangeSuperAdmin,
    );
    expect(await staffRow(api, "superadmin@example.org")).toMatchObject({ email: "superadmin@example.org", accountStatus: "Active" });
  });

  it("nobody changes or suspends someone who holds permissions they do not hold; within their own rights they may", async () => {
    const officer = await staffWith("ngozi.obi@example.org", "Staff Keeper", ["staff.view", "staff.update", "staff.suspend"]);
    const supervisor = await staffRow(api, "babatunde.adeyemi@example.org"); // School Supervisor: district.view, school.view, ...
    const record = await view(supervisor.id);
    await expectError(
      await update(officer.authorizationToken, supervisor.id, { ...formOf(record), email: "keeper.controls@example.org" }),
      403,
      staffMessages.cannotChangeStronger,
    );
    await expectError(
      await api.call("PATCH", `/staff/account-status/${supervisor.id}`, { token: officer.authorizationToken, body: { accountStatus: "Suspended" } }),
      403,
      staffMessages.cannotChangeStronger,
    );
    await expectError(
      await api.call("PATCH", `/staff/account-status/${owner.staff.id}`, { token: officer.authorizationToken, body: { accountStatus: "Suspended" } }),
      403,
      staffMessages.cannotChangeOwner,
    );
    expect(await staffRow(api, "babatunde.adeyemi@example.org")).toMatchObject({ email: "babatunde.adeyemi@example.org", accountStatus: "Active" });
    expect((await staffRow(api, "admin.ed1@example.org")).accountStatus).toBe("Active");

    // A teacher with no roles: within the officer's rights, so the change is made (and the old address told).
    const teacher = await staffRow(api, "emeka.eze@example.org");
    const changed = await expectOk<{ staff: StaffProfile }>(
      await update(officer.authorizationToken, teacher.id, { ...formOf(await view(teacher.id)), email: "emeka.eze@school.example.org" }),
    );
    expect(changed.staff.email).toBe("emeka.eze@school.example.org");
    expect((await mailTo("emeka.eze@example.org"))[0]?.body).toContain("emeka.eze@school.example.org");
    await expectOk(await api.call("PATCH", `/staff/account-status/${teacher.id}`, { token: officer.authorizationToken, body: { accountStatus: "Suspended" } }));
    expect((await staffRow(api, "emeka.eze@school.example.org")).accountStatus).toBe("Suspended");
  });

  it("only the owner (or a super administrator) transfers the ownership right, not a holder of district.transfer-right", async () => {
    const holder = await staffWith("halima.sani@example.org", "Transfer Holder", ["staff.view", "district.transfer-right"]);
    await expectError(
      await api.call("POST", "/staff/transfer-right", { token: holder.authorizationToken, body: { staffId: holder.staff.id } }),
      403,
      sessionSwitchMessages.onlyOwnerTransfers,
    );
    const [row] = await api.db.select({ ownerStaffId: district.ownerStaffId }).from(district).where(eq(district.id, d1));
    expect(row?.ownerStaffId).toBe(owner.staff.id);
  });
});

describe("the grant rule applies to removals", () => {
  it("a role manager cannot strip, delete or unassign operations they do not hold", async () => {
    const managerOps = ["role.view", "role.create", "role.update", "role.delete", "role.assign", "staff.view"];
    const manager = await staffWith("ibrahim.bello@example.org", "Role Keeper", managerOps);
    const token = manager.authorizationToken;

    const records = await roleRow(api, d1, "Records Officer");
    await expectError(
      await api.call("PATCH", `/role/update/${records.id}`, {
        token,
        body: { name: records.name, operations: records.operations.filter((op) => op !== "student.update"), version: records.version },
      }),
      403,
      roleMessages.cannotRemove,
    );
    expect((await roleRow(api, d1, "Records Officer")).operations).toContain("student.update");

    const supervisorRole = await roleRow(api, d1, "School Supervisor");
    await expectError(await api.call("POST", `/role/delete/${supervisorRole.id}`, { token }), 403, roleMessages.cannotRemove);
    expect(await api.db.select().from(role).where(eq(role.id, supervisorRole.id))).toHaveLength(1);

    const [grant] = await api.db
      .select()
      .from(roleAccess)
      .where(eq(roleAccess.roleId, (await roleRow(api, d1, "District Administrator")).id));
    if (!grant) throw new Error("the owner holds the administrator role in the demo");
    await expectError(await api.call("POST", `/role/unassign/${grant.id}`, { token }), 403, roleMessages.cannotRemove);
    expect(await api.db.select().from(roleAccess).where(eq(roleAccess.id, grant.id))).toHaveLength(1);

    // Within what they hold, removals still work.
    const { role: small } = await expectOk<{ role: RoleSummary }>(
      await api.call("POST", "/role/add", { token, body: { name: "Viewer", operations: ["staff.view"] } }),
      201,
    );
    await expectOk(await api.call("POST", `/role/delete/${small.id}`, { token }));
  });
});

describe("one's own e-mail and phone", () => {
  it("a new e-mail needs the current password and takes effect only with the code sent to it; the old address is told", async () => {
    const me = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const mine = await view(me.staff.id);
    const wanted = { ...formOf(mine), email: "chiamaka.new@example.org" };

    const missing = await expectError(await update(me.authorizationToken, me.staff.id, wanted), 400, staffMessages.currentPasswordRequired);
    expect(missing.issues).toEqual([{ path: "currentPassword", message: staffMessages.currentPasswordRequired }]);
    await expectError(await update(me.authorizationToken, me.staff.id, { ...wanted, currentPassword: "Wrong#Pass1" }), 400, staffMessages.currentPasswordWrong);
    expect((await staffRow(api, "chiamaka.nwosu@example.org")).email).toBe("chiamaka.nwosu@example.org");

    const pending = await expectOk<{ staff: StaffProfile; pendingEmail: string }>(
      await update(me.authorizationToken, me.staff.id, { ...wanted, currentPassword: demoPasswords.staff }),
    );
    expect(pending.pendingEmail).toBe("chiamaka.new@example.org");
    expect(pending.staff.email).toBe("chiamaka.nwosu@example.org");
    expect((await staffRow(api, "chiamaka.nwosu@example.org")).email).toBe("chiamaka.nwosu@example.org");
    const [codeMail] = await mailTo("chiamaka.new@example.org");
    const code = /\b(\d{6})\b/.exec(codeMail?.body ?? "")?.[1];
    expect(code).toBeDefined();

    await expectError(
      await api.call("POST", "/staff/confirm-email-change", { token: me.authorizationToken, body: { code: code === "000000" ? "111111" : "000000" } }),
      400,
      staffMessages.emailCodeInvalid,
    );
    const confirmed = await expectOk<{ staff: StaffProfile; message: string }>(
      await api.call("POST", "/staff/confirm-email-change", { token: me.authorizationToken, body: { code } }),
    );
    expect(confirmed).toMatchObject({ message: staffMessages.emailChanged, staff: { email: "chiamaka.new@example.org" } });
    expect((await staffRow(api, "chiamaka.new@example.org")).id).toBe(me.staff.id);
    expect((await mailTo("chiamaka.nwosu@example.org"))[0]?.body).toContain("chiamaka.new@example.org");
    // The code is single use.
    await expectError(
      await api.call("POST", "/staff/confirm-email-change", { token: me.authorizationToken, body: { code } }),
      400,
      staffMessages.emailCodeInvalid,
    );
  });

  it("a new phone number needs the current password and is announced by e-mail", async () => {
    const me = await api.login("yetunde.lawal@example.org", demoPasswords.staff);
    const mine = (await expectOk<{ staff: StaffProfile }>(await api.call("GET", `/staff/view-staff/${me.staff.id}`, { token: me.authorizationToken }))).staff;
    const wanted = { ...formOf(mine), phoneNumber: "8097776655" };
    await expectError(await update(me.authorizationToken, me.staff.id, wanted), 400, staffMessages.currentPasswordRequired);
    expect((await staffRow(api, "yetunde.lawal@example.org")).phoneNumber).not.toBe("8097776655");
    await expectOk(await update(me.authorizationToken, me.staff.id, { ...wanted, currentPassword: demoPasswords.staff }));
    expect((await staffRow(api, "yetunde.lawal@example.org")).phoneNumber).toBe("8097776655");
    expect((await mailTo("yetunde.lawal@example.org"))[0]?.body).toContain("phone number");
  });

  it("the rest of one's own record changes without the password", async () => {
    const me = await api.login("olumide.fashola@example.org", demoPasswords.staff);
    const mine = (await expectOk<{ staff: StaffProfile }>(await api.call("GET", `/staff/view-staff/${me.staff.id}`, { token: me.authorizationToken }))).staff;
    const { staff } = await expectOk<{ staff: StaffProfile }>(await update(me.authorizationToken, me.staff.id, { ...formOf(mine), lastName: "Fashola-Ade" }));
    expect(staff.lastName).toBe("Fashola-Ade");
  });
});
