import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import {
  superAdminMessages,
  type DistrictStatusResult,
  type RequirementDeleted,
  type RequirementItem,
  type RequirementResult,
  type SuperAdminDistricts,
} from "../../../lib/contract/super-admin";
import type { AuthResult, SignedInUser } from "../../../lib/contract/user";
import { district, requirement, statePortal } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, randomId } from "../../test/helpers";

describe("super administration", () => {
  let api: TestApi;
  let superAdmin: AuthResult;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  let d2: string;
  let stateId: string;
  let otherStateId: string;
  /** The demo seed's requirements (all completed): the state's, and each district's own. */
  let seededState: RequirementItem[];
  let seededD1: RequirementItem[];
  let seededD2: RequirementItem[];
  let seededElsewhere = 0;
  beforeAll(async () => {
    api = await createTestApi();
    [superAdmin, admin1, admin2] = await Promise.all([api.loginSuperAdmin(), api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
    stateId = admin1.staff.stateDetails.id;
    const [other] = await api.db.insert(statePortal).values({ name: "Ogun" }).returning();
    if (!other) throw new Error("state insert failed");
    otherStateId = other.id;
    const seeded = await api.db.select().from(requirement);
    const items = (districtId: string | null) =>
      byId(seeded.filter((r) => r.districtId === districtId).map(({ id, description, completed }) => ({ id, description, completed })));
    [seededState, seededD1, seededD2] = [items(null), items(d1), items(d2)];
    seededElsewhere = seeded.filter((r) => r.districtId !== null && r.districtId !== d1 && r.districtId !== d2).length;
    expect(seededCount()).toBe(seeded.length);
  });
  afterAll(() => api.close());

  const token = () => superAdmin.authorizationToken;
  const list = (t: string) => api.call("GET", "/super-admin/districts", { token: t });
  const create = (t: string, body: unknown) => api.call("POST", "/super-admin/requirements", { token: t, body });
  const complete = (t: string, id: string, body: unknown) => api.call("PATCH", `/super-admin/requirements/${id}`, { token: t, body });
  const remove = (t: string, id: string) => api.call("DELETE", `/super-admin/requirements/${id}`, { token: t });
  const setStatus = (t: string, id: string, body: unknown) => api.call("PATCH", `/super-admin/districts/${id}/account-status`, { token: t, body });
  const me = async (who: AuthResult) => expectOk<SignedInUser>(await api.call("GET", "/auth/me", { token: who.authorizationToken }));
  const requirementRows = () => api.db.select().from(requirement);
  /** Sorted by id: /auth/me does not order requirements, and the seed's share one creation time. */
  const byId = <T extends { id: string }>(items: readonly T[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const seededCount = () => seededState.length + seededD1.length + seededD2.length + seededElsewhere;
  const issuesOf = async (response: Response) => (await expectError(response, 400, formInvalidMessage)).issues;

  describe("access", () => {
    const calls = (t: string) => [
      list(t),
      create(t, { stateId, description: "Upload the district charter" }),
      complete(t, randomId(), { completed: true }),
      remove(t, randomId()),
      setStatus(t, d1, { accountStatus: "Suspended" }),
    ];

    it("answers 401 without a token on every route", async () => {
      for (const response of await Promise.all(calls(""))) await expectError(response, 401, authMessages.notSignedIn);
    });

    it("answers 403 to a district administrator on every route, and changes nothing", async () => {
      const before = await requirementRows();
      for (const response of await Promise.all(calls(admin1.authorizationToken))) await expectError(response, 403, authMessages.forbidden);
      expect(await requirementRows()).toEqual(before);
      const [d] = await api.db.select().from(district).where(eq(district.id, d1));
      expect(d?.accountStatus).toBe("Active");
    });
  });

  describe("GET /super-admin/districts", () => {
    it("lists every district with its state and requirements, by state then district name", async () => {
      const [extra] = await api.db.insert(district).values({ stateId: otherStateId, name: "Abeokuta District", accountStatus: "Unverified" }).returning();
      if (!extra) throw new Error("district insert failed");
      const { districts } = await expectOk<SuperAdminDistricts>(await list(token()));
      const all = await api.db.select().from(district);
      expect(districts).toHaveLength(all.length);
      const keys = districts.map((d) => [d.state.name.toLowerCase(), d.name.toLowerCase()].join("|"));
      expect(keys).toEqual([...keys].sort());
      const first = districts.find((d) => d.id === d1);
      expect(first).toEqual({
        id: d1,
        name: admin1.staff.district.name,
        accountStatus: "Active",
        state: { id: stateId, name: admin1.staff.stateDetails.name },
        requirements: { state: seededState, district: seededD1 },
      });
      expect(districts.find((d) => d.id === extra.id)).toMatchObject({ accountStatus: "Unverified", state: { id: otherStateId, name: "Ogun" } });
      await api.db.delete(district).where(eq(district.id, extra.id));
    });
  });

  describe("POST /super-admin/requirements", () => {
    it("refuses a missing, empty or short description with the field messages", async () => {
      expect(await issuesOf(await create(token(), { stateId }))).toEqual([{ path: "description", message: fieldMessages.nameRequired }]);
      expect(await issuesOf(await create(token(), { stateId, description: "   " }))).toEqual([{ path: "description", message: fieldMessages.nameRequired }]);
      expect(await issuesOf(await create(token(), { stateId, description: " ab " }))).toEqual([{ path: "description", message: fieldMessages.nameTooShort }]);
      expect(await issuesOf(await create(token(), { stateId, description: "x".repeat(301) }))).toEqual([
        { path: "description", message: superAdminMessages.descriptionTooLong },
      ]);
    });

    it("refuses a missing state and malformed ids", async () => {
      expect(await issuesOf(await create(token(), { description: "Valid text" }))).toEqual([{ path: "stateId", message: fieldMessages.stateRequired }]);
      expect(await issuesOf(await create(token(), { stateId, districtId: "nope", description: "Valid text" }))).toEqual([
        { path: "districtId", message: superAdminMessages.invalidId },
      ]);
      expect(await requirementRows()).toHaveLength(seededCount());
    });

    it("answers 404 for an unknown state, an unknown district, and a district of another state", async () => {
      await expectError(await create(token(), { stateId: randomId(), description: "Valid text" }), 404, authMessages.notFound);
      await expectError(await create(token(), { stateId, districtId: randomId(), description: "Valid text" }), 404, authMessages.notFound);
      await expectError(await create(token(), { stateId: otherStateId, districtId: d1, description: "Valid text" }), 404, authMessages.notFound);
      expect(await requirementRows()).toHaveLength(seededCount());
    });
  });

  describe("requirements reach the signed-in user of the district", () => {
    let districtReq: string;
    let stateReq: string;

    it("starts with no missing requirements", async () => {
      expect((await me(admin1)).missingRequirements.unSatisfiedRequirementsExist).toBe(false);
    });

    it("creates a district requirement, stored and audited; district 1's /auth/me is blocked by it, district 2's is not", async () => {
      const { requirement: created } = await expectOk<RequirementResult>(
        await create(token(), { stateId, districtId: d1, description: "  Upload the district charter " }),
        201,
      );
      expect(created).toEqual({ id: expect.any(String), stateId, districtId: d1, description: "Upload the district charter", completed: false });
      districtReq = created.id;
      const [row] = await api.db.select().from(requirement).where(eq(requirement.id, created.id));
      expect(row).toMatchObject(created);
      const audit = await auditOf(api, created.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorStaffId: superAdmin.staff.id, districtId: d1, operation: "requirement.create", before: null, after: created });

      const { missingRequirements } = await me(admin1);
      expect(missingRequirements.unSatisfiedRequirementsExist).toBe(true);
      expect(byId(missingRequirements.districtPortal.requirements)).toEqual(
        byId([...seededD1, { id: created.id, description: "Upload the district charter", completed: false }]),
      );
      expect(byId(missingRequirements.statePortal.requirements)).toEqual(seededState);
      const other = (await me(admin2)).missingRequirements;
      expect(other.unSatisfiedRequirementsExist).toBe(false);
      expect(byId(other.districtPortal.requirements)).toEqual(seededD2);
    });

    it("creates a state requirement (districtId null), audited under the actor's district; both districts see it", async () => {
      const { requirement: created } = await expectOk<RequirementResult>(
        await create(token(), { stateId, districtId: null, description: "Approve the state curriculum" }),
        201,
      );
      expect(created).toEqual({ id: expect.any(String), stateId, districtId: null, description: "Approve the state curriculum", completed: false });
      stateReq = created.id;
      const audit = await auditOf(api, created.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorStaffId: superAdmin.staff.id,
        districtId: superAdmin.staff.district.id,
        operation: "requirement.create",
        before: null,
        after: created,
      });

      for (const who of [admin1, admin2]) {
        const { missingRequirements } = await me(who);
        expect(missingRequirements.unSatisfiedRequirementsExist).toBe(true);
        expect(byId(missingRequirements.statePortal.requirements)).toEqual(
          byId([...seededState, { id: created.id, description: "Approve the state curriculum", completed: false }]),
        );
      }
    });

    it("lists both under the right districts", async () => {
      const { districts } = await expectOk<SuperAdminDistricts>(await list(token()));
      const byDistrict = new Map(districts.map((d) => [d.id, d]));
      // Oldest first: the seed's (one creation time, so by id), then the new ones.
      const state = [...seededState, { id: stateReq, description: "Approve the state curriculum", completed: false }];
      expect(byDistrict.get(d1)?.requirements).toEqual({
        state,
        district: [...seededD1, { id: districtReq, description: "Upload the district charter", completed: false }],
      });
      expect(byDistrict.get(d2)?.requirements).toEqual({ state, district: seededD2 });
    });

    it("refuses a completion body that is not a boolean, and an unknown id", async () => {
      expect(await issuesOf(await complete(token(), districtReq, { completed: "yes" }))).toEqual([
        { path: "completed", message: superAdminMessages.completedRequired },
      ]);
      expect(await issuesOf(await complete(token(), districtReq, {}))).toEqual([{ path: "completed", message: superAdminMessages.completedRequired }]);
      await expectError(await complete(token(), "not-a-uuid", { completed: true }), 400, formInvalidMessage);
      await expectError(await complete(token(), randomId(), { completed: true }), 404, authMessages.notFound);
    });

    it("marks them completed, stored and audited; /auth/me is clear again", async () => {
      const { requirement: done } = await expectOk<RequirementResult>(await complete(token(), districtReq, { completed: true }));
      expect(done).toEqual({ id: districtReq, stateId, districtId: d1, description: "Upload the district charter", completed: true });
      expect((await me(admin1)).missingRequirements.unSatisfiedRequirementsExist).toBe(true);
      await expectOk<RequirementResult>(await complete(token(), stateReq, { completed: true }));

      const rows = await requirementRows();
      expect(rows.every((r) => r.completed)).toBe(true);
      const audit = await auditOf(api, districtReq);
      expect(audit).toHaveLength(2);
      expect(audit[1]).toMatchObject({ districtId: d1, operation: "requirement.update", before: { completed: false }, after: { completed: true } });
      expect((await auditOf(api, stateReq))[1]).toMatchObject({ districtId: superAdmin.staff.district.id, operation: "requirement.update" });

      for (const who of [admin1, admin2]) {
        const { missingRequirements } = await me(who);
        expect(missingRequirements.unSatisfiedRequirementsExist).toBe(false);
        expect(missingRequirements.statePortal.requirements).toContainEqual({ id: stateReq, description: "Approve the state curriculum", completed: true });
      }
      expect((await me(admin1)).missingRequirements.districtPortal.requirements).toContainEqual({
        id: districtReq,
        description: "Upload the district charter",
        completed: true,
      });
    });

    it("marking one uncompleted again blocks the portal again", async () => {
      await expectOk<RequirementResult>(await complete(token(), stateReq, { completed: false }));
      expect((await me(admin2)).missingRequirements.unSatisfiedRequirementsExist).toBe(true);
    });

    it("deletes requirements, audited; an unknown id is 404", async () => {
      const deleted = await expectOk<RequirementDeleted>(await remove(token(), stateReq));
      expect(deleted).toEqual({ message: "Requirement deleted" });
      await expectOk<RequirementDeleted>(await remove(token(), districtReq));
      expect(await requirementRows()).toHaveLength(seededCount());
      const audit = await auditOf(api, stateReq);
      expect(audit.at(-1)).toMatchObject({ operation: "requirement.delete", before: { id: stateReq, districtId: null }, after: null });
      expect((await auditOf(api, districtReq)).at(-1)).toMatchObject({ districtId: d1, operation: "requirement.delete", after: null });
      await expectError(await remove(token(), stateReq), 404, authMessages.notFound);
      await expectError(await remove(token(), "not-a-uuid"), 400, formInvalidMessage);
      expect((await me(admin2)).missingRequirements.unSatisfiedRequirementsExist).toBe(false);
    });
  });

  describe("PATCH /super-admin/districts/:id/account-status", () => {
    const districtRow = async (id: string) => {
      const [row] = await api.db.select().from(district).where(eq(district.id, id));
      if (!row) throw new Error(`no district ${id}`);
      return row;
    };

    it("refuses a status it does not set, and an unknown district", async () => {
      for (const accountStatus of ["ResetPassword", "Pending", undefined]) {
        expect(await issuesOf(await setStatus(token(), d1, { accountStatus }))).toEqual([
          { path: "accountStatus", message: superAdminMessages.accountStatusInvalid },
        ]);
      }
      await expectError(await setStatus(token(), randomId(), { accountStatus: "Active" }), 404, authMessages.notFound);
      await expectError(await setStatus(token(), "nope", { accountStatus: "Active" }), 400, formInvalidMessage);
      expect((await districtRow(d1)).accountStatus).toBe("Active");
    });

    it("sets district 1 Unverified: version bumped, audited, its staff see it in /auth/me; district 2 is unaffected", async () => {
      const before = await districtRow(d1);
      const other = await districtRow(d2);
      const result = await expectOk<DistrictStatusResult>(await setStatus(token(), d1, { accountStatus: "Unverified" }));
      expect(result).toEqual({ district: { id: d1, name: before.name, accountStatus: "Unverified" } });
      const after = await districtRow(d1);
      expect(after).toMatchObject({ accountStatus: "Unverified", version: before.version + 1 });
      const audit = await auditOf(api, d1);
      expect(audit.at(-1)).toMatchObject({
        actorStaffId: superAdmin.staff.id,
        districtId: d1,
        operation: "district.accountStatus",
        before: { accountStatus: "Active", version: before.version },
        after: { accountStatus: "Unverified", version: before.version + 1 },
      });
      expect((await me(admin1)).staff.district.accountStatus).toBe("Unverified");
      expect((await me(admin2)).staff.district.accountStatus).toBe("Active");
      expect(await districtRow(d2)).toMatchObject({ accountStatus: "Active", version: other.version });
    });

    it("sets it Suspended and back to Active, each bumping the version", async () => {
      const start = (await districtRow(d1)).version;
      await expectOk<DistrictStatusResult>(await setStatus(token(), d1, { accountStatus: "Suspended" }));
      expect((await me(admin1)).staff.district.accountStatus).toBe("Suspended");
      const { district: restored } = await expectOk<DistrictStatusResult>(await setStatus(token(), d1, { accountStatus: "Active" }));
      expect(restored.accountStatus).toBe("Active");
      expect((await districtRow(d1)).version).toBe(start + 2);
      expect((await me(admin1)).staff.district.accountStatus).toBe("Active");
      expect((await auditOf(api, d1)).filter((a) => a.operation === "district.accountStatus")).toHaveLength(3);
    });
  });
});
