import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import type { RoleSummary } from "../../../lib/contract/roles";
import { statisticsMessages } from "../../../lib/contract/statistics";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { school } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, randomId, roleRow, staffRow } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { statisticsCalls } from "./statistics-test-support";

/**
 * Who reads the statistics (issue: statistics): holders of statistics.view (the district administrator by
 * default), each for their reach: the district, their LGEA's schools, or their school; nothing else of it.
 */
describe("GET /statistics/enrolment: reach, empty states and refusals", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let viewer: RoleSummary;
  let calls: ReturnType<typeof statisticsCalls>;

  beforeAll(async () => {
    api = await createTestApi();
    calls = statisticsCalls(api);
    admin1 = await api.loginAdmin(1);
    viewer = (
      await expectOk<{ role: RoleSummary }>(
        await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Statistics Viewer", operations: ["statistics.view"] } }),
        201,
      )
    ).role;
  });
  afterAll(() => api.close());

  it("gives the district administrator role statistics.view, and refuses the figures without it", async () => {
    expect((await roleRow(api, admin1.staff.district.id, "District Administrator")).operations).toContain("statistics.view");
    const teacher = await api.login("emeka.eze@example.org", demoPasswords.staff);
    await expectError(await calls.enrolmentCall(teacher), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/statistics/enrolment"), 401, authMessages.notSignedIn);
  });

  it("narrows to an LGEA: only its schools' pupils, its LGEA alone, and the registers it downloads agree", async () => {
    const atLgea = await workingAtAlimoshoLgea(api, admin1, viewer.id);
    const district = await calls.enrolment(admin1);
    const lgea = await calls.enrolment(atLgea);
    expect(lgea.reach).toEqual({ level: "lgea", name: "Alimosho LGEA" });
    expect(lgea.byLgea.map((l) => l.lgea)).toEqual(["Alimosho LGEA"]);
    expect(lgea.bySchool.every((s) => s.lgea === "Alimosho LGEA")).toBe(true);
    const alimosho = present(district.byLgea.find((l) => l.lgea === "Alimosho LGEA"));
    expect(lgea.totals).toEqual({ male: alimosho.male, female: alimosho.female, total: alimosho.total });
    // Another LGEA's school named as a filter finds nothing in reach.
    const agege = present(district.bySchool.find((s) => s.lgea === "Agege LGEA"));
    const outside = await calls.enrolment(atLgea, { schoolId: agege.schoolId });
    expect(outside.totals.total).toBe(0);
    expect(outside.bySchool).toEqual([]);
    expect(outside.byArm).toEqual([]);
  });

  it("narrows to a school: its figures and its class arms only", async () => {
    const [agege] = await api.db
      .select()
      .from(school)
      .where(and(eq(school.districtId, admin1.staff.district.id), eq(school.name, "Agege Senior Grammar School")));
    const person = (await staffRow(api, "chiamaka.nwosu@example.org")).id;
    const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
      await api.call("POST", "/role/assign", {
        token: admin1.authorizationToken,
        body: { staffId: person, roleId: viewer.id, organizationId: present(agege).id },
      }),
      201,
    );
    const signedIn = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const atSchool = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken }));
    const figures = await calls.enrolment(atSchool);
    expect(figures.reach).toEqual({ level: "school", name: "Agege Senior Grammar School" });
    expect(figures.bySchool.map((s) => s.school)).toEqual(["Agege Senior Grammar School"]);
    expect(figures.totals).toEqual({ male: 6, female: 6, total: 12 });
    expect(figures.byArm?.map((a) => a.className)).toEqual(["SSS 1A", "SSS 2A", "SSS 3A"]);
    expect(figures.byArm?.reduce((sum, a) => sum + a.total, 0)).toBe(12);
  });

  it("shows empty figures, never a division by zero, where no pupil matches, and lists a school without pupils", async () => {
    const none = await calls.enrolment(admin1, { category: "Technical College" });
    expect(none).toMatchObject({ totals: { male: 0, female: 0, total: 0 }, bySchool: [], byLgea: [], byClassType: [], byLevel: [] });
    const empty = await expectOk<{ school: { id: string } }>(
      await api.call("POST", "/school/add", {
        token: admin1.authorizationToken,
        body: { name: "Statistics Empty School", address: "1 Census Road", localGovernment: "Agege", category: "Special Needs" },
      }),
      201,
    );
    const primary = await calls.enrolment(admin1, { category: "Special Needs" });
    expect(primary.bySchool).toEqual([
      expect.objectContaining({ school: "Statistics Empty School", male: 0, female: 0, total: 0, lgea: "Agege LGEA", category: "Special Needs" }),
    ]);
    expect(primary.byLgea).toEqual([{ lgeaId: expect.any(String), lgea: "Agege LGEA", male: 0, female: 0, total: 0, parity: { value: null, flagged: false } }]);
    const arms = await calls.enrolment(admin1, { schoolId: empty.school.id });
    expect(arms.byArm).toEqual([]);
  });

  it("answers 404 for another district and 400 for a bad filter or a session after the current", async () => {
    const admin2 = await api.loginAdmin(2);
    await expectError(await calls.enrolmentCall(admin1, { "district[0]": admin2.staff.district.id }), 404, authMessages.notFound);
    await expectError(await calls.enrolmentCall(admin1, { "district[0]": randomId() }), 404, authMessages.notFound);
    expect((await calls.enrolmentCall(admin1, { session: "2026-2027" })).status).toBe(400);
    expect((await calls.enrolmentCall(admin1, { gender: "Other" as "Male" })).status).toBe(400);
    await expectError(await calls.enrolmentCall(admin1, { session: "2999/3000" }), 400, statisticsMessages.futureSession);
    // An earlier session counts the pupils admitted by its end: the seed admits from 2020 to 2025, one in six a year.
    const early = await calls.enrolment(admin1, { session: "2020/2021" });
    expect(early.totals.total).toBeGreaterThan(0);
    expect(early.totals.total).toBeLessThan((await calls.enrolment(admin1)).totals.total);
    // A super administrator reads any district's figures.
    const superAdmin = await api.loginSuperAdmin();
    const other = await calls.enrolment(superAdmin, { "district[0]": admin2.staff.district.id });
    expect(other.totals.total).toBe(48);
  });
});
