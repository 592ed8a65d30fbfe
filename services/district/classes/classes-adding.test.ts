import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classMessages, type StandardSetReview } from "../../../lib/contract/classes";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import type { SchoolDetail } from "../../../lib/contract/schools";
import { schoolClass } from "../../db/schema";
import { auditOf, expectError, expectOk, randomId } from "../../test/helpers";
import { ALIMOSHO, IFAKO, type ClassAnswer, classesTest } from "./classes-test-support";

describe("classes: adding, one at a time and as a standard set", () => {
  const { w, token, id, add, review, addSet, staffId, classesAt, alimoshoClass, schools, types } = classesTest();

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
      const [row] = await w.api.db.select().from(schoolClass).where(eq(schoolClass.id, answer.class.id));
      expect(row).toMatchObject({ districtId: w.d1, schoolId: id(schools, ALIMOSHO), name: "JSS 1B", arm: "B", classTeacherId: emeka, capacity: 35 });
      expect((await auditOf(w.api, answer.class.id))[0]).toMatchObject({ operation: "class.create", actorStaffId: w.admin1.staff.id });
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
        await w.api.call("POST", "/school/add", {
          token: token(),
          body: { name: "Agege Special School", address: "4 Road", localGovernment: "Agege", category: "Special Needs" },
        }),
        201,
      );
      schools["Agege Special School"] = special.school.id;
      await expectOk(await add({ schoolId: special.school.id, classTypeId: id(types, "Primary 1"), arm: "A", capacity: 20 }), 201);
    });

    it("answers 404 for another district's school or class type, 403 without class.create", async () => {
      await expectError(await add(alimoshoClass({ schoolId: w.school2 })), 404, authMessages.notFound);
      await expectError(await add(alimoshoClass({ classTypeId: w.type2 })), 404, authMessages.notFound);
      await expectError(await add(alimoshoClass({ schoolId: randomId() })), 404, authMessages.notFound);
      await expectError(await add(alimoshoClass({ arm: "Z" }), w.supervisor.authorizationToken), 403, authMessages.forbidden);
      expect(
        await w.api.db
          .select()
          .from(schoolClass)
          .where(and(eq(schoolClass.districtId, w.d2), eq(schoolClass.arm, "B"))),
      ).toEqual([]);
      expect(await classesAt(id(schools, ALIMOSHO))).not.toContain("JSS 1Z");
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
      const rows = await w.api.db
        .select()
        .from(schoolClass)
        .where(and(eq(schoolClass.schoolId, id(schools, IFAKO)), eq(schoolClass.capacity, 30)));
      expect(rows.map((r) => r.name).sort()).toEqual(["Nursery 1A", "Nursery 1B", "Nursery 2A", "Nursery 2B", "Primary 1B"]);
      expect(rows.every((r) => r.districtId === w.d1 && r.classTeacherId === null)).toBe(true);
      for (const r of rows) expect((await auditOf(w.api, r.id)).map((a) => [a.operation, a.actorStaffId])).toEqual([["class.create", w.admin1.staff.id]]);
      await expectError(await addSet(nursery()), 409, classMessages.nothingToCreate);
      expect(await expectOk<StandardSetReview>(await review(nursery()))).toMatchObject({ create: [] });
    });

    it("answers 404 for another district's school or class type, 403 without class.create", async () => {
      for (const call of [review, addSet]) {
        await expectError(await call({ ...nursery(), schoolId: w.school2 }), 404, authMessages.notFound);
        await expectError(await call({ ...nursery(), classTypeIds: [id(types, "Primary 2"), w.type2] }), 404, authMessages.notFound);
        await expectError(await call(nursery(), w.supervisor.authorizationToken), 403, authMessages.forbidden);
      }
    });
  });
});
