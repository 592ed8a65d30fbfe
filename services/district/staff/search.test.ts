import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { roleMessages, type StaffSearchResult } from "../../../lib/contract/roles";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, randomId } from "../../test/helpers";

describe("GET /staff/search", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    d1 = admin1.staff.district.id;
    d2 = (await api.loginAdmin(2)).staff.district.id;
  });
  afterAll(() => api.close());

  const search = (params: Record<string, string>, token = admin1.authorizationToken) =>
    api.call("GET", `/staff/search?${new URLSearchParams(params)}`, { token });
  const found = async (params: Record<string, string>, token?: string) =>
    (await expectOk<{ foundStaffs: StaffSearchResult[] }>(await search(params, token))).foundStaffs;
  const emails = (list: StaffSearchResult[]) => list.map((s) => s.email);
  const shown = ({ id, firstName, lastName, email, staffType }: Omit<StaffSearchResult, "posting">) => ({ id, firstName, lastName, email, staffType });

  it("gives five staff of the caller's district by default, by last name, without the caller or a super administrator", async () => {
    const list = await found({});
    expect(list).toHaveLength(5);
    const everyone = await api.db
      .select()
      .from(staff)
      .where(and(eq(staff.districtId, d1), eq(staff.isSuperAdmin, false)));
    const expected = everyone
      .filter((s) => s.id !== admin1.staff.id)
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
      .slice(0, 5)
      .map(shown);
    // The autocomplete shows these; the answer carries the register's columns too (StaffListItem).
    expect(list.map(shown)).toEqual(expected);
    expect(await found({ "district[0]": d1 })).toEqual(list);
  });

  it("lists the whole district with limit 1000: the caller only with includeLoggedInUser=true", async () => {
    const all = await found({ limit: "1000" });
    const stored = await api.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.districtId, d1), eq(staff.isSuperAdmin, false)));
    expect(all).toHaveLength(stored.length - 1);
    expect(emails(all)).not.toContain("admin.ed1@example.org");
    expect(emails(all)).not.toContain("superadmin@example.org");
    expect(emails(all).some((e) => e.includes("zainab"))).toBe(false);
    expect(emails(await found({ limit: "1000", includeLoggedInUser: "true" }))).toContain("admin.ed1@example.org");
  });

  it("matches first name, last name, 'first last' and e-mail, ignoring case and extra spaces", async () => {
    const chiamaka = ["chiamaka.nwosu@example.org"];
    expect(emails(await found({ searchTerm: "CHIAMAKA" }))).toEqual(chiamaka);
    expect(emails(await found({ searchTerm: "nwos" }))).toEqual(chiamaka);
    expect(emails(await found({ searchTerm: "  chiamaka   nwosu " }))).toEqual(chiamaka);
    expect(emails(await found({ searchTerm: "Chiamaka.Nwosu@" }))).toEqual(chiamaka);
    expect(emails(await found({ searchTerm: "okafor" }))).toEqual([]);
    expect(emails(await found({ searchTerm: "okafor", includeLoggedInUser: "true" }))).toEqual(["admin.ed1@example.org"]);
    // LIKE wildcards in the term are taken literally.
    expect(await found({ searchTerm: "%" })).toEqual([]);
    expect(await found({ searchTerm: "_" })).toEqual([]);
    // Another district's staff are not found by name.
    expect(await found({ searchTerm: "Zainab" })).toEqual([]);
    expect(await found({ searchTerm: "example.org", limit: "2" })).toHaveLength(2);
  });

  it("answers 404 for another district or an unknown one; a super administrator searches any district", async () => {
    await expectError(await search({ "district[0]": d2 }), 404, authMessages.notFound);
    await expectError(await search({ "district[0]": randomId() }), 404, authMessages.notFound);
    const superAdmin = await api.loginSuperAdmin();
    expect(emails(await found({ "district[0]": d2, searchTerm: "zainab" }, superAdmin.authorizationToken))).toEqual(["zainab.umar@example.org"]);
    await expectError(await search({ "district[0]": randomId() }, superAdmin.authorizationToken), 404, authMessages.notFound);
  });

  it("answers 400 for a bad limit or district", async () => {
    for (const limit of ["0", "1001", "abc", "2.5"]) {
      const error = await expectError(await search({ limit }), 400, formInvalidMessage);
      expect(error.issues, limit).toEqual([{ path: "limit", message: roleMessages.limitRange }]);
    }
    const error = await expectError(await search({ "district[0]": "d1" }), 400, formInvalidMessage);
    expect(error.issues).toEqual([{ path: "district[0]", message: "Not a valid id." }]);
  });

  it("answers 403 without staff.view and 401 without a token; a role with staff.view is enough", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await search({}, teacher.authorizationToken), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/staff/search"), 401, authMessages.notSignedIn);
    const supervisor = await api.login("babatunde.adeyemi@example.org", demoPasswords.staff);
    expect(supervisor.permissions).toContain("staff.view");
    expect(emails(await found({ searchTerm: "chiamaka" }, supervisor.authorizationToken))).toEqual(["chiamaka.nwosu@example.org"]);
  });
});
