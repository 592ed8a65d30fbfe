import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import type { RoleSummary } from "../../../lib/contract/roles";
import type { SchoolDetail } from "../../../lib/contract/schools";
import type { AuthResult } from "../../../lib/contract/user";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, roleRow } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { auditCalls } from "./audit-test-support";

/**
 * Who may read the trail (issue: the audit trail): those granted audit.view (the district administrator
 * by default), and below the district, only the entries of records in their reach (the restructure's
 * scope) and their own changes.
 */
describe("the audit trail's reach", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let atLgea: AuthResult;
  let alimoshoSchool: SchoolDetail;
  let agegeSchool: SchoolDetail;
  let auditor: RoleSummary;
  let calls: ReturnType<typeof auditCalls>;

  beforeAll(async () => {
    api = await createTestApi();
    calls = auditCalls(api);
    admin1 = await api.loginAdmin(1);
    alimoshoSchool = await calls.renameSchool(admin1, await calls.addSchool(admin1, "Audit Reach Alimosho School", "Alimosho"), "Audit Reach Alimosho Primary");
    agegeSchool = await calls.renameSchool(admin1, await calls.addSchool(admin1, "Audit Reach Agege School", "Agege"), "Audit Reach Agege Primary");
    auditor = (
      await expectOk<{ role: RoleSummary }>(
        await api.call("POST", "/role/add", {
          token: admin1.authorizationToken,
          body: { name: "LGEA Auditor", operations: ["audit.view", "school.view", "school.update"] },
        }),
        201,
      )
    ).role;
  });
  afterAll(() => api.close());

  it("gives the district administrator role audit.view, and refuses the trail to a role without it", async () => {
    const districtAdmin = await roleRow(api, admin1.staff.district.id, "District Administrator");
    expect(districtAdmin.operations).toContain("audit.view");
    const lgeaAdmin = await roleRow(api, admin1.staff.district.id, "LGEA Administrator");
    expect(lgeaAdmin.operations).not.toContain("audit.view");
    const withoutIt = await workingAtAlimoshoLgea(api, admin1);
    await expectError(await calls.search(withoutIt), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/audit/download", { token: withoutIt.authorizationToken }), 403, authMessages.forbidden);
  });

  it("shows LGEA staff the entries of their LGEA's schools and their own changes, and nothing else of the district", async () => {
    atLgea = await workingAtAlimoshoLgea(api, admin1, auditor.id);
    // The district administrator's changes to a school in the LGEA: seen.
    const inReach = await calls.page(atLgea, { recordId: alimoshoSchool.id });
    expect(inReach.entries.map((e) => e.operation)).toEqual(["school.update", "school.create"]);
    expect(inReach.entries[0]?.actor?.id).toBe(admin1.staff.id);
    // A school of another local government, and the role the administrator made: not seen, filtered or not.
    expect((await calls.page(atLgea, { recordId: agegeSchool.id })).entries).toEqual([]);
    const everything = await calls.page(atLgea, { limit: 200 });
    const ids = everything.entries.map((e) => e.recordId);
    expect(ids).toContain(alimoshoSchool.id);
    expect(ids).not.toContain(agegeSchool.id);
    expect(ids).not.toContain(auditor.id);

    // Their own change is theirs to see, under their name.
    await calls.renameSchool(atLgea, { ...alimoshoSchool, ...(await schoolNow(alimoshoSchool.id)) }, "Audit Reach Alimosho Model Primary");
    const latest = await calls.page(atLgea, { recordId: alimoshoSchool.id, actor: atLgea.staff.id });
    expect(latest.entries).toMatchObject([
      {
        operation: "school.update",
        actor: { id: atLgea.staff.id, name: `${atLgea.staff.firstName} ${atLgea.staff.lastName}` },
        changes: [{ field: "name", before: "Audit Reach Alimosho Primary", after: "Audit Reach Alimosho Model Primary" }],
      },
    ]);
    // And the district administrator sees it too.
    expect((await calls.page(admin1, { recordId: alimoshoSchool.id })).entries[0]?.actor?.id).toBe(atLgea.staff.id);
  });

  it("offers LGEA staff only the people in their reach to filter by", async () => {
    atLgea ??= await workingAtAlimoshoLgea(api, admin1, auditor.id);
    const people = await expectOk<{ id: string }[]>(await api.call("GET", "/audit/people?search=", { token: atLgea.authorizationToken }));
    expect(people.map((p) => p.id)).not.toContain(admin1.staff.id);
    expect(people.length).toBeGreaterThan(0);
  });

  const schoolNow = async (id: string) =>
    (await expectOk<{ school: SchoolDetail }>(await api.call("GET", `/school/view/${id}`, { token: admin1.authorizationToken }))).school;
});
