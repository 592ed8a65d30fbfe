import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "../../../lib/contract/permissions";
import { authMessages, districtStatusRefusal } from "../../../lib/contract/messages";
import { demoPasswords } from "../../db/demo-data";
import { role, roleAccess } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, staffRow } from "../../test/helpers";

/**
 * Issue 35, finding 3: the e-mail and phone availability checks answer about every district, and were open to
 * any signed-in staff member, even of an Unverified (self-registered) district: its owner could test whether
 * any address or phone exists anywhere in the product. They are now for staff who may create or update staff,
 * in an Active district; the registration page keeps its own check.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const checks = ["/staff/email-exists/admin.ed1%40example.org", "/staff/phone-number-exists/8030000001", "/staff/username-exists/admined1"];
const ask = (path: string, token: string) => api.call("GET", path, { token });

/** A demo staff member of district 1 holding a role with just these operations at district level, signed in again. */
async function holding(email: string, operations: Operation[]) {
  const person = await staffRow(api, email);
  const [created] = await api.db
    .insert(role)
    .values({ districtId: person.districtId, name: `Availability ${operations.join(" ")}`, operations })
    .returning();
  await api.db.insert(roleAccess).values({
    staffId: person.id,
    districtId: person.districtId,
    organizationType: "District",
    organizationId: person.districtId,
    roleId: created?.id ?? "",
  });
  return (await api.login(email, demoPasswords.staff)).authorizationToken;
}

describe("who may ask whether an e-mail or phone number is taken", () => {
  it("refuses the owner of an Unverified district, naming its status", async () => {
    const owner = await api.login("admin.ed3@example.org", demoPasswords.admin);
    for (const path of checks) await expectError(await ask(path, owner.authorizationToken), 403, districtStatusRefusal("Unverified"));
  });

  it("refuses staff who may neither create nor update staff", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    for (const path of checks) await expectError(await ask(path, teacher.authorizationToken), 403, authMessages.forbidden);
    const viewer = await holding("ibrahim.bello@example.org", ["staff.view", "school.view"]);
    for (const path of checks.slice(0, 2)) await expectError(await ask(path, viewer), 403, authMessages.forbidden);
  });

  it("answers staff who create staff, or update them, in an Active district", async () => {
    const creator = await holding("babatunde.adeyemi@example.org", ["staff.create"]);
    const editor = await holding("funmilayo.ogunleye@example.org", ["staff.update"]);
    for (const token of [creator, editor])
      for (const path of checks.slice(0, 2)) expect(await expectOk<{ exists: boolean }>(await ask(path, token))).toEqual({ exists: true });
    const admin = await api.loginAdmin(1);
    for (const path of checks) expect(await expectOk<{ exists: boolean }>(await ask(path, admin.authorizationToken))).toEqual({ exists: true });
  });
});
