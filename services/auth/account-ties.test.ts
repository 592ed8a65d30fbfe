import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, districtStatusRefusal } from "../../lib/contract/messages";
import type { AuthResult, SignedInUser } from "../../lib/contract/user";
import { demoPasswords } from "../db/demo-data";
import { district, roleAccess, school, staff } from "../db/schema";
import { createTestApi, type TestApi } from "../test/harness";
import { expectError, expectOk, roleRow, staffRow } from "../test/helpers";

/**
 * A token names a staff member, a district and an organisation. Each request checks them against the
 * account as it is now: the district must be the staff member's own (super administrators excepted),
 * the organisation one they still hold a role in, and the district Active for district operations.
 */
let api: TestApi;
let superAdmin: AuthResult;
let d2: string;
beforeAll(async () => {
  api = await createTestApi();
  superAdmin = await api.loginSuperAdmin();
  d2 = (await api.loginAdmin(2)).staff.district.id;
});
afterAll(() => api.close());

describe("tokens are tied back to the account on every request", () => {
  it("a super administrator who is demoted stops working in the district they had switched to", async () => {
    const switched = await expectOk<AuthResult>(
      await api.call("POST", "/super-admin/switch-district", { token: superAdmin.authorizationToken, body: { districtId: d2 } }),
    );
    await expectOk(await api.call("GET", "/auth/me", { token: switched.authorizationToken }));
    await api.db.update(staff).set({ isSuperAdmin: false }).where(eq(staff.email, "superadmin@example.org"));
    await expectError(await api.call("GET", "/auth/me", { token: switched.authorizationToken }), 452, authMessages.sessionExpired);
    await expectError(await api.call("GET", `/staff/search?district[0]=${d2}`, { token: switched.authorizationToken }), 452, authMessages.sessionExpired);
    await api.db.update(staff).set({ isSuperAdmin: true }).where(eq(staff.email, "superadmin@example.org"));
  });

  it("a staff member whose role in a school is taken away no longer works there", async () => {
    const email = "kelechi.okeke@example.org";
    const member = await staffRow(api, email);
    const [kosofe] = await api.db
      .select()
      .from(school)
      .where(and(eq(school.districtId, d2), eq(school.name, "Kosofe Junior Grammar School")));
    if (!kosofe) throw new Error("seeded school missing");
    const supervisor = await roleRow(api, d2, "School Supervisor");
    const [grant] = await api.db
      .insert(roleAccess)
      .values({ staffId: member.id, districtId: d2, organizationType: "School", organizationId: kosofe.id, roleId: supervisor.id })
      .returning();
    if (!grant) throw new Error("grant insert failed");
    const session = await api.login(email, demoPasswords.staff);
    const there = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${grant.id}`, { token: session.authorizationToken }));
    const me = await expectOk<SignedInUser>(await api.call("GET", "/auth/me", { token: there.authorizationToken }));
    expect(me.currentOrganization.id).toBe(kosofe.id);

    await api.db.delete(roleAccess).where(eq(roleAccess.id, grant.id));
    await expectError(await api.call("GET", "/auth/me", { token: there.authorizationToken }), 452, authMessages.sessionExpired);
  });
});

describe("a district that is not Active", () => {
  it("refuses its staff every district operation with the account status, and keeps the shell's calls working", async () => {
    const admin3 = await api.login("admin.ed3@example.org", demoPasswords.admin);
    const token = admin3.authorizationToken;
    const d3 = admin3.staff.district.id;
    expect(admin3.staff.district.accountStatus).toBe("Unverified");
    await expectError(await api.call("GET", `/school/search?district=${d3}`, { token }), 403, districtStatusRefusal("Unverified"));
    await expectError(
      await api.call("POST", "/role/add", { token, body: { name: "Sneaky", operations: ["school.view"] } }),
      403,
      districtStatusRefusal("Unverified"),
    );
    const someone = await staffRow(api, "folake.adewale@example.org");
    await expectError(await api.call("GET", `/staff/view-staff/${someone.id}`, { token }), 403, districtStatusRefusal("Unverified"));

    // The shell: who is signed in (with the notice's data), one's own record, the district's profile.
    const me = await expectOk<SignedInUser>(await api.call("GET", "/auth/me", { token }));
    expect(me.missingRequirements).toBeDefined();
    await expectOk(await api.call("GET", `/staff/view-staff/${admin3.staff.id}`, { token }));
    await expectOk(await api.call("GET", `/district/view/${d3}`, { token }));
    await expectOk(await api.call("GET", "/staff/last-time-active", { token }));

    // A super administrator works there as usual (a new sign-in: a switch ends the session it came from).
    const again = await api.loginSuperAdmin();
    const switched = await expectOk<AuthResult>(
      await api.call("POST", "/super-admin/switch-district", { token: again.authorizationToken, body: { districtId: d3 } }),
    );
    await expectOk(await api.call("GET", `/school/search?district=${d3}`, { token: switched.authorizationToken }));
  });

  it("names Suspended for a suspended district", async () => {
    const admin2 = await api.loginAdmin(2);
    await api.db.update(district).set({ accountStatus: "Suspended" }).where(eq(district.id, d2));
    await expectError(
      await api.call("POST", "/role/add", { token: admin2.authorizationToken, body: { name: "While suspended", operations: ["school.view"] } }),
      403,
      districtStatusRefusal("Suspended"),
    );
    await api.db.update(district).set({ accountStatus: "Active" }).where(eq(district.id, d2));
    await expectOk(await api.call("POST", "/role/add", { token: admin2.authorizationToken, body: { name: "Once active", operations: ["school.view"] } }), 201);
  });
});
