import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { permissionCatalogue } from "../../../lib/contract/permissions";
import { roleMessages, type RoleDeleted, type RoleDetail, type RoleSummary } from "../../../lib/contract/roles";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { role, roleAccess } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { isUniqueViolation } from "../../db/unique-violation";
import { auditOf, expectError, expectOk, randomId, roleRow, staffRow } from "../../test/helpers";

describe("roles", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let teacher: AuthResult;
  let supervisor: AuthResult;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2, teacher, supervisor] = await Promise.all([
      api.loginAdmin(1),
      api.loginAdmin(2),
      api.login("chiamaka.nwosu@example.org", demoPasswords.staff),
      api.login("babatunde.adeyemi@example.org", demoPasswords.staff),
    ]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
  });
  afterAll(() => api.close());

  const add = (token: string, body: unknown) => api.call("POST", "/role/add", { token, body });
  const update = (token: string, id: string, body: unknown) => api.call("PATCH", `/role/update/${id}`, { token, body });
  const get = (token: string, id: string) => api.call("GET", `/role/get-by-id/${id}`, { token });
  const rolesOf = (id: string) => api.db.select().from(role).where(eq(role.districtId, id));

  describe("POST /role/add", () => {
    it("creates the role in the caller's district, stored and audited", async () => {
      const body = { name: "  Exam   Officer ", description: "Runs exams.", operations: ["student.view", "school.view", "student.view"] };
      const { role: created } = await expectOk<{ role: RoleSummary }>(await add(admin1.authorizationToken, body), 201);
      expect(created).toEqual({
        id: expect.any(String),
        districtId: d1,
        name: "Exam Officer",
        description: "Runs exams.",
        operations: ["school.view", "student.view"],
        holderCount: 0,
        version: 1,
      });
      const stored = await roleRow(api, d1, "Exam Officer");
      expect(stored).toMatchObject({ id: created.id, operations: ["school.view", "student.view"], version: 1 });
      const audit = await auditOf(api, created.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorStaffId: admin1.staff.id, districtId: d1, operation: "role.create", before: null, after: created });
    });

    it("refuses a name the district already has, ignoring case and spaces, with 409", async () => {
      const before = await rolesOf(d1);
      const response = await add(admin1.authorizationToken, { name: " school   SUPERVISOR ", operations: ["school.view"] });
      await expectError(response, 409, roleMessages.nameTaken);
      expect(await rolesOf(d1)).toHaveLength(before.length);
    });

    it("allows the same name in another district", async () => {
      const { role: created } = await expectOk<{ role: RoleSummary }>(
        await add(admin2.authorizationToken, { name: "Exam Officer", operations: ["class.view"] }),
        201,
      );
      expect(created.districtId).toBe(d2);
      expect((await roleRow(api, d2, "Exam Officer")).id).toBe(created.id);
    });

    it("lets one of two concurrent creates of the same name through; the unique index backs the check", async () => {
      const body = { name: "Race Officer", operations: ["school.view"] };
      const statuses = (await Promise.all([add(admin1.authorizationToken, body), add(admin1.authorizationToken, { ...body, name: "race  officer" })])).map(
        (r) => r.status,
      );
      expect(statuses.sort()).toEqual([201, 409]);
      const duplicate = await api.db
        .insert(role)
        .values({ districtId: d1, name: " RACE OFFICER", operations: [] })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isUniqueViolation(duplicate, "role_district_name_uq")).toBe(true);
      expect(isUniqueViolation(duplicate, "role_access_uq")).toBe(false);
    });

    it("answers 400 with the form's messages", async () => {
      const cases: [unknown, string, string][] = [
        [{ operations: ["school.view"] }, "name", fieldMessages.nameRequired],
        [{ name: "   ", operations: ["school.view"] }, "name", fieldMessages.nameRequired],
        [{ name: "ab", operations: ["school.view"] }, "name", fieldMessages.nameTooShort],
        [{ name: "x".repeat(81), operations: ["school.view"] }, "name", "At most 80 characters."],
        [{ name: "Valid name", description: "d".repeat(501), operations: ["school.view"] }, "description", "At most 500 characters."],
        [{ name: "Valid name", operations: [] }, "operations", "Choose at least one permission."],
        [{ name: "Valid name", operations: ["school.explode"] }, "operations.0", "Unknown permission."],
      ];
      for (const [body, path, message] of cases) {
        const error = await expectError(await add(admin1.authorizationToken, body), 400, formInvalidMessage);
        // A blank name also fails the length rule; the form shows the first message.
        expect(error.issues?.[0], JSON.stringify(body)).toEqual({ path, message });
        expect(
          error.issues?.every((i) => i.path === path),
          JSON.stringify(body),
        ).toBe(true);
      }
      expect(await api.db.select().from(role).where(eq(role.name, "Valid name"))).toEqual([]);
    });

    it("answers 401 without a token and 403 without role.create", async () => {
      const body = { name: "Sneaky role", operations: ["school.view"] };
      await expectError(await add("", body), 401, authMessages.notSignedIn);
      await expectError(await add(teacher.authorizationToken, body), 403, authMessages.forbidden);
      await expectError(await add(supervisor.authorizationToken, body), 403, authMessages.forbidden);
      expect(await api.db.select().from(role).where(eq(role.name, "Sneaky role"))).toEqual([]);
    });
  });

  describe("GET /role/get-by-id/{id}", () => {
    it("gives the role with its permissions from the catalogue and its holders", async () => {
      const seeded = await roleRow(api, d1, "School Supervisor");
      const { role: detail } = await expectOk<{ role: RoleDetail }>(await get(admin1.authorizationToken, seeded.id));
      expect(detail).toMatchObject({ id: seeded.id, districtId: d1, name: "School Supervisor", version: 1, holderCount: 1 });
      const expected = permissionCatalogue
        .filter((p) => seeded.operations.includes(p.operation))
        .map(({ operation, name, description, category }) => ({ operation, name, description, category }));
      expect([...detail.permissions].sort((a, b) => a.operation.localeCompare(b.operation))).toEqual(
        expected.sort((a, b) => a.operation.localeCompare(b.operation)),
      );
      expect(detail.holders).toEqual([
        {
          roleAccessId: expect.any(String),
          staff: { id: supervisor.staff.id, firstName: "Babatunde", lastName: "Adeyemi", email: "babatunde.adeyemi@example.org" },
          organization: { id: d1, name: "Education District I", type: "District" },
        },
      ]);
    });

    it("answers 404 for another district's role or an unknown id, and the super administrator sees any", async () => {
      const other = await roleRow(api, d2, "School Supervisor");
      await expectError(await get(admin1.authorizationToken, other.id), 404, authMessages.notFound);
      await expectError(await get(admin1.authorizationToken, randomId()), 404, authMessages.notFound);
      const superAdmin = await api.loginSuperAdmin();
      const { role: seen } = await expectOk<{ role: RoleDetail }>(await get(superAdmin.authorizationToken, other.id));
      expect(seen.districtId).toBe(d2);
    });

    it("answers 400 for a malformed id, 401 without a token and 403 without role.view", async () => {
      const error = await expectError(await get(admin1.authorizationToken, "nope"), 400, formInvalidMessage);
      expect(error.issues).toEqual([{ path: "id", message: "Not a valid id." }]);
      const seeded = await roleRow(api, d1, "School Supervisor");
      await expectError(await get("", seeded.id), 401, authMessages.notSignedIn);
      await expectError(await get(teacher.authorizationToken, seeded.id), 403, authMessages.forbidden);
      await expectError(await get(supervisor.authorizationToken, seeded.id), 403, authMessages.forbidden);
    });
  });

  describe("PATCH /role/update/{id}", () => {
    const fresh = async (name: string) =>
      (await expectOk<{ role: RoleSummary }>(await add(admin1.authorizationToken, { name, operations: ["school.view"] }), 201)).role;

    it("changes the role, bumps its version and audits before and after", async () => {
      const created = await fresh("Timetable Officer");
      const body = { name: "Timetable  Lead", description: "Plans timetables.", operations: ["class.view", "class.update"], version: 1 };
      const { role: updated } = await expectOk<{ role: RoleSummary }>(await update(admin1.authorizationToken, created.id, body));
      expect(updated).toEqual({ ...created, name: "Timetable Lead", description: "Plans timetables.", operations: ["class.view", "class.update"], version: 2 });
      expect(await roleRow(api, d1, "Timetable Lead")).toMatchObject({ id: created.id, version: 2, operations: ["class.view", "class.update"] });
      const audit = await auditOf(api, created.id);
      expect(audit.map((a) => a.operation)).toEqual(["role.create", "role.update"]);
      expect(audit[1]).toMatchObject({ actorStaffId: admin1.staff.id, districtId: d1, before: created, after: updated });
    });

    it("answers 409 to a stale version and keeps the newer change", async () => {
      const created = await fresh("Sports Officer");
      await expectOk(await update(admin1.authorizationToken, created.id, { name: "Sports Officer", operations: ["school.view", "class.view"], version: 1 }));
      const response = await update(admin1.authorizationToken, created.id, { name: "Games Officer", operations: ["school.view"], version: 1 });
      await expectError(response, 409, roleMessages.staleVersion);
      expect(await roleRow(api, d1, "Sports Officer")).toMatchObject({ version: 2, operations: ["school.view", "class.view"] });
      expect((await auditOf(api, created.id)).map((a) => a.operation)).toEqual(["role.create", "role.update"]);
    });

    it("lets one of two concurrent updates from the same version through", async () => {
      const created = await fresh("Exams Clerk");
      const edit = (name: string) => update(admin1.authorizationToken, created.id, { name, operations: ["school.view"], version: 1 });
      const statuses = (await Promise.all([edit("Exams Clerk A"), edit("Exams Clerk B")])).map((r) => r.status);
      expect(statuses.sort()).toEqual([200, 409]);
      expect((await api.db.select().from(role).where(eq(role.id, created.id)))[0]?.version).toBe(2);
    });

    it("answers 409 to another role's name, but a role may change its own name's case", async () => {
      const created = await fresh("Library Officer");
      await expectError(
        await update(admin1.authorizationToken, created.id, { name: "records OFFICER", operations: ["school.view"], version: 1 }),
        409,
        roleMessages.nameTaken,
      );
      expect((await roleRow(api, d1, "Library Officer")).version).toBe(1);
      const { role: renamed } = await expectOk<{ role: RoleSummary }>(
        await update(admin1.authorizationToken, created.id, { name: "LIBRARY officer", operations: ["school.view"], version: 1 }),
      );
      expect(renamed).toMatchObject({ name: "LIBRARY officer", version: 2 });
    });

    it("answers 404 for another district's role, 400 without a version, 403 without role.update", async () => {
      const other = await roleRow(api, d2, "Records Officer");
      const body = { name: "Taken over", operations: ["school.view"], version: 1 };
      await expectError(await update(admin1.authorizationToken, other.id, body), 404, authMessages.notFound);
      expect(await roleRow(api, d2, "Records Officer")).toMatchObject({ version: 1 });
      await expectError(await update(admin1.authorizationToken, randomId(), body), 404, authMessages.notFound);
      const own = await roleRow(api, d1, "Records Officer");
      const error = await expectError(
        await update(admin1.authorizationToken, own.id, { name: "Records Officer", operations: ["school.view"] }),
        400,
        formInvalidMessage,
      );
      expect(error.issues?.map((i) => i.path)).toEqual(["version"]);
      await expectError(await update(supervisor.authorizationToken, own.id, body), 403, authMessages.forbidden);
      await expectError(await update("", own.id, body), 401, authMessages.notSignedIn);
      expect((await roleRow(api, d1, "Records Officer")).version).toBe(1);
    });
  });

  describe("POST /role/delete/{id}", () => {
    it("deletes the role and its assignments in one go, audited with what was removed", async () => {
      const { role: created } = await expectOk<{ role: RoleSummary }>(
        await add(admin1.authorizationToken, { name: "Short-lived", operations: ["school.view"] }),
        201,
      );
      const staffIds = [(await staffRow(api, "ibrahim.bello@example.org")).id, (await staffRow(api, "ngozi.obi@example.org")).id];
      for (const staffId of staffIds)
        await expectOk(await api.call("POST", "/role/assign", { token: admin1.authorizationToken, body: { staffId, roleId: created.id } }), 201);

      const result = await expectOk<RoleDeleted>(await api.call("POST", `/role/delete/${created.id}`, { token: admin1.authorizationToken }));
      expect(result).toEqual({ message: "Role Deleted Successfully", removedAssignments: 2 });
      expect(await api.db.select().from(role).where(eq(role.id, created.id))).toEqual([]);
      expect(await api.db.select().from(roleAccess).where(eq(roleAccess.roleId, created.id))).toEqual([]);
      const audit = (await auditOf(api, created.id)).find((a) => a.operation === "role.delete");
      expect(audit).toMatchObject({ actorStaffId: admin1.staff.id, districtId: d1, after: null, before: { name: "Short-lived", holderCount: 2 } });
      const removed = (audit?.before as { assignments: { staffId: string }[] }).assignments.map((a) => a.staffId);
      expect(removed.sort()).toEqual([...staffIds].sort());
      await expectError(await api.call("POST", `/role/delete/${created.id}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
    });

    it("answers 404 for another district's role and leaves it alone; 403 without role.delete; 401 without a token", async () => {
      const other = await roleRow(api, d2, "School Supervisor");
      const holders = await api.db.select().from(roleAccess).where(eq(roleAccess.roleId, other.id));
      await expectError(await api.call("POST", `/role/delete/${other.id}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
      const own = await roleRow(api, d1, "School Supervisor");
      await expectError(await api.call("POST", `/role/delete/${own.id}`, { token: supervisor.authorizationToken }), 403, authMessages.forbidden);
      await expectError(await api.call("POST", `/role/delete/${own.id}`), 401, authMessages.notSignedIn);
      await roleRow(api, d2, "School Supervisor");
      await roleRow(api, d1, "School Supervisor");
      expect(await api.db.select().from(roleAccess).where(eq(roleAccess.roleId, other.id))).toEqual(holders);
      expect(await auditOf(api, other.id)).toEqual([]);
    });

    it("refuses to delete the district's administrator role (a system role other features rely on) with 409", async () => {
      const admin = await roleRow(api, d1, "District Administrator");
      expect(admin.systemKey).toBe("district-admin");
      await expectError(await api.call("POST", `/role/delete/${admin.id}`, { token: admin1.authorizationToken }), 409, roleMessages.systemRoleLocked);
      expect(await roleRow(api, d1, "District Administrator")).toEqual(admin);
    });
  });

  describe("GET /role/get-roles-for-organization/{id}", () => {
    const list = async (token: string, id: string) =>
      (await expectOk<{ roles: RoleSummary[] }>(await api.call("GET", `/role/get-roles-for-organization/${id}`, { token }))).roles;

    it("lists the district's roles by name with their holder counts, for the district, an LGEA or a school", async () => {
      const roles = await list(admin1.authorizationToken, d1);
      const stored = await rolesOf(d1);
      expect(roles.map((r) => r.id).sort()).toEqual(stored.map((r) => r.id).sort());
      expect(roles.map((r) => r.name)).toEqual(stored.map((r) => r.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(roles.every((r) => r.districtId === d1)).toBe(true);
      const byName = new Map(roles.map((r) => [r.name, r]));
      expect(byName.get("District Administrator")?.holderCount).toBe(1);
      expect(byName.get("School Supervisor")).toMatchObject({
        holderCount: 1,
        operations: ["school.view", "staff.view", "student.view", "class.view", "lgea.view", "district.view"],
      });

      const lgea = await api.db.query.lgea.findFirst({ where: (l, { eq: is }) => is(l.districtId, d1) });
      const school = await api.db.query.school.findFirst({ where: (s, { eq: is }) => is(s.districtId, d1) });
      if (!lgea || !school) throw new Error("seed has no LGEA or school");
      expect(await list(admin1.authorizationToken, lgea.id)).toEqual(roles);
      expect(await list(admin1.authorizationToken, school.id)).toEqual(roles);
    });

    it("answers 404 for another district's organisation or an unknown id; the super administrator lists any district", async () => {
      const otherSchool = await api.db.query.school.findFirst({ where: (s, { eq: is }) => is(s.districtId, d2) });
      if (!otherSchool) throw new Error("seed has no school in district 2");
      for (const id of [d2, otherSchool.id, randomId()]) {
        await expectError(await api.call("GET", `/role/get-roles-for-organization/${id}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
      }
      const superAdmin = await api.loginSuperAdmin();
      const roles = await list(superAdmin.authorizationToken, otherSchool.id);
      expect(roles.length).toBeGreaterThanOrEqual(3);
      expect(roles.every((r) => r.districtId === d2)).toBe(true);
    });

    it("answers 403 without role.view and 401 without a token", async () => {
      await expectError(await api.call("GET", `/role/get-roles-for-organization/${d1}`, { token: teacher.authorizationToken }), 403, authMessages.forbidden);
      await expectError(await api.call("GET", `/role/get-roles-for-organization/${d1}`), 401, authMessages.notSignedIn);
    });
  });
});
