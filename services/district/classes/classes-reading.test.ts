import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type ClassItem, type ClassTypeList } from "../../../lib/contract/classes";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { demoPasswords } from "../../db/demo-data";
import { classType } from "../../db/schema";
import { expectError, expectOk, present, randomId } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { AGEGE, ALIMOSHO, IFAKO, type ClassAnswer, classesTest } from "./classes-test-support";

describe("classes: reading, and an LGEA administrator's", () => {
  const { w, token, id, viewAll, add, update, review, pupilsOf, alimoshoClass, schools, types } = classesTest();

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
      await expectError(await w.api.call("GET", `/class/view-all?school=${w.school2}`, { token: token() }), 404, authMessages.notFound);
      await expectError(await w.api.call("GET", `/class/view-all?classType=${w.type2}`, { token: token() }), 404, authMessages.notFound);
      const bad = await expectError(await w.api.call("GET", "/class/view-all?limit=0", { token: token() }), 400, formInvalidMessage);
      expect(bad.issues?.[0]?.path).toBe("limit");
    });

    it("shows one class; another district's class or an unknown id is 404; staff without class.view get 403", async () => {
      const [one] = (await viewAll(`classType=${id(types, "Primary 2")}`)).classes;
      const shown = await expectOk<ClassItem>(await w.api.call("GET", `/class/view/${present(one).id}`, { token: w.supervisor.authorizationToken }));
      expect(shown).toEqual(one);
      await expectError(await w.api.call("GET", `/class/view/${w.class2}`, { token: token() }), 404, authMessages.notFound);
      await expectError(await w.api.call("GET", `/class/view/${randomId()}`, { token: token() }), 404, authMessages.notFound);
      const teacher = await w.api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
      await expectError(await w.api.call("GET", "/class/view-all", { token: teacher.authorizationToken }), 403, authMessages.forbidden);
      await expectError(await w.api.call("GET", `/class/view/${present(one).id}`, { token: teacher.authorizationToken }), 403, authMessages.forbidden);
    });
  });

  describe("an LGEA administrator", () => {
    let lgeaToken: string;
    beforeAll(async () => {
      // Funmilayo Ogunleye given the district's LGEA Administrator role at the Alimosho LGEA, working there.
      lgeaToken = (await workingAtAlimoshoLgea(w.api, w.admin1)).authorizationToken;
    });

    it("sees only the classes of the LGEA's schools, and 404 for a class of another LGEA", async () => {
      const page = await viewAll("", lgeaToken);
      expect(new Set(page.classes.map((c) => c.school.name))).toEqual(new Set([ALIMOSHO]));
      expect(page.total).toBe(page.classes.length);
      expect(page.classes.map((c) => c.name)).toContain("JSS 1A");
      const [agegeClass] = (await viewAll(`school=${id(schools, AGEGE)}`)).classes;
      await expectError(await w.api.call("GET", `/class/view/${present(agegeClass).id}`, { token: lgeaToken }), 404, authMessages.notFound);
      await expectError(await w.api.call("GET", `/class/view-all?school=${id(schools, AGEGE)}`, { token: lgeaToken }), 404, authMessages.notFound);
      const agegeForm = { schoolId: id(schools, AGEGE), classTypeId: id(types, "SSS 1"), arm: "L", capacity: 30, version: present(agegeClass).version };
      await expectError(await update(present(agegeClass).id, agegeForm, lgeaToken), 404, authMessages.notFound);
    });

    it("reads the district's class types, but does not add, change or delete one", async () => {
      const { classTypes } = await expectOk<ClassTypeList>(await w.api.call("GET", "/class-arm/list-of-class-types", { token: lgeaToken }));
      expect(classTypes.filter((t) => t.standard)).toHaveLength(14);
      // Counts are of the classes it reaches: no SSS class is at an Alimosho school.
      expect(classTypes.find((t) => t.name === "SSS 1")?.classes).toBe(0);
      const body = { name: "LGEA Special", level: "Primary", position: 30 };
      await expectError(await w.api.call("POST", "/class-arm/add-class-type", { token: lgeaToken, body }), 403, authMessages.forbidden);
      const jss1 = id(types, "JSS 1");
      await expectError(
        await w.api.call("PATCH", `/class-arm/update-class-type/${jss1}`, { token: lgeaToken, body: { ...body, version: 1 } }),
        403,
        authMessages.forbidden,
      );
      await expectError(await w.api.call("POST", `/class-arm/delete-class-type/${jss1}`, { token: lgeaToken }), 403, authMessages.forbidden);
      expect(await w.api.db.select().from(classType).where(eq(classType.name, "LGEA Special"))).toEqual([]);
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
