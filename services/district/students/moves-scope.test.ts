import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import { studentMessages as m, type StudentMovePage } from "../../../lib/contract/students";
import { demoPasswords } from "../../db/demo-data";
import { lgea, role, roleAccess, school, schoolClass, staff, student } from "../../db/schema";
import { expectError, expectOk, present, staffRow } from "../../test/helpers";
import { movesTest } from "./moves-test-support";

describe("group moves of pupils: who may move, see and undo them", () => {
  const { w, named, agege, alimosho, ifako, classOf, admit, current, review, move, list, reverse, moved, listed } = movesTest();
  /** District 1's LGEAs by name. */
  let lgeas: Record<string, string>;
  let demoHash: string | null;

  beforeAll(async () => {
    lgeas = Object.fromEntries((await w.api.db.select().from(lgea).where(eq(lgea.districtId, w.d1))).map((a) => [a.name, a.id]));
    demoHash = (await staffRow(w.api, "halima.sani@example.org")).passwordHash;
  });

  let holders = 0;
  /** Signs in a new staff member whose one role holds `operations`, in the district or an LGEA of it. */
  async function signInWith(operations: string[], organization: { type: "District" | "LGEA"; id: string }) {
    const n = ++holders;
    const [person] = await w.api.db
      .insert(staff)
      .values({
        districtId: w.d1,
        lgeaId: organization.type === "LGEA" ? organization.id : null,
        firstName: "Holder",
        lastName: `Number${n}`,
        email: `move.test.${n}@example.org`,
        phoneNumber: `80710${String(n).padStart(5, "0")}`,
        passwordHash: demoHash,
        accountStatus: "Active",
      })
      .returning();
    const [created] = await w.api.db
      .insert(role)
      .values({ districtId: w.d1, name: `Move test role ${n}`, operations })
      .returning();
    await w.api.db.insert(roleAccess).values({
      staffId: present(person).id,
      districtId: w.d1,
      organizationType: organization.type,
      organizationId: organization.id,
      roleId: present(created).id,
    });
    return w.api.login(present(person).email, demoPasswords.staff);
  }

  it("answers 403 to staff without student.update, and lists moves to those with student.view", async () => {
    const rita = await admit("Rita Untouched", agege(), null);
    const { moveId } = await moved({ studentIds: [rita.id], toSchoolId: ifako() });
    const teacher = await w.api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const viewer = await signInWith(["student.view"], { type: "District", id: w.d1 });
    const body = { studentIds: [rita.id], toSchoolId: agege() };
    for (const session of [teacher, viewer]) {
      await expectError(await review(body, session.authorizationToken), 403, authMessages.forbidden);
      await expectError(await move(body, session.authorizationToken), 403, authMessages.forbidden);
      await expectError(await reverse(moveId, session.authorizationToken), 403, authMessages.forbidden);
    }
    await expectError(await list("", teacher.authorizationToken), 403, authMessages.forbidden);
    expect(await listed(moveId, viewer.authorizationToken)).toMatchObject({ count: 1, reversible: true });
    // The records officer holds student.update.
    const officer = await w.api.login("tunde.bakare@example.org", demoPasswords.staff);
    expect(officer.permissions).toContain("student.update");
    expect(await current(rita.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    await expectOk(await reverse(moveId, officer.authorizationToken));
    expect(await current(rita.id)).toMatchObject({ schoolId: agege(), version: 3 });
  });

  it("keeps another district's moves apart", async () => {
    const theirSchool = present((await w.api.db.select().from(student).where(eq(student.id, w.otherPupil)))[0]).schoolId;
    const target = present(
      (
        await w.api.db
          .select()
          .from(school)
          .where(and(eq(school.districtId, w.d2)))
      ).find((s) => s.id !== theirSchool),
      "second school of district 2",
    ).id;
    const { moveId } = await moved({ studentIds: [w.otherPupil], toSchoolId: target }, w.admin2.authorizationToken);
    expect(await listed(moveId)).toBeUndefined();
    await expectError(await reverse(moveId), 404, authMessages.notFound);
    expect(await listed(moveId, w.admin2.authorizationToken)).toMatchObject({ createdBy: "Musa Abubakar", count: 1, reversible: true });
    await expectOk(await reverse(moveId, w.admin2.authorizationToken));
    expect(present((await w.api.db.select().from(student).where(eq(student.id, w.otherPupil)))[0]).schoolId).toBe(theirSchool);
  });

  it("keeps staff working for an LGEA to its schools: their moves, the moves they see, and undoing only what lies within it", async () => {
    const agegeLgea = named(lgeas, "Agege LGEA");
    const [second] = await w.api.db
      .insert(school)
      .values({ districtId: w.d1, lgeaId: agegeLgea, name: "Agege Move Test School", localGovernment: "Agege", category: "Senior Secondary" })
      .returning();
    const agege2 = present(second).id;
    const sss1 = present(
      (
        await w.api.db
          .select()
          .from(schoolClass)
          .where(eq(schoolClass.id, classOf(agege(), "SSS 1A")))
      )[0],
    );
    const [other] = await w.api.db
      .insert(schoolClass)
      .values({ districtId: w.d1, schoolId: agege2, classTypeId: sss1.classTypeId, arm: "A", name: "SSS 1A" })
      .returning();
    const agege2Class = present(other).id;
    const session = await signInWith(["student.view", "student.update"], { type: "LGEA", id: agegeLgea });
    expect(session.currentOrganization).toMatchObject({ id: agegeLgea, type: "LGEA" });
    const t = session.authorizationToken;
    const inside = await admit("Sade Inside", agege(), null);
    const outside = await admit("Tayo Outside", alimosho(), null);

    // Out of the LGEA: another LGEA's school or class, or its pupil, is not found.
    await expectError(await move({ studentIds: [inside.id], toSchoolId: alimosho() }, t), 404, authMessages.notFound);
    await expectError(await move({ studentIds: [inside.id], toClassId: classOf(alimosho(), "JSS 1A") }, t), 404, authMessages.notFound);
    await expectError(await review({ studentIds: [outside.id], toSchoolId: agege2 }, t), 404, authMessages.notFound);

    // Among the LGEA's schools: moved, listed and undone.
    const own = await moved({ studentIds: [inside.id], toSchoolId: agege2, toClassId: agege2Class }, t);
    expect(await current(inside.id)).toMatchObject({ schoolId: agege2, classId: agege2Class });
    expect(await listed(own.moveId, t)).toMatchObject({ createdBy: expect.stringMatching(/^Holder Number\d+$/), reversible: true });
    await expectOk(await reverse(own.moveId, t));
    expect(await current(inside.id)).toMatchObject({ schoolId: agege(), classId: null });

    // A district move out of Agege: the LGEA sees it, and cannot undo it, its pupil now being out of reach.
    const leaving = await admit("Uche Leaving", agege(), null);
    const away = (await moved({ studentIds: [leaving.id], toSchoolId: alimosho() })).moveId;
    expect(await listed(away, t)).toMatchObject({ count: 1, reversible: false });
    expect(await listed(away)).toMatchObject({ count: 1, reversible: true });
    await expectError(await reverse(away, t), 403, m.moveOutOfReach);
    expect(await current(leaving.id)).toMatchObject({ schoolId: alimosho(), version: 2 });
    await expectOk(await reverse(away));
    expect(await current(leaving.id)).toMatchObject({ schoolId: agege(), version: 3 });

    // A district move of pupils of two LGEAs shows the LGEA its own pupil only; a move between other LGEAs is not seen.
    const mixed = (await moved({ studentIds: [leaving.id, outside.id], toSchoolId: ifako() })).moveId;
    expect(await listed(mixed, t)).toMatchObject({ count: 1, reversible: false });
    expect(await listed(mixed)).toMatchObject({ count: 2, reversible: true });
    const stranger = await admit("Vic Stranger", alimosho(), null);
    const elsewhere = (await moved({ studentIds: [stranger.id], toSchoolId: ifako() })).moveId;
    expect(await listed(elsewhere, t)).toBeUndefined();
    await expectError(await reverse(elsewhere, t), 404, authMessages.notFound);
    const seen = await expectOk<StudentMovePage>(await list("limit=100", t));
    expect(seen.moves.map((x) => x.id)).toEqual(expect.arrayContaining([own.moveId, away, mixed]));
    expect(seen.total).toBe(seen.moves.length);
  });
});
