import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classMessages, type ClassItem, type ClassPage, type ClassTypeList, type StandardSetReview } from "../../../lib/contract/classes";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import type { SchoolDetail } from "../../../lib/contract/schools";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { classType, school, schoolClass, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, present, randomId, staffRow } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";

type ClassAnswer = { message: string; class: ClassItem };

describe("classes", () => {
  let api: TestApi;
  let admin1: AuthResult;
  /** Babatunde Adeyemi: the School Supervisor role (class.view, no class.create or class.update). */
  let supervisor: AuthResult;
  let d1: string;
  let d2: string;
  /** District 1's schools and class types by name; district 2's first school, class and class type. */
  const schools: Record<string, string> = {};
  const types: Record<string, string> = {};
  let school2: string;
  let class2: string;
  let type2: string;

  beforeAll(async () => {
    api = await createTestApi();
    let admin2: AuthResult;
    [admin1, admin2, supervisor] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2), api.login("babatunde.adeyemi@example.org", demoPasswords.staff)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
    for (const row of await api.db.select().from(school).where(eq(school.districtId, d1))) schools[row.name] = row.id;
    for (const row of await api.db.select().from(classType).where(eq(classType.districtId, d1))) types[row.name] = row.id;
    school2 = present((await api.db.select().from(school).where(eq(school.districtId, d2)))[0]).id;
    class2 = present((await api.db.select().from(schoolClass).where(eq(schoolClass.districtId, d2)))[0]).id;
    type2 = present((await api.db.select().from(classType).where(eq(classType.districtId, d2)))[0]).id;
  });
  afterAll(() => api.close());

  const AGEGE = "Agege Senior Grammar School";
  const ALIMOSHO = "Alimosho Junior High School";
  const IFAKO = "Ifako Community Primary School";
  const token = () => admin1.authorizationToken;
  const id = (record: Record<string, string>, name: string) => present(record[name], name);
  const viewAll = async (query = "", t = token()) => expectOk<ClassPage>(await api.call("GET", `/class/view-all?${query}`, { token: t }));
  const add = (body: unknown, t = token()) => api.call("POST", "/class/add", { token: t, body });
  const update = (classId: string, body: unknown, t = token()) => api.call("PATCH", `/class/update/${classId}`, { token: t, body });
  const review = (body: unknown, t = token()) => api.call("POST", "/class/standard-set-review", { token: t, body });
  const addSet = (body: unknown, t = token()) => api.call("POST", "/class/add-standard-set", { token: t, body });
  const staffId = async (email: string) => (await staffRow(api, email)).id;
  const classesAt = async (schoolId: string) => (await api.db.select().from(schoolClass).where(eq(schoolClass.schoolId, schoolId))).map((r) => r.name).sort();
  const pupilsOf = async (classId: string) => present((await api.db.select({ n: count() }).from(student).where(eq(student.classId, classId)))[0]).n;
  /** A JSS 1 class at Alimosho (arm A exists from the demo). */
  const alimoshoClass = (overrides: Record<string, unknown> = {}) => ({
    schoolId: id(schools, ALIMOSHO),
    classTypeId: id(types, "JSS 1"),
    arm: "b",
    capacity: 35,
    ...overrides,
  });

  describe("reading", () => {
    it("lists the district's classes by school name, class type order and arm, with pupils, teacher and the filter's total", async () => {
      const page = await viewAll();
      expect(page).toMatchObject({ total: 12, page: 1, limit: 100 });
      expect(page.classes.map((c) => `${c.school.name}: ${c.name}`)).toEqual([
        ...["SSS 1A", "SSS 2A", "SSS 3A"].map((n) => `${AGEGE}: ${n}`),
        ...["JSS 1A", "JSS 2A", "JSS 3A"].map((n) => `${ALIMOSHO}: ${n}`),
        ...[1, 2, 3, 4, 5, 6].map((n) => `${IFAKO}: Primary ${n}A`),
      ]);
      const first = present(page.classes[0]);
      expect(first).toMatchObject({
        arm: "A",
        school: { id: id(schools, AGEGE), name: AGEGE, category: "Senior Secondary" },
        classType: { id: id(types, "SSS 1"), name: "SSS 1", level: "Senior Secondary" },
        classTeacher: null,
        capacity: 40,
        version: 1,
      });
      for (const c of page.classes) expect(c.pupils, c.name).toBe(await pupilsOf(c.id));
      expect(page.classes.reduce((sum, c) => sum + c.pupils, 0)).toBe(12 + 16 + 20);
    });

    it("filters by school and class type, a page at a time; a school or class type out of reach is 404", async () => {
      const ifako = await viewAll(`school=${id(schools, IFAKO)}&limit=2&page=2`);
      expect(ifako).toMatchObject({ total: 6, page: 2, limit: 2 });
      expect(ifako.classes.map((c) => c.name)).toEqual(["Primary 3A", "Primary 4A"]);
      const jss2 = await viewAll(`classType=${id(types, "JSS 2")}`);
      expect(jss2.classes.map((c) => c.name)).toEqual(["JSS 2A"]);
      expect(jss2.total).toBe(1);
      expect((await viewAll(`school=&classType=`)).total).toBe(12);
      await expectError(await api.call("GET", `/class/view-all?school=${school2}`, { token: token() }), 404, authMessages.notFound);
      await expectError(await api.call("GET", `/class/view-all?classType=${type2}`, { token: token() }), 404, authMessages.notFound);
      const bad = await expectError(await api.call("GET", "/class/view-all?limit=0", { token: token() }), 400, formInvalidMessage);
      expect(bad.issues?.[0]?.path).toBe("limit");
    });

    it("shows one class; another district's class or an unknown id is 404; staff without class.view get 403", async () => {
      const [one] = (await viewAll(`classType=${id(types, "Primary 2")}`)).classes;
      const shown = await expectOk<ClassItem>(await api.call("GET", `/class/view/${present(one).id}`, { token: supervisor.authorizationToken }));
      expect(shown).toEqual(one);
      await expectError(await api.call("GET", `/class/view/${class2}`, { token: token() }), 404, authMessages.notFound);
      await expectError(await api.call("GET", `/class/view/${randomId()}`, { token: token() }), 404, authMessages.notFound);
      const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
      await expectError(await api.call("GET", "/class/view-all", { token: teacher.authorizationToken }), 403, authMessages.forbidden);
      await expectError(await api.call("GET", `/class/view/${present(one).id}`, { token: teacher.authorizationToken }), 403, authMessages.forbidden);
    });
  });

  describe("adding", () => {
    it("adds a class with its derived name and a class teacher posted at the school, audited", async () => {
      const emeka = await staffId("emeka.eze@example.org"); // posted at Alimosho Junior High School
      const answer = await expectOk<ClassAnswer>(await add(alimoshoClass({ classTeacherId: emeka })), 201);
      expect(answer.message).toBe(classMessages.classCreated);
      expect(answer.class).toMatchObject({
        name: "JSS 1B",
        arm: "B",
        school: { id: id(schools, ALIMOSHO) },
        classType: { id: id(types, "JSS 1"), name: "JSS 1", level: "Junior Secondary" },
        classTeacher: { id: emeka, firstName: "Emeka", lastName: "Eze" },
        capacity: 35,
        pupils: 0,
        version: 1,
      });
      const [row] = await api.db.select().from(schoolClass).where(eq(schoolClass.id, answer.class.id));
      expect(row).toMatchObject({ districtId: d1, schoolId: id(schools, ALIMOSHO), name: "JSS 1B", arm: "B", classTeacherId: emeka, capacity: 35 });
      expect((await auditOf(api, answer.class.id))[0]).toMatchObject({ operation: "class.create", actorStaffId: admin1.staff.id });
      // A longer arm is set apart; no class teacher is fine.
      const gold = await expectOk<ClassAnswer>(await add(alimoshoClass({ arm: "Gold", classTeacherId: "" })), 201);
      expect(gold.class).toMatchObject({ name: "JSS 1 Gold", classTeacher: null });
    });

    it("checks the form's fields with their messages", async () => {
      const bad = await expectError(await add({ schoolId: "", classTypeId: "x", arm: " ", capacity: 0 }), 400, formInvalidMessage);
      expect(bad.issues).toEqual([
        { path: "schoolId", message: classMessages.schoolRequired },
        { path: "classTypeId", message: classMessages.classTypeRequired },
        { path: "arm", message: classMessages.armRequired },
        { path: "capacity", message: classMessages.capacityRange },
      ]);
      const arm = await expectError(await add(alimoshoClass({ arm: "B-2" })), 400, formInvalidMessage);
      expect(arm.issues).toEqual([{ path: "arm", message: classMessages.armFormat }]);
    });

    it("refuses a class type the school's category does not have, and a class teacher not posted at the school", async () => {
      const level = await expectError(await add(alimoshoClass({ classTypeId: id(types, "Primary 1") })), 400, classMessages.levelNotInSchool);
      expect(level.issues).toEqual([{ path: "classTypeId", message: classMessages.levelNotInSchool }]);
      for (const email of ["babatunde.adeyemi@example.org", "yetunde.lawal@example.org", "admin.ed1@example.org"]) {
        // Posted at Agege; of district 2; at the district office.
        const teacher = await expectError(await add(alimoshoClass({ arm: "C", classTeacherId: await staffId(email) })), 400, classMessages.teacherNotAtSchool);
        expect(teacher.issues).toEqual([{ path: "classTeacherId", message: classMessages.teacherNotAtSchool }]);
      }
      const both = await expectError(
        await add(alimoshoClass({ classTypeId: id(types, "SSS 1"), classTeacherId: await staffId("babatunde.adeyemi@example.org") })),
        400,
        formInvalidMessage,
      );
      expect(both.issues).toEqual([
        { path: "classTypeId", message: classMessages.levelNotInSchool },
        { path: "classTeacherId", message: classMessages.teacherNotAtSchool },
      ]);
      expect(await classesAt(id(schools, ALIMOSHO))).not.toContain("JSS 1C");
    });

    it("refuses a name the school has (409 on arm, any case), not one another school has", async () => {
      for (const arm of ["A", "a"]) {
        const taken = await expectError(await add(alimoshoClass({ arm })), 409, classMessages.nameTaken);
        expect(taken.issues).toEqual([{ path: "arm", message: classMessages.nameTaken }]);
      }
      const gold = await expectError(await add(alimoshoClass({ arm: "GOLD" })), 409, classMessages.nameTaken);
      expect(gold.issues).toEqual([{ path: "arm", message: classMessages.nameTaken }]);
      // "Primary 1A" is Ifako's; a Special Needs school of its own may have one too.
      const special = await expectOk<{ school: SchoolDetail }>(
        await api.call("POST", "/school/add", {
          token: token(),
          body: { name: "Agege Special School", address: "4 Road", localGovernment: "Agege", category: "Special Needs" },
        }),
        201,
      );
      schools["Agege Special School"] = special.school.id;
      await expectOk(await add({ schoolId: special.school.id, classTypeId: id(types, "Primary 1"), arm: "A", capacity: 20 }), 201);
    });

    it("answers 404 for another district's school or class type, 403 without class.create", async () => {
      await expectError(await add(alimoshoClass({ schoolId: school2 })), 404, authMessages.notFound);
      await expectError(await add(alimoshoClass({ classTypeId: type2 })), 404, authMessages.notFound);
      await expectError(await add(alimoshoClass({ schoolId: randomId() })), 404, authMessages.notFound);
      await expectError(await add(alimoshoClass({ arm: "Z" }), supervisor.authorizationToken), 403, authMessages.forbidden);
      expect(
        await api.db
          .select()
          .from(schoolClass)
          .where(and(eq(schoolClass.districtId, d2), eq(schoolClass.arm, "B"))),
      ).toEqual([]);
      expect(await classesAt(id(schools, ALIMOSHO))).not.toContain("JSS 1Z");
    });
  });

  describe("updating", () => {
    const created = async (overrides: Record<string, unknown>) => (await expectOk<ClassAnswer>(await add(alimoshoClass(overrides)), 201)).class;
    const formOf = (c: ClassItem) => ({
      schoolId: c.school.id,
      classTypeId: c.classType.id,
      arm: c.arm,
      classTeacherId: c.classTeacher?.id ?? null,
      capacity: c.capacity,
      version: c.version,
    });

    it("checks what an edit changes: a class made before the rules (a Primary type at a junior school) takes a new capacity, not another such type", async () => {
      const [legacy] = await api.db
        .insert(schoolClass)
        .values({ districtId: d1, schoolId: id(schools, ALIMOSHO), classTypeId: id(types, "Primary 5"), arm: "L", name: "Primary 5L" })
        .returning();
      const c = await expectOk<ClassItem>(await api.call("GET", `/class/view/${present(legacy).id}`, { token: token() }));
      await expectOk<ClassAnswer>(await update(c.id, { ...formOf(c), capacity: 35 }));
      await expectError(await update(c.id, { ...formOf(c), classTypeId: id(types, "Primary 6"), version: c.version + 1 }), 400, classMessages.levelNotInSchool);
    });

    it("changes a class with the version it was read at, renaming it; 409 when stale", async () => {
      const c = await created({ classTypeId: id(types, "JSS 2"), arm: "D" });
      const ngozi = await staffId("ngozi.obi@example.org"); // posted at Alimosho
      const answer = await expectOk<ClassAnswer>(
        await update(c.id, { ...formOf(c), classTypeId: id(types, "JSS 3"), arm: "e", classTeacherId: ngozi, capacity: 30 }),
      );
      expect(answer.message).toBe(classMessages.classUpdated);
      expect(answer.class).toMatchObject({ name: "JSS 3E", arm: "E", classType: { name: "JSS 3" }, classTeacher: { id: ngozi }, capacity: 30, version: 2 });
      const [row] = await api.db.select().from(schoolClass).where(eq(schoolClass.id, c.id));
      expect(row).toMatchObject({ name: "JSS 3E", classTypeId: id(types, "JSS 3"), classTeacherId: ngozi, capacity: 30, version: 2 });
      expect((await auditOf(api, c.id)).map((a) => a.operation)).toEqual(["class.create", "class.update"]);
      await expectError(await update(c.id, formOf(c)), 409, classMessages.staleClass);
      expect((await api.db.select().from(schoolClass).where(eq(schoolClass.id, c.id)))[0]?.name).toBe("JSS 3E");
    });

    it("applies the add rules: level, class teacher, the name in the school", async () => {
      const c = await created({ classTypeId: id(types, "JSS 2"), arm: "F" });
      const level = await expectError(await update(c.id, { ...formOf(c), classTypeId: id(types, "Nursery 1") }), 400, classMessages.levelNotInSchool);
      expect(level.issues).toEqual([{ path: "classTypeId", message: classMessages.levelNotInSchool }]);
      const teacher = await expectError(
        await update(c.id, { ...formOf(c), classTeacherId: await staffId("tunde.bakare@example.org") }), // posted at Agege
        400,
        classMessages.teacherNotAtSchool,
      );
      expect(teacher.issues).toEqual([{ path: "classTeacherId", message: classMessages.teacherNotAtSchool }]);
      const taken = await expectError(await update(c.id, { ...formOf(c), arm: "A" }), 409, classMessages.nameTaken);
      expect(taken.issues).toEqual([{ path: "arm", message: classMessages.nameTaken }]);
      // Its own name is no clash.
      await expectOk(await update(c.id, { ...formOf(c), capacity: 45 }));
    });

    it("moves a class without pupils to another school, and keeps a class with pupils where it is", async () => {
      const special = id(schools, "Agege Special School");
      const empty = await created({ classTypeId: id(types, "JSS 2"), arm: "G", classTeacherId: await staffId("emeka.eze@example.org") });
      // Its class teacher is not posted at the new school: they go with the move, or the move is refused.
      await expectError(await update(empty.id, { ...formOf(empty), schoolId: special }), 400, classMessages.teacherNotAtSchool);
      const moved = await expectOk<ClassAnswer>(await update(empty.id, { ...formOf(empty), schoolId: special, classTeacherId: null }));
      expect(moved.class).toMatchObject({ name: "JSS 2G", school: { id: special, name: "Agege Special School" }, classTeacher: null, version: 2 });

      const [full] = (await viewAll(`school=${id(schools, ALIMOSHO)}&classType=${id(types, "JSS 2")}`)).classes.filter((c) => c.name === "JSS 2A");
      const withPupils = present(full);
      expect(withPupils.pupils).toBeGreaterThan(0);
      const refused = await expectError(await update(withPupils.id, { ...formOf(withPupils), schoolId: special }), 409, classMessages.movedWithPupils);
      expect(refused.issues).toEqual([{ path: "schoolId", message: classMessages.movedWithPupils }]);
      expect((await api.db.select().from(schoolClass).where(eq(schoolClass.id, withPupils.id)))[0]?.schoolId).toBe(id(schools, ALIMOSHO));
    });

    it("answers 404 for another district's class, school or class type, 403 without class.update", async () => {
      const c = await created({ classTypeId: id(types, "JSS 2"), arm: "H" });
      await expectError(await update(class2, { ...formOf(c), version: 1 }), 404, authMessages.notFound);
      await expectError(await update(c.id, { ...formOf(c), schoolId: school2 }), 404, authMessages.notFound);
      await expectError(await update(c.id, { ...formOf(c), classTypeId: type2 }), 404, authMessages.notFound);
      await expectError(await update(c.id, { ...formOf(c), arm: "J" }, supervisor.authorizationToken), 403, authMessages.forbidden);
      expect((await api.db.select().from(schoolClass).where(eq(schoolClass.id, c.id)))[0]).toMatchObject({ name: "JSS 2H", version: 1 });
    });
  });

  describe("standard set", () => {
    const nursery = () => ({
      schoolId: id(schools, IFAKO),
      classTypeIds: [id(types, "Primary 1"), id(types, "Nursery 2"), id(types, "Nursery 1"), id(types, "Nursery 1")],
      arms: ["A", "b", "B"],
      capacity: 30,
    });

    it("reviews what a set would create and what the school has already, writing nothing", async () => {
      const before = await classesAt(id(schools, IFAKO));
      const answer = await expectOk<StandardSetReview>(await review(nursery()));
      expect(answer).toEqual({
        create: [
          { classTypeId: id(types, "Nursery 1"), arm: "A", name: "Nursery 1A" },
          { classTypeId: id(types, "Nursery 1"), arm: "B", name: "Nursery 1B" },
          { classTypeId: id(types, "Nursery 2"), arm: "A", name: "Nursery 2A" },
          { classTypeId: id(types, "Nursery 2"), arm: "B", name: "Nursery 2B" },
          { classTypeId: id(types, "Primary 1"), arm: "B", name: "Primary 1B" },
        ],
        existing: ["Primary 1A"],
      });
      expect(await classesAt(id(schools, IFAKO))).toEqual(before);
    });

    it("refuses class types the school's category does not have (400 on classTypeIds) and bad fields", async () => {
      const body = { ...nursery(), classTypeIds: [id(types, "Primary 1"), id(types, "JSS 1")] };
      for (const call of [review, addSet]) {
        const level = await expectError(await call(body), 400, classMessages.levelNotInSchool);
        expect(level.issues).toEqual([{ path: "classTypeIds", message: classMessages.levelNotInSchool }]);
      }
      const bad = await expectError(await review({ schoolId: id(schools, IFAKO), classTypeIds: [], arms: [], capacity: 300 }), 400, formInvalidMessage);
      expect(bad.issues).toEqual([
        { path: "classTypeIds", message: classMessages.classTypesRequired },
        { path: "arms", message: classMessages.armsRequired },
        { path: "capacity", message: classMessages.capacityRange },
      ]);
    });

    it("creates the missing classes in one transaction, each audited; 409 when the school has them all", async () => {
      const answer = await expectOk<{ message: string; created: number }>(await addSet(nursery()), 201);
      expect(answer).toEqual({ message: classMessages.classesCreated, created: 5 });
      const rows = await api.db
        .select()
        .from(schoolClass)
        .where(and(eq(schoolClass.schoolId, id(schools, IFAKO)), eq(schoolClass.capacity, 30)));
      expect(rows.map((r) => r.name).sort()).toEqual(["Nursery 1A", "Nursery 1B", "Nursery 2A", "Nursery 2B", "Primary 1B"]);
      expect(rows.every((r) => r.districtId === d1 && r.classTeacherId === null)).toBe(true);
      for (const r of rows) expect((await auditOf(api, r.id)).map((a) => [a.operation, a.actorStaffId])).toEqual([["class.create", admin1.staff.id]]);
      await expectError(await addSet(nursery()), 409, classMessages.nothingToCreate);
      expect(await expectOk<StandardSetReview>(await review(nursery()))).toMatchObject({ create: [] });
    });

    it("answers 404 for another district's school or class type, 403 without class.create", async () => {
      for (const call of [review, addSet]) {
        await expectError(await call({ ...nursery(), schoolId: school2 }), 404, authMessages.notFound);
        await expectError(await call({ ...nursery(), classTypeIds: [id(types, "Primary 2"), type2] }), 404, authMessages.notFound);
        await expectError(await call(nursery(), supervisor.authorizationToken), 403, authMessages.forbidden);
      }
    });
  });

  describe("an LGEA administrator", () => {
    let lgeaToken: string;
    beforeAll(async () => {
      // Funmilayo Ogunleye given the district's LGEA Administrator role at the Alimosho LGEA, working there.
      lgeaToken = (await workingAtAlimoshoLgea(api, admin1)).authorizationToken;
    });

    it("sees only the classes of the LGEA's schools, and 404 for a class of another LGEA", async () => {
      const page = await viewAll("", lgeaToken);
      expect(new Set(page.classes.map((c) => c.school.name))).toEqual(new Set([ALIMOSHO]));
      expect(page.total).toBe(page.classes.length);
      expect(page.classes.map((c) => c.name)).toContain("JSS 1A");
      const [agegeClass] = (await viewAll(`school=${id(schools, AGEGE)}`)).classes;
      await expectError(await api.call("GET", `/class/view/${present(agegeClass).id}`, { token: lgeaToken }), 404, authMessages.notFound);
      await expectError(await api.call("GET", `/class/view-all?school=${id(schools, AGEGE)}`, { token: lgeaToken }), 404, authMessages.notFound);
      const agegeForm = { schoolId: id(schools, AGEGE), classTypeId: id(types, "SSS 1"), arm: "L", capacity: 30, version: present(agegeClass).version };
      await expectError(await update(present(agegeClass).id, agegeForm, lgeaToken), 404, authMessages.notFound);
    });

    it("reads the district's class types, but does not add, change or delete one", async () => {
      const { classTypes } = await expectOk<ClassTypeList>(await api.call("GET", "/class-arm/list-of-class-types", { token: lgeaToken }));
      expect(classTypes.filter((t) => t.standard)).toHaveLength(14);
      // Counts are of the classes it reaches: no SSS class is at an Alimosho school.
      expect(classTypes.find((t) => t.name === "SSS 1")?.classes).toBe(0);
      const body = { name: "LGEA Special", level: "Primary", position: 30 };
      await expectError(await api.call("POST", "/class-arm/add-class-type", { token: lgeaToken, body }), 403, authMessages.forbidden);
      const jss1 = id(types, "JSS 1");
      await expectError(
        await api.call("PATCH", `/class-arm/update-class-type/${jss1}`, { token: lgeaToken, body: { ...body, version: 1 } }),
        403,
        authMessages.forbidden,
      );
      await expectError(await api.call("POST", `/class-arm/delete-class-type/${jss1}`, { token: lgeaToken }), 403, authMessages.forbidden);
      expect(await api.db.select().from(classType).where(eq(classType.name, "LGEA Special"))).toEqual([]);
    });

    it("adds classes only at the LGEA's schools", async () => {
      await expectError(
        await add({ schoolId: id(schools, AGEGE), classTypeId: id(types, "SSS 1"), arm: "L", capacity: 30 }, lgeaToken),
        404,
        authMessages.notFound,
      );
      const made = await expectOk<ClassAnswer>(await add(alimoshoClass({ arm: "L" }), lgeaToken), 201);
      expect(made.class).toMatchObject({ name: "JSS 1L", school: { id: id(schools, ALIMOSHO) } });
      await expectError(
        await review({ schoolId: id(schools, AGEGE), classTypeIds: [id(types, "SSS 1")], arms: ["M"], capacity: 30 }, lgeaToken),
        404,
        authMessages.notFound,
      );
    });
  });
});
