import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import { studentMessages as m } from "../../../lib/contract/students";
import { student, studentMove } from "../../db/schema";
import { auditOf, expectError, expectOk, present, randomId } from "../../test/helpers";
import { movesTest } from "./moves-test-support";

describe("group moves of pupils: undoing a move", () => {
  const { w, agege, alimosho, ifako, classOf, admit, current, reverse, moved, listed } = movesTest();

  it("undoes a move within the day: every pupil back to their school and class, the move marked, each audited; a second undo is refused", async () => {
    const sss3 = classOf(agege(), "SSS 3A");
    const lola = await admit("Lola Back", agege(), sss3);
    const musa = await admit("Musa Back", alimosho(), classOf(alimosho(), "JSS 1A"));
    const { moveId } = await moved({ studentIds: [lola.id, musa.id], toSchoolId: ifako(), toClassId: classOf(ifako(), "Primary 6A") });

    expect(await expectOk(await reverse(moveId))).toEqual({ message: "Move Undone Successfully" });
    expect(await current(lola.id)).toMatchObject({ schoolId: agege(), classId: sss3, version: 3 });
    expect(await current(musa.id)).toMatchObject({ schoolId: alimosho(), classId: classOf(alimosho(), "JSS 1A"), version: 3 });
    const [batch] = await w.api.db.select().from(studentMove).where(eq(studentMove.id, moveId));
    expect(batch).toMatchObject({ reversedBy: w.admin1.staff.id, reversedAt: expect.any(Date) });
    const audit = await auditOf(w.api, lola.id);
    expect(audit.map((a) => a.operation)).toEqual(["student.move", "student.move-reverse"]);
    expect(audit[1]).toMatchObject({
      actorStaffId: w.admin1.staff.id,
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
    await w.api.db
      .update(student)
      .set({ address: "2 New Road", version: sql`${student.version} + 1` })
      .where(eq(student.id, nkem.id));
    expect(await listed(moveId)).toMatchObject({ reversible: false });
    await expectError(await reverse(moveId), 409, m.moveNotReversible);
    expect(await current(obi.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    expect(await current(nkem.id)).toMatchObject({ schoolId: ifako(), version: 3 });
    expect(present((await w.api.db.select().from(studentMove).where(eq(studentMove.id, moveId)))[0]).reversedAt).toBeNull();

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
    await w.api.db
      .update(studentMove)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(studentMove.id, moveId));
    expect(await listed(moveId)).toMatchObject({ reversible: false, reversedAt: null });
    await expectError(await reverse(moveId), 409, m.moveNotReversible);
    expect(await current(qudus.id)).toMatchObject({ schoolId: ifako(), version: 2 });
    // Just under a day is still in time.
    await w.api.db
      .update(studentMove)
      .set({ createdAt: sql`now() - interval '23 hours 59 minutes'` })
      .where(eq(studentMove.id, moveId));
    await expectOk(await reverse(moveId));
    expect(await current(qudus.id)).toMatchObject({ schoolId: agege(), version: 3 });
  });
});
