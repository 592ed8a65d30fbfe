import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { classMessages, type ClassItem } from "../../../lib/contract/classes";
import { authMessages } from "../../../lib/contract/messages";
import type { SchoolDetail } from "../../../lib/contract/schools";
import { schoolClass } from "../../db/schema";
import { auditOf, expectError, expectOk, present } from "../../test/helpers";
import { ALIMOSHO, type ClassAnswer, classesTest } from "./classes-test-support";

describe("classes: updating", () => {
  const { w, token, id, viewAll, add, update, staffId, alimoshoClass, schools, types } = classesTest();

  describe("updating", () => {
    // A school of district 1 to move a class to, made as the adding tests make it.
    beforeAll(async () => {
      const special = await expectOk<{ school: SchoolDetail }>(
        await w.api.call("POST", "/school/add", {
          token: token(),
          body: { name: "Agege Special School", address: "4 Road", localGovernment: "Agege", category: "Special Needs" },
        }),
        201,
      );
      schools["Agege Special School"] = special.school.id;
    });
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
      const [legacy] = await w.api.db
        .insert(schoolClass)
        .values({ districtId: w.d1, schoolId: id(schools, ALIMOSHO), classTypeId: id(types, "Primary 5"), arm: "L", name: "Primary 5L" })
        .returning();
      const c = await expectOk<ClassItem>(await w.api.call("GET", `/class/view/${present(legacy).id}`, { token: token() }));
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
      const [row] = await w.api.db.select().from(schoolClass).where(eq(schoolClass.id, c.id));
      expect(row).toMatchObject({ name: "JSS 3E", classTypeId: id(types, "JSS 3"), classTeacherId: ngozi, capacity: 30, version: 2 });
      expect((await auditOf(w.api, c.id)).map((a) => a.operation)).toEqual(["class.create", "class.update"]);
      await expectError(await update(c.id, formOf(c)), 409, classMessages.staleClass);
      expect((await w.api.db.select().from(schoolClass).where(eq(schoolClass.id, c.id)))[0]?.name).toBe("JSS 3E");
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
      expect((await w.api.db.select().from(schoolClass).where(eq(schoolClass.id, withPupils.id)))[0]?.schoolId).toBe(id(schools, ALIMOSHO));
    });

    it("answers 404 for another district's class, school or class type, 403 without class.update", async () => {
      const c = await created({ classTypeId: id(types, "JSS 2"), arm: "H" });
      await expectError(await update(w.class2, { ...formOf(c), version: 1 }), 404, authMessages.notFound);
      await expectError(await update(c.id, { ...formOf(c), schoolId: w.school2 }), 404, authMessages.notFound);
      await expectError(await update(c.id, { ...formOf(c), classTypeId: w.type2 }), 404, authMessages.notFound);
      await expectError(await update(c.id, { ...formOf(c), arm: "J" }, w.supervisor.authorizationToken), 403, authMessages.forbidden);
      expect((await w.api.db.select().from(schoolClass).where(eq(schoolClass.id, c.id)))[0]).toMatchObject({ name: "JSS 2H", version: 1 });
    });
  });
});
