import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { studentMessages as m, type StudentMoveInput } from "../../../lib/contract/students";
import { student } from "../../db/schema";
import { expectError, randomId } from "../../test/helpers";
import { movesTest } from "./moves-test-support";

describe("group moves of pupils: the moves refused, saving nothing", () => {
  const { w, agege, ifako, classOf, admit, current, moveCount, review, move } = movesTest();

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
      const body = await expectError(await call({ studentIds: [mine.id, w.otherPupil, missing], toSchoolId: ifako() }), 404, authMessages.notFound);
      expect(body.issues).toEqual([
        { path: "studentIds.1", message: m.moveStudentNotFound },
        { path: "studentIds.2", message: m.moveStudentNotFound },
      ]);
      await expectError(await call({ studentIds: [mine.id], toSchoolId: w.otherSchool }), 404, authMessages.notFound);
      await expectError(await call({ studentIds: [mine.id], toSchoolId: randomId() }), 404, authMessages.notFound);
      await expectError(await call({ studentIds: [mine.id], toClassId: w.otherClass }), 404, authMessages.notFound);
      await expectError(await call({ studentIds: [mine.id], toSchoolId: w.otherSchool, toClassId: w.otherClass }), 404, authMessages.notFound);
    }
    expect(await moveCount()).toBe(before);
    expect(await current(mine.id)).toMatchObject({ schoolId: agege(), version: 1 });
    const [theirs] = await w.api.db.select().from(student).where(eq(student.id, w.otherPupil));
    expect(theirs?.version).toBe(1);
  });
});
