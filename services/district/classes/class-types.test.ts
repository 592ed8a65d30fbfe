import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classMessages, standardClassTypes, type ClassItem, type ClassTypeItem, type ClassTypeList } from "../../../lib/contract/classes";
import { authMessages, fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { classType, school, schoolClass } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, present, randomId } from "../../test/helpers";

type TypeAnswer = { message: string; classType: ClassTypeItem };
type ClassAnswer = { message: string; class: ClassItem };

describe("class types", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  /** Babatunde Adeyemi: the School Supervisor role (class.view, no class.create or class.update). */
  let supervisor: AuthResult;
  let d1: string;
  let ifako: string;
  let d2Type: string;

  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2, supervisor] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2), api.login("babatunde.adeyemi@example.org", demoPasswords.staff)]);
    d1 = admin1.staff.district.id;
    const [primary] = await api.db
      .select()
      .from(school)
      .where(and(eq(school.districtId, d1), eq(school.name, "Ifako Community Primary School")));
    ifako = present(primary, "Ifako school").id;
    const [theirs] = await api.db.select().from(classType).where(eq(classType.districtId, admin2.staff.district.id));
    d2Type = present(theirs, "district 2 class type").id;
  });
  afterAll(() => api.close());

  const token = () => admin1.authorizationToken;
  const list = async (t = token()) => (await expectOk<ClassTypeList>(await api.call("GET", "/class-arm/list-of-class-types", { token: t }))).classTypes;
  const add = (body: unknown, t = token()) => api.call("POST", "/class-arm/add-class-type", { token: t, body });
  const update = (id: string, body: unknown, t = token()) => api.call("PATCH", `/class-arm/update-class-type/${id}`, { token: t, body });
  const remove = (id: string, t = token()) => api.call("POST", `/class-arm/delete-class-type/${id}`, { token: t });
  const addClass = async (body: { classTypeId: string; arm: string }) =>
    (await expectOk<ClassAnswer>(await api.call("POST", "/class/add", { token: token(), body: { schoolId: ifako, capacity: 40, ...body } }), 201)).class;
  const created = async (body: { name: string; level: string; position: number }) => (await expectOk<TypeAnswer>(await add(body), 201)).classType;

  it("lists the standard class types in order, with how many classes use each, to anyone with class.view", async () => {
    const types = await list();
    expect(types.map((t) => ({ name: t.name, level: t.level }))).toEqual(standardClassTypes);
    expect(types.map((t) => t.position)).toEqual(standardClassTypes.map((_, i) => i + 1));
    expect(types.every((t) => t.standard && t.version === 1)).toBe(true);
    const uses = Object.fromEntries(types.map((t) => [t.name, t.classes]));
    // The demo: one class (arm A) of each standard type its school's category has.
    expect(uses).toMatchObject({ "Nursery 1": 0, "Primary 1": 1, "Primary 6": 1, "JSS 2": 1, "SSS 3": 1 });
    expect(await list(supervisor.authorizationToken)).toEqual(types);
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await api.call("GET", "/class-arm/list-of-class-types", { token: teacher.authorizationToken }), 403, authMessages.forbidden);
  });

  it("adds a class type of the district's own, audited, in its place in the order", async () => {
    const answer = await expectOk<TypeAnswer>(await add({ name: "  Primary   7 ", level: "Primary", position: 8 }), 201);
    expect(answer).toEqual({
      message: classMessages.classTypeCreated,
      classType: { id: answer.classType.id, name: "Primary 7", level: "Primary", position: 8, standard: false, classes: 0, version: 1 },
    });
    const [row] = await api.db.select().from(classType).where(eq(classType.id, answer.classType.id));
    expect(row).toMatchObject({ districtId: d1, name: "Primary 7", level: "Primary", position: 8, standard: false });
    expect((await auditOf(api, answer.classType.id))[0]).toMatchObject({ operation: "class-type.create", actorStaffId: admin1.staff.id });
    // Position 8 is Primary 6's too: by name after it, before JSS 1.
    const names = (await list()).map((t) => t.name);
    expect(names.slice(names.indexOf("Primary 6"), names.indexOf("Primary 6") + 3)).toEqual(["Primary 6", "Primary 7", "JSS 1"]);
    // Another district may have the same name.
    await expectOk(await add({ name: "Primary 7", level: "Primary", position: 8 }, admin2.authorizationToken), 201);
  });

  it("refuses a taken name (409 on name, case and spaces ignored), bad fields (400), and staff without class.create (403)", async () => {
    for (const name of ["primary  7", "JSS 1"]) {
      const taken = await expectError(await add({ name, level: "Primary", position: 8 }), 409, classMessages.classTypeNameTaken);
      expect(taken.issues).toEqual([{ path: "name", message: classMessages.classTypeNameTaken }]);
    }
    const bad = await expectError(await add({ name: "", level: "Castle", position: 0 }), 400, formInvalidMessage);
    expect(bad.issues).toEqual([
      { path: "name", message: fieldMessages.nameRequired },
      { path: "level", message: classMessages.levelRequired },
      { path: "position", message: classMessages.positionRange },
    ]);
    await expectError(await add({ name: "Year 13", level: "Senior Secondary", position: 20 }, supervisor.authorizationToken), 403, authMessages.forbidden);
    expect((await list()).some((t) => t.name === "Year 13")).toBe(false);
  });

  it("renames a type and every class built on it in one transaction, each class audited", async () => {
    const type = await created({ name: "Transition", level: "Primary", position: 9 });
    const single = await addClass({ classTypeId: type.id, arm: "a" });
    const worded = await addClass({ classTypeId: type.id, arm: "Gold" });
    expect([single.name, worded.name]).toEqual(["TransitionA", "Transition Gold"]);
    const answer = await expectOk<TypeAnswer>(await update(type.id, { name: "Bridge Year", level: "Pre-primary", position: 3, version: 1 }));
    expect(answer).toEqual({
      message: classMessages.classTypeUpdated,
      classType: { ...type, name: "Bridge Year", level: "Pre-primary", position: 3, classes: 2, version: 2 },
    });
    const rows = await api.db.select().from(schoolClass).where(eq(schoolClass.classTypeId, type.id));
    expect(rows.map((r) => [r.name, r.version]).sort()).toEqual([
      ["Bridge Year Gold", 2],
      ["Bridge YearA", 2],
    ]);
    expect((await auditOf(api, single.id)).map((a) => a.operation)).toEqual(["class.create", "class.update"]);
    expect((await auditOf(api, type.id)).map((a) => a.operation)).toEqual(["class-type.create", "class-type.update"]);
    // Only the order changes: the classes keep their names and versions.
    await expectOk(await update(type.id, { name: "Bridge Year", level: "Pre-primary", position: 4, version: 2 }));
    const kept = await api.db.select().from(schoolClass).where(eq(schoolClass.classTypeId, type.id));
    expect(kept.map((r) => [r.name, r.version]).sort()).toEqual([
      ["Bridge Year Gold", 2],
      ["Bridge YearA", 2],
    ]);
    // A change of case alone is the type's own name, not a clash: its classes follow it.
    await expectOk(await update(type.id, { name: "bridge year", level: "Pre-primary", position: 4, version: 3 }));
    const after = await api.db.select().from(schoolClass).where(eq(schoolClass.classTypeId, type.id));
    expect(after.map((r) => r.name).sort()).toEqual(["bridge year Gold", "bridge yearA"]);
    await expectError(await update(type.id, { name: "Bridge Year", level: "Pre-primary", position: 3, version: 1 }), 409, classMessages.staleClassType);
  });

  it("refuses a rename that clashes with a type or with a class of a school, and a level a school using it does not have", async () => {
    const elementary = await created({ name: "Elementary", level: "Primary", position: 10 });
    await addClass({ classTypeId: elementary.id, arm: "7A" }); // "Elementary 7A"
    const basic = await created({ name: "Basic 7", level: "Primary", position: 11 });
    await addClass({ classTypeId: basic.id, arm: "A" }); // "Basic 7A"
    const typeTaken = await expectError(
      await update(basic.id, { name: "Primary 1", level: "Primary", position: 11, version: 1 }),
      409,
      classMessages.classTypeNameTaken,
    );
    expect(typeTaken.issues).toEqual([{ path: "name", message: classMessages.classTypeNameTaken }]);
    const classTaken = await expectError(
      await update(basic.id, { name: "Elementary 7", level: "Primary", position: 11, version: 1 }),
      409,
      classMessages.nameTaken,
    );
    expect(classTaken.issues).toEqual([{ path: "name", message: classMessages.nameTaken }]);
    const level = await expectError(
      await update(basic.id, { name: "Basic 7", level: "Senior Secondary", position: 11, version: 1 }),
      409,
      classMessages.levelNotInSchool,
    );
    expect(level.issues).toEqual([{ path: "level", message: classMessages.levelNotInSchool }]);
    const [unchanged] = await api.db.select().from(classType).where(eq(classType.id, basic.id));
    expect(unchanged).toMatchObject({ name: "Basic 7", level: "Primary", version: 1 });
    expect((await api.db.select().from(schoolClass).where(eq(schoolClass.classTypeId, basic.id))).map((r) => r.name)).toEqual(["Basic 7A"]);
    // A level no school using it lacks is fine.
    await expectOk(await update(basic.id, { name: "Basic 7", level: "Pre-primary", position: 11, version: 1 }));
  });

  it("keeps the standard types fixed; another district's type is 404; staff without class.update get 403", async () => {
    const primary1 = present((await list()).find((t) => t.name === "Primary 1"));
    await expectError(await update(primary1.id, { name: "Primary One", level: "Primary", position: 3, version: 1 }), 409, classMessages.standardTypeLocked);
    await expectError(await remove(primary1.id), 409, classMessages.standardTypeLocked);
    await expectError(await update(d2Type, { name: "Taken Over", level: "Primary", position: 3, version: 1 }), 404, authMessages.notFound);
    await expectError(await remove(d2Type), 404, authMessages.notFound);
    await expectError(await remove(randomId()), 404, authMessages.notFound);
    const mine = await created({ name: "Remedial", level: "Primary", position: 12 });
    await expectError(
      await update(mine.id, { name: "Remedial Class", level: "Primary", position: 12, version: 1 }, supervisor.authorizationToken),
      403,
      authMessages.forbidden,
    );
    await expectError(await remove(mine.id, supervisor.authorizationToken), 403, authMessages.forbidden);
    expect((await api.db.select().from(classType).where(eq(classType.id, d2Type))).length).toBe(1);
  });

  it("deletes an unused type of the district's own, audited; a type in use is 409", async () => {
    const used = await created({ name: "Catch Up", level: "Primary", position: 13 });
    await addClass({ classTypeId: used.id, arm: "A" });
    await expectError(await remove(used.id), 409, classMessages.classTypeInUse);
    const unused = await created({ name: "Enrichment", level: "Primary", position: 14 });
    expect(await expectOk<{ message: string }>(await remove(unused.id))).toEqual({ message: classMessages.classTypeDeleted });
    expect(await api.db.select().from(classType).where(eq(classType.id, unused.id))).toEqual([]);
    expect((await auditOf(api, unused.id)).map((a) => a.operation)).toEqual(["class-type.create", "class-type.delete"]);
    await expectError(await remove(unused.id), 404, authMessages.notFound);
  });
});
