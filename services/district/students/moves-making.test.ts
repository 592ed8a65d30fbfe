import { and, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formInvalidMessage } from "../../../lib/contract/messages";
import { studentMessages as m, type StudentMovePage, type StudentMoveReview } from "../../../lib/contract/students";
import { student, studentMove, studentMoveRow } from "../../db/schema";
import { auditOf, expectError, expectOk } from "../../test/helpers";
import { movesTest } from "./moves-test-support";

describe("group moves of pupils: reviewing and making a move", () => {
  const { w, agege, alimosho, ifako, classOf, admit, current, rowsOf, moveCount, review, move, list, reverse, moved, listed } = movesTest();

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

    const [batch] = await w.api.db.select().from(studentMove).where(eq(studentMove.id, moveId));
    expect(batch).toMatchObject({ districtId: w.d1, createdBy: w.admin1.staff.id, reversedAt: null, reversedBy: null });
    const rows = await rowsOf(moveId);
    expect(rows.map((r) => r.studentId).sort()).toEqual([ada.id, bayo.id].sort());
    expect(rows.find((r) => r.studentId === ada.id)).toMatchObject({
      districtId: w.d1,
      fromSchoolId: agege(),
      fromClassId: sss1,
      toSchoolId: agege(),
      toClassId: sss2,
      versionAfter: 2,
    });
    expect(rows.find((r) => r.studentId === bayo.id)).toMatchObject({ fromClassId: null, toClassId: sss2, versionAfter: 2 });

    const audit = await auditOf(w.api, ada.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operation: "student.move",
      actorStaffId: w.admin1.staff.id,
      districtId: w.d1,
      before: { schoolId: agege(), classId: sss1 },
      after: { schoolId: agege(), classId: sss2, moveId },
    });
    expect(await auditOf(w.api, chidi.id)).toEqual([]);

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
    expect(await auditOf(w.api, kemi.id)).toHaveLength(1);
  });

  it("lets one of two concurrent moves of the same pupil win; the other finds them already there", async () => {
    const contested = await admit("Vera Contested", agege(), null);
    const answers = await Promise.all([move({ studentIds: [contested.id], toSchoolId: ifako() }), move({ studentIds: [contested.id], toSchoolId: ifako() })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await current(contested.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    expect(await w.api.db.select().from(studentMoveRow).where(eq(studentMoveRow.studentId, contested.id))).toHaveLength(1);

    // Overlapping selections in opposite orders are locked in one order, so neither waits on the other forever.
    const [u, v] = [await admit("Wale Overlap", agege(), null), await admit("Xavier Overlap", agege(), null)];
    const crossed = await Promise.all([move({ studentIds: [u.id, v.id], toSchoolId: ifako() }), move({ studentIds: [v.id, u.id], toSchoolId: alimosho() })]);
    expect(crossed.map((a) => a.status)).toEqual([201, 201]);
    const [nowU, nowV] = [await current(u.id), await current(v.id)];
    expect(nowU.schoolId).toBe(nowV.schoolId);
    expect(nowU.version).toBe(3);
  });

  // Thousands of rows: 9 s in a full run on a slow machine, so 90 s instead of the default 30.
  it("moves and undoes the largest selection in one batch, and pages through the list", async () => {
    const many = await w.api.db
      .insert(student)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          districtId: w.d1,
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
    const [back] = await w.api.db
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
  }, 90_000);
});
