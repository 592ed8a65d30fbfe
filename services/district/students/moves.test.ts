import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { studentMessages as m, type StudentMoved, type StudentMoveInput, type StudentMovePage, type StudentMoveReview } from "../../../lib/contract/students";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { lgea, role, roleAccess, school, schoolClass, staff, student, studentMove, studentMoveRow } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, present, randomId, staffRow } from "../../test/helpers";

describe("group moves of pupils", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  let d2: string;
  /** District 1's schools and LGEAs by name. */
  let schools: Record<string, string>;
  let lgeas: Record<string, string>;
  /** District 1's classes by school id, then name. */
  let classes: Record<string, Record<string, string>>;
  let otherSchool: string;
  let otherClass: string;
  let otherPupil: string;
  let demoHash: string | null;

  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
    const schoolRows = await api.db.select().from(school);
    schools = Object.fromEntries(schoolRows.filter((s) => s.districtId === d1).map((s) => [s.name, s.id]));
    otherSchool = present(schoolRows.find((s) => s.districtId === d2)).id;
    lgeas = Object.fromEntries((await api.db.select().from(lgea).where(eq(lgea.districtId, d1))).map((a) => [a.name, a.id]));
    classes = {};
    for (const k of await api.db.select().from(schoolClass)) {
      if (k.districtId === d2) otherClass = k.id;
      else classes[k.schoolId] = { ...classes[k.schoolId], [k.name]: k.id };
    }
    otherPupil = present((await api.db.select().from(student).where(eq(student.districtId, d2)).limit(1))[0]).id;
    demoHash = (await staffRow(api, "halima.sani@example.org")).passwordHash;
  });
  afterAll(() => api.close());

  const named = (ids: Record<string, string> | undefined, name: string) => present(ids?.[name], name);
  const agege = () => named(schools, "Agege Senior Grammar School");
  const alimosho = () => named(schools, "Alimosho Junior High School");
  const ifako = () => named(schools, "Ifako Community Primary School");
  const classOf = (schoolId: string, name: string) => named(classes[schoolId], name);

  let admitted = 0;
  /** A new pupil of district 1 at a school, in a class of it or none. */
  async function admit(name: string, schoolId: string, classId: string | null) {
    const n = ++admitted;
    const [firstName = "", lastName = ""] = name.split(" ");
    const [row] = await api.db
      .insert(student)
      .values({
        districtId: d1,
        schoolId,
        classId,
        firstName,
        lastName,
        gender: n % 2 ? "Female" : "Male",
        dob: "2012-03-04",
        admissionNumber: `MOVE-TEST-${n}`,
        dateOfAdmission: "2024-09-10",
      })
      .returning();
    return present(row, "pupil");
  }
  const current = async (id: string) => present((await api.db.select().from(student).where(eq(student.id, id)))[0], "pupil");
  const rowsOf = (moveId: string) => api.db.select().from(studentMoveRow).where(eq(studentMoveRow.moveId, moveId));
  const moveCount = async () => (await api.db.select({ n: count() }).from(studentMove).where(eq(studentMove.districtId, d1)))[0]?.n ?? 0;

  let holders = 0;
  /** Signs in a new staff member whose one role holds `operations`, in the district or an LGEA of it. */
  async function signInWith(operations: string[], organization: { type: "District" | "LGEA"; id: string }) {
    const n = ++holders;
    const [person] = await api.db
      .insert(staff)
      .values({
        districtId: d1,
        lgeaId: organization.type === "LGEA" ? organization.id : null,
        firstName: "Holder",
        lastName: `Number${n}`,
        email: `move.test.${n}@example.org`,
        phoneNumber: `80710${String(n).padStart(5, "0")}`,
        passwordHash: demoHash,
        accountStatus: "Active",
      })
      .returning();
    const [created] = await api.db
      .insert(role)
      .values({ districtId: d1, name: `Move test role ${n}`, operations })
      .returning();
    await api.db.insert(roleAccess).values({
      staffId: present(person).id,
      districtId: d1,
      organizationType: organization.type,
      organizationId: organization.id,
      roleId: present(created).id,
    });
    return api.login(present(person).email, demoPasswords.staff);
  }

  const token = () => admin1.authorizationToken;
  const review = (body: StudentMoveInput | Record<string, unknown>, t = token()) => api.call("POST", "/student/move-review", { token: t, body });
  const move = (body: StudentMoveInput | Record<string, unknown>, t = token()) => api.call("POST", "/student/move", { token: t, body });
  const list = (query = "", t = token()) => api.call("GET", `/student/moves${query ? `?${query}` : ""}`, { token: t });
  const reverse = (id: string, t = token()) => api.call("POST", `/student/moves/${id}/reverse`, { token: t });
  const moved = async (body: StudentMoveInput, t = token()) => expectOk<StudentMoved>(await move(body, t), 201);
  const listed = async (id: string, t = token()) => (await expectOk<StudentMovePage>(await list("limit=100", t))).moves.find((x) => x.id === id);

  it("reviews a move without changing anything, then moves the pupils in one recorded, audited batch, skipping those already there", async () => {
    const sss1 = classOf(agege(), "SSS 1A");
    const sss2 = classOf(agege(), "SSS 2A");
    const ada = await admit("Ada Zubair", agege(), sss1);
    const bayo = await admit("Bayo Abiola", agege(), null);
    const chidi = await admit("Chidi Mbah", agege(), sss2);
    const body = { studentIds: [ada.id, bayo.id, chidi.id], toSchoolId: agege(), toClassId: sss2 };
    const before = await moveCount();

    const sss2Place = { school: { id: agege(), name: "Agege Senior Grammar School" }, class: { id: sss2, name: "SSS 2A" } };
    const answer = await expectOk<StudentMoveReview>(await review(body));
    expect(answer).toEqual({
      toMove: 2,
      moves: [
        {
          student: { id: bayo.id, name: "Bayo Abiola", admissionNumber: bayo.admissionNumber },
          from: { school: { id: agege(), name: "Agege Senior Grammar School" }, class: null },
          to: sss2Place,
          alreadyThere: false,
        },
        { student: { id: chidi.id, name: "Chidi Mbah", admissionNumber: chidi.admissionNumber }, from: sss2Place, to: sss2Place, alreadyThere: true },
        {
          student: { id: ada.id, name: "Ada Zubair", admissionNumber: ada.admissionNumber },
          from: { school: { id: agege(), name: "Agege Senior Grammar School" }, class: { id: sss1, name: "SSS 1A" } },
          to: sss2Place,
          alreadyThere: false,
        },
      ],
    });
    // Read-only: nobody moved, no batch written.
    expect(await moveCount()).toBe(before);
    expect(await current(ada.id)).toMatchObject({ classId: sss1, version: 1 });

    const { moveId, ...done } = await moved(body);
    expect(done).toEqual({ message: "Students Moved Successfully", moved: 2, skipped: 1 });
    expect(await moveCount()).toBe(before + 1);
    for (const pupil of [ada, bayo]) expect(await current(pupil.id)).toMatchObject({ schoolId: agege(), classId: sss2, version: 2 });
    expect(await current(chidi.id)).toMatchObject({ classId: sss2, version: 1 });
    expect((await current(ada.id)).updatedAt.getTime()).toBeGreaterThan(ada.updatedAt.getTime());

    const [batch] = await api.db.select().from(studentMove).where(eq(studentMove.id, moveId));
    expect(batch).toMatchObject({ districtId: d1, createdBy: admin1.staff.id, reversedAt: null, reversedBy: null });
    const rows = await rowsOf(moveId);
    expect(rows.map((r) => r.studentId).sort()).toEqual([ada.id, bayo.id].sort());
    expect(rows.find((r) => r.studentId === ada.id)).toMatchObject({
      districtId: d1,
      fromSchoolId: agege(),
      fromClassId: sss1,
      toSchoolId: agege(),
      toClassId: sss2,
      versionAfter: 2,
    });
    expect(rows.find((r) => r.studentId === bayo.id)).toMatchObject({ fromClassId: null, toClassId: sss2, versionAfter: 2 });

    const audit = await auditOf(api, ada.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operation: "student.move",
      actorStaffId: admin1.staff.id,
      districtId: d1,
      before: { schoolId: agege(), classId: sss1 },
      after: { schoolId: agege(), classId: sss2, moveId },
    });
    expect(await auditOf(api, chidi.id)).toEqual([]);

    const page = await expectOk<StudentMovePage>(await list());
    expect(page).toMatchObject({ page: 1, limit: 20, total: await moveCount() });
    expect(page.moves[0]).toEqual({
      id: moveId,
      createdAt: expect.any(String),
      createdBy: "Adaeze Okafor",
      count: 2,
      to: sss2Place,
      reversedAt: null,
      reversedBy: null,
      reversible: true,
    });
  });

  it("moves pupils to a new school without a class, and to a class of their own school when no school is named", async () => {
    const dayo = await admit("Dayo Mover", agege(), classOf(agege(), "SSS 1A"));
    const { moveId } = await moved({ studentIds: [dayo.id], toSchoolId: alimosho() });
    expect(await current(dayo.id)).toMatchObject({ schoolId: alimosho(), classId: null, version: 2 });
    expect(await listed(moveId)).toMatchObject({ to: { school: { id: alimosho(), name: "Alimosho Junior High School" }, class: null } });

    const efe = await admit("Efe Classless", alimosho(), null);
    const jss2 = classOf(alimosho(), "JSS 2A");
    const answer = await moved({ studentIds: [dayo.id, efe.id], toClassId: jss2 });
    expect(answer).toMatchObject({ moved: 2, skipped: 0 });
    for (const pupil of [dayo, efe]) expect(await current(pupil.id)).toMatchObject({ schoolId: alimosho(), classId: jss2 });

    // A pupil already at the new school keeps their class when none is named: they are already there.
    const settled = await admit("Funke Settled", alimosho(), jss2);
    const mixed = await expectOk<StudentMoveReview>(await review({ studentIds: [settled.id], toSchoolId: alimosho() }));
    expect(mixed).toMatchObject({ toMove: 0, moves: [{ alreadyThere: true, to: { class: { id: jss2 } } }] });
  });

  it("refuses a class that is not of the new school, or not of every pupil's own school, saving nothing", async () => {
    const gbenga = await admit("Gbenga Stay", agege(), null);
    const hauwa = await admit("Hauwa Stay", ifako(), null);
    const before = await moveCount();
    for (const body of [
      { studentIds: [gbenga.id], toSchoolId: ifako(), toClassId: classOf(agege(), "SSS 1A") },
      { studentIds: [gbenga.id, hauwa.id], toClassId: classOf(agege(), "SSS 1A") },
    ]) {
      for (const call of [review, move]) {
        const refused = await expectError(await call(body), 400, m.moveClassNotInSchool);
        expect(refused.issues).toEqual([{ path: "toClassId", message: m.moveClassNotInSchool }]);
      }
    }
    expect(await moveCount()).toBe(before);
    expect(await current(gbenga.id)).toMatchObject({ schoolId: agege(), classId: null, version: 1 });
  });

  it("checks the body with its messages", async () => {
    const pupil = await admit("Ike Form", agege(), null);
    const issuesOf = async (body: unknown) => (await expectError(await move(body as StudentMoveInput), 400, formInvalidMessage)).issues;
    expect(await issuesOf({ studentIds: [], toSchoolId: ifako() })).toEqual([{ path: "studentIds", message: m.studentsRequired }]);
    expect(await issuesOf({ studentIds: [pupil.id] })).toEqual([{ path: "toClassId", message: m.nothingToMove }]);
    expect(await issuesOf({ studentIds: [pupil.id], toSchoolId: "", toClassId: "" })).toEqual([{ path: "toClassId", message: m.nothingToMove }]);
    expect(await issuesOf({ studentIds: Array.from({ length: 1001 }, () => randomId()), toSchoolId: ifako() })).toEqual([
      { path: "studentIds", message: m.tooManyStudents },
    ]);
    expect(await issuesOf({ studentIds: ["nobody"], toSchoolId: ifako() })).toEqual([{ path: "studentIds.0", message: "Not a valid id." }]);
    // Every pupil already there: nothing to record.
    const all = await expectError(await move({ studentIds: [pupil.id], toSchoolId: agege() }), 400, m.allAlreadyThere);
    expect(all.issues).toEqual([{ path: "studentIds", message: m.allAlreadyThere }]);
    expect(await current(pupil.id)).toMatchObject({ version: 1 });
  });

  it("answers 404, saving nothing, for a pupil, school or class outside the scope, naming each missing pupil's place", async () => {
    const mine = await admit("Jide Mine", agege(), null);
    const before = await moveCount();
    const missing = randomId();
    for (const call of [review, move]) {
      const body = await expectError(await call({ studentIds: [mine.id, otherPupil, missing], toSchoolId: ifako() }), 404, authMessages.notFound);
      expect(body.issues).toEqual([
        { path: "studentIds.1", message: m.moveStudentNotFound },
        { path: "studentIds.2", message: m.moveStudentNotFound },
      ]);
      await expectError(await call({ studentIds: [mine.id], toSchoolId: otherSchool }), 404, authMessages.notFound);
      await expectError(await call({ studentIds: [mine.id], toSchoolId: randomId() }), 404, authMessages.notFound);
      await expectError(await call({ studentIds: [mine.id], toClassId: otherClass }), 404, authMessages.notFound);
      await expectError(await call({ studentIds: [mine.id], toSchoolId: otherSchool, toClassId: otherClass }), 404, authMessages.notFound);
    }
    expect(await moveCount()).toBe(before);
    expect(await current(mine.id)).toMatchObject({ schoolId: agege(), version: 1 });
    const [theirs] = await api.db.select().from(student).where(eq(student.id, otherPupil));
    expect(theirs?.version).toBe(1);
  });

  it("takes a pupil named twice in the selection once", async () => {
    const kemi = await admit("Kemi Twice", agege(), null);
    const body = { studentIds: [kemi.id, kemi.id, kemi.id.toUpperCase()], toSchoolId: ifako() };
    const answer = await expectOk<StudentMoveReview>(await review(body));
    expect(answer.moves.map((l) => l.student.id)).toEqual([kemi.id]);
    expect(answer.toMove).toBe(1);
    const { moveId, moved: n } = await moved(body);
    expect(n).toBe(1);
    expect(await rowsOf(moveId)).toHaveLength(1);
    expect(await current(kemi.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    expect(await auditOf(api, kemi.id)).toHaveLength(1);
  });

  it("undoes a move within the day: every pupil back to their school and class, the move marked, each audited; a second undo is refused", async () => {
    const sss3 = classOf(agege(), "SSS 3A");
    const lola = await admit("Lola Back", agege(), sss3);
    const musa = await admit("Musa Back", alimosho(), classOf(alimosho(), "JSS 1A"));
    const { moveId } = await moved({ studentIds: [lola.id, musa.id], toSchoolId: ifako(), toClassId: classOf(ifako(), "Primary 6A") });

    expect(await expectOk(await reverse(moveId))).toEqual({ message: "Move Undone Successfully" });
    expect(await current(lola.id)).toMatchObject({ schoolId: agege(), classId: sss3, version: 3 });
    expect(await current(musa.id)).toMatchObject({ schoolId: alimosho(), classId: classOf(alimosho(), "JSS 1A"), version: 3 });
    const [batch] = await api.db.select().from(studentMove).where(eq(studentMove.id, moveId));
    expect(batch).toMatchObject({ reversedBy: admin1.staff.id, reversedAt: expect.any(Date) });
    const audit = await auditOf(api, lola.id);
    expect(audit.map((a) => a.operation)).toEqual(["student.move", "student.move-reverse"]);
    expect(audit[1]).toMatchObject({
      actorStaffId: admin1.staff.id,
      before: { schoolId: ifako(), classId: classOf(ifako(), "Primary 6A") },
      after: { schoolId: agege(), classId: sss3, reversedMoveId: moveId },
    });
    expect(await listed(moveId)).toMatchObject({ reversedAt: expect.any(String), reversedBy: "Adaeze Okafor", reversible: false, count: 2 });

    await expectError(await reverse(moveId), 409, m.moveNotReversible);
    expect(await current(lola.id)).toMatchObject({ version: 3 });
    await expectError(await reverse(randomId()), 404, authMessages.notFound);
  });

  it("refuses to undo a move once any of its pupils changed since, saving nothing", async () => {
    const nkem = await admit("Nkem Changed", agege(), null);
    const obi = await admit("Obi Unchanged", agege(), null);
    const { moveId } = await moved({ studentIds: [nkem.id, obi.id], toSchoolId: ifako() });
    expect(await listed(moveId)).toMatchObject({ reversible: true });

    // Someone edits one pupil's record (the record's update bumps its version).
    await api.db
      .update(student)
      .set({ address: "2 New Road", version: sql`${student.version} + 1` })
      .where(eq(student.id, nkem.id));
    expect(await listed(moveId)).toMatchObject({ reversible: false });
    await expectError(await reverse(moveId), 409, m.moveNotReversible);
    expect(await current(obi.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    expect(await current(nkem.id)).toMatchObject({ schoolId: ifako(), version: 3 });
    expect(present((await api.db.select().from(studentMove).where(eq(studentMove.id, moveId)))[0]).reversedAt).toBeNull();

    // A later move of one of its pupils changes them too.
    const again = await admit("Pat Again", agege(), null);
    const first = (await moved({ studentIds: [again.id], toSchoolId: ifako() })).moveId;
    await moved({ studentIds: [again.id], toSchoolId: alimosho() });
    await expectError(await reverse(first), 409, m.moveNotReversible);
    expect(await current(again.id)).toMatchObject({ schoolId: alimosho(), version: 3 });
  });

  it("refuses to undo a move more than a day old", async () => {
    const qudus = await admit("Qudus Late", agege(), null);
    const { moveId } = await moved({ studentIds: [qudus.id], toSchoolId: ifako() });
    await api.db
      .update(studentMove)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(studentMove.id, moveId));
    expect(await listed(moveId)).toMatchObject({ reversible: false, reversedAt: null });
    await expectError(await reverse(moveId), 409, m.moveNotReversible);
    expect(await current(qudus.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    // Just under a day is still in time.
    await api.db
      .update(studentMove)
      .set({ createdAt: sql`now() - interval '23 hours 59 minutes'` })
      .where(eq(studentMove.id, moveId));
    await expectOk(await reverse(moveId));
    expect(await current(qudus.id)).toMatchObject({ schoolId: agege(), version: 3 });
  });

  it("answers 403 to staff without student.update, and lists moves to those with student.view", async () => {
    const rita = await admit("Rita Untouched", agege(), null);
    const { moveId } = await moved({ studentIds: [rita.id], toSchoolId: ifako() });
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const viewer = await signInWith(["student.view"], { type: "District", id: d1 });
    const body = { studentIds: [rita.id], toSchoolId: agege() };
    for (const session of [teacher, viewer]) {
      await expectError(await review(body, session.authorizationToken), 403, authMessages.forbidden);
      await expectError(await move(body, session.authorizationToken), 403, authMessages.forbidden);
      await expectError(await reverse(moveId, session.authorizationToken), 403, authMessages.forbidden);
    }
    await expectError(await list("", teacher.authorizationToken), 403, authMessages.forbidden);
    expect(await listed(moveId, viewer.authorizationToken)).toMatchObject({ count: 1, reversible: true });
    // The records officer holds student.update.
    const officer = await api.login("tunde.bakare@example.org", demoPasswords.staff);
    expect(officer.permissions).toContain("student.update");
    expect(await current(rita.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    await expectOk(await reverse(moveId, officer.authorizationToken));
    expect(await current(rita.id)).toMatchObject({ schoolId: agege(), version: 3 });
  });

  it("keeps another district's moves apart", async () => {
    const theirSchool = present((await api.db.select().from(student).where(eq(student.id, otherPupil)))[0]).schoolId;
    const target = present(
      (
        await api.db
          .select()
          .from(school)
          .where(and(eq(school.districtId, d2)))
      ).find((s) => s.id !== theirSchool),
      "second school of district 2",
    ).id;
    const { moveId } = await moved({ studentIds: [otherPupil], toSchoolId: target }, admin2.authorizationToken);
    expect(await listed(moveId)).toBeUndefined();
    await expectError(await reverse(moveId), 404, authMessages.notFound);
    expect(await listed(moveId, admin2.authorizationToken)).toMatchObject({ createdBy: "Musa Abubakar", count: 1, reversible: true });
    await expectOk(await reverse(moveId, admin2.authorizationToken));
    expect(present((await api.db.select().from(student).where(eq(student.id, otherPupil)))[0]).schoolId).toBe(theirSchool);
  });

  it("keeps staff working for an LGEA to its schools: their moves, the moves they see, and undoing only what lies within it", async () => {
    const agegeLgea = named(lgeas, "Agege LGEA");
    const [second] = await api.db
      .insert(school)
      .values({ districtId: d1, lgeaId: agegeLgea, name: "Agege Move Test School", localGovernment: "Agege", category: "Senior Secondary" })
      .returning();
    const agege2 = present(second).id;
    const sss1 = present(
      (
        await api.db
          .select()
          .from(schoolClass)
          .where(eq(schoolClass.id, classOf(agege(), "SSS 1A")))
      )[0],
    );
    const [other] = await api.db
      .insert(schoolClass)
      .values({ districtId: d1, schoolId: agege2, classTypeId: sss1.classTypeId, arm: "A", name: "SSS 1A" })
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

  it("lets one of two concurrent moves of the same pupil win; the other finds them already there", async () => {
    const contested = await admit("Vera Contested", agege(), null);
    const answers = await Promise.all([move({ studentIds: [contested.id], toSchoolId: ifako() }), move({ studentIds: [contested.id], toSchoolId: ifako() })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await current(contested.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    expect(await api.db.select().from(studentMoveRow).where(eq(studentMoveRow.studentId, contested.id))).toHaveLength(1);

    // Overlapping selections in opposite orders are locked in one order, so neither waits on the other forever.
    const [u, v] = [await admit("Wale Overlap", agege(), null), await admit("Xavier Overlap", agege(), null)];
    const crossed = await Promise.all([move({ studentIds: [u.id, v.id], toSchoolId: ifako() }), move({ studentIds: [v.id, u.id], toSchoolId: alimosho() })]);
    expect(crossed.map((a) => a.status)).toEqual([201, 201]);
    const [nowU, nowV] = [await current(u.id), await current(v.id)];
    expect(nowU.schoolId).toBe(nowV.schoolId);
    expect(nowU.version).toBe(3);
  });

  it("moves and undoes the largest selection in one batch, and pages through the list", async () => {
    const many = await api.db
      .insert(student)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          districtId: d1,
          schoolId: alimosho(),
          classId: classOf(alimosho(), "JSS 1A"),
          firstName: "Bulk",
          lastName: `Mover${i}`,
          gender: "Female",
          admissionNumber: `MOVE-BULK-${i}`,
          dateOfAdmission: "2024-09-10",
        })),
      )
      .returning({ id: student.id });
    const ids = many.map((p) => p.id);
    const { moveId, moved: n } = await moved({ studentIds: ids, toClassId: classOf(alimosho(), "JSS 2A") });
    expect(n).toBe(1000);
    expect(await listed(moveId)).toMatchObject({ count: 1000, reversible: true });
    await expectOk(await reverse(moveId));
    const [back] = await api.db
      .select({ n: count() })
      .from(student)
      .where(and(inArray(student.id, ids), eq(student.classId, classOf(alimosho(), "JSS 1A")), eq(student.version, 3)));
    expect(back?.n).toBe(1000);

    const total = await moveCount();
    const page = await expectOk<StudentMovePage>(await list("limit=2&page=2"));
    expect(page).toMatchObject({ page: 2, limit: 2, total });
    expect(page.moves).toHaveLength(2);
    const bad = await expectError(await list("limit=101&page=0"), 400, formInvalidMessage);
    expect(bad.issues).toEqual([
      { path: "limit", message: m.limitRange },
      { path: "page", message: m.pageRange },
    ]);
  });
});
