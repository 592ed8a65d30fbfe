import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SchoolDetail, SchoolSearchResult } from "../../lib/contract/schools";
import type { AuthResult } from "../../lib/contract/user";
import { demoPasswords } from "./demo-data";
import { lgea, school } from "./schema";
import { createTestApi, type TestApi } from "../test/harness";
import { expectError, expectOk, staffRow } from "../test/helpers";
import { schoolMessages } from "../../lib/contract/schools";
import { authMessages, formInvalidMessage } from "../../lib/contract/messages";

/**
 * Staff whose current organisation is a school or an LGEA reach only that part of the district
 * (architecture 'LGEA portals'): its schools and their staff, whatever operations their role holds.
 */
describe("a scope narrowed to a school or an LGEA", () => {
  let api: TestApi;
  let admin: AuthResult;
  let roleId: string;
  let districtId: string;
  const schoolIds: Record<string, string> = {};
  const lgeaIds: Record<string, string> = {};

  /** Funmilayo Ogunleye (a teacher posted at Agege Senior Grammar School) given the role at `organizationId` and working there. */
  async function workingAt(organizationId: string): Promise<string> {
    const person = await staffRow(api, "funmilayo.ogunleye@example.org");
    const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
      await api.call("POST", "/role/assign", { token: admin.authorizationToken, body: { staffId: person.id, roleId, organizationId } }),
      201,
    );
    const signedIn = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
    const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken }));
    expect(switched.currentOrganization.id).toBe(organizationId);
    return switched.authorizationToken;
  }

  const search = async (token: string) =>
    (await expectOk<SchoolSearchResult>(await api.call("GET", "/school/search?limit=100", { token }))).foundSchools.map((s) => s.name).sort();

  beforeAll(async () => {
    api = await createTestApi();
    admin = await api.loginAdmin(1);
    districtId = admin.staff.district.id;
    for (const row of await api.db.select().from(school).where(eq(school.districtId, districtId))) schoolIds[row.name] = row.id;
    for (const row of await api.db.select().from(lgea).where(eq(lgea.districtId, districtId))) lgeaIds[row.localGovernment] = row.id;
    const created = await expectOk<{ role: { id: string } }>(
      await api.call("POST", "/role/add", {
        token: admin.authorizationToken,
        body: {
          name: "Head of a part of the district",
          operations: [
            "school.view",
            "school.create",
            "school.update",
            "role.view",
            "role.assign",
            "staff.view",
            "district.view",
            "district.update",
            "role.create",
          ],
        },
      }),
      201,
    );
    roleId = created.role.id;
  });
  afterAll(() => api.close());

  describe("at a school", () => {
    let token: string;
    beforeAll(async () => {
      token = await workingAt(schoolIds["Agege Senior Grammar School"] ?? "");
    });

    it("finds and opens only that school", async () => {
      expect(await search(token)).toEqual(["Agege Senior Grammar School"]);
      await expectOk(await api.call("GET", `/school/view/${schoolIds["Agege Senior Grammar School"]}`, { token }));
      await expectError(await api.call("GET", `/school/view/${schoolIds["Alimosho Junior High School"]}`, { token }), 404, authMessages.notFound);
    });

    it("cannot change another school of the district", async () => {
      const other = schoolIds["Alimosho Junior High School"] ?? "";
      const body = { name: "Renamed By A Principal", address: "1 Road", localGovernment: "Alimosho", category: "Junior Secondary", version: 1 };
      await expectError(await api.call("PATCH", `/school/update/${other}`, { token, body }), 404, authMessages.notFound);
      const [unchanged] = await api.db.select().from(school).where(eq(school.id, other));
      expect(unchanged?.name).toBe("Alimosho Junior High School");
    });

    it("gives roles only at that school, and only to its staff", async () => {
      const colleague = await staffRow(api, "babatunde.adeyemi@example.org"); // posted at Agege Senior Grammar School
      const outsider = await staffRow(api, "ngozi.obi@example.org"); // posted at Alimosho Junior High School
      const self = await staffRow(api, "funmilayo.ogunleye@example.org");
      const assign = (staffId: string, organizationId?: string) => api.call("POST", "/role/assign", { token, body: { staffId, roleId, organizationId } });
      await expectError(await assign(self.id), 404, authMessages.notFound); // the district itself
      await expectError(await assign(self.id, districtId), 404, authMessages.notFound);
      await expectError(await assign(colleague.id, lgeaIds["Agege"]), 404, authMessages.notFound);
      await expectError(await assign(colleague.id, schoolIds["Alimosho Junior High School"]), 404, authMessages.notFound);
      await expectError(await assign(outsider.id, schoolIds["Agege Senior Grammar School"]), 404, authMessages.notFound);
      await expectOk(await assign(colleague.id, schoolIds["Agege Senior Grammar School"]), 201);
    });

    it("reads the district's profile and roles but does not change them", async () => {
      await expectOk(await api.call("GET", `/district/view/${districtId}`, { token }));
      await expectOk(await api.call("GET", `/role/get-by-id/${roleId}`, { token }));
      const district = await expectOk<{ district: { version: number } }>(await api.call("GET", `/district/view/${districtId}`, { token }));
      const update = { name: "Taken Over", address: "1 Road", phoneNumbers: [], emails: [], version: district.district.version };
      await expectError(await api.call("PATCH", `/district/update/${districtId}`, { token, body: update }), 403, authMessages.forbidden);
      await expectError(await api.call("POST", "/role/add", { token, body: { name: "Mine", operations: ["school.view"] } }), 403, authMessages.forbidden);
    });

    it("sees the figures of its own school on the dashboard", async () => {
      const figures = await expectOk<{ schools: number; lgeas: number }>(await api.call("GET", `/district/get-dashboard-information/${districtId}`, { token }));
      expect(figures.schools).toBe(1);
      expect(figures.lgeas).toBe(1);
    });
  });

  describe("at an LGEA", () => {
    let token: string;
    beforeAll(async () => {
      token = await workingAt(lgeaIds["Alimosho"] ?? "");
    });

    it("finds only the LGEA's schools and local government", async () => {
      expect(await search(token)).toEqual(["Alimosho Junior High School"]);
      const list = await expectOk<{ localGovernments: string[] }>(await api.call("GET", "/school/local-government-list", { token }));
      expect(list.localGovernments).toEqual(["Alimosho"]);
      await expectError(await api.call("GET", `/school/view/${schoolIds["Agege Senior Grammar School"]}`, { token }), 404, authMessages.notFound);
    });

    it("adds schools only in its own local government", async () => {
      const elsewhere = { name: "Agege Annex School", address: "2 Road", localGovernment: "Agege", category: "Primary" };
      const refused = await expectError(await api.call("POST", "/school/add", { token, body: elsewhere }), 400, formInvalidMessage);
      expect(refused.issues).toEqual([{ path: "localGovernment", message: schoolMessages.lgaNotInDistrict }]);
      const created = await expectOk<{ school: SchoolDetail }>(
        await api.call("POST", "/school/add", { token, body: { ...elsewhere, name: "Alimosho Annex School", localGovernment: "Alimosho" } }),
        201,
      );
      expect(created.school.lgea?.id).toBe(lgeaIds["Alimosho"]);
      const [stored] = await api.db
        .select()
        .from(school)
        .where(and(eq(school.id, created.school.id), eq(school.districtId, districtId)));
      expect(stored?.lgeaId).toBe(lgeaIds["Alimosho"]);
    });
  });

  it("leaves staff working at district level with the whole district", async () => {
    expect((await search(admin.authorizationToken)).length).toBeGreaterThanOrEqual(3);
  });
});
