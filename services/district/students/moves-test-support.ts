import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { StudentMoved, StudentMoveInput, StudentMovePage } from "../../../lib/contract/students";
import type { AuthResult } from "../../../lib/contract/user";
import { school, schoolClass, student, studentMove, studentMoveRow } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";

/** What the group-move tests (moves-*.test.ts) share: the seeded districts, read once before the file's tests. */
export type MovesWorld = {
  api: TestApi;
  admin1: AuthResult;
  admin2: AuthResult;
  d1: string;
  d2: string;
  /** District 1's schools by name. */
  schools: Record<string, string>;
  /** District 1's classes by school id, then name. */
  classes: Record<string, Record<string, string>>;
  /** A school, a class and a pupil of district 2. */
  otherSchool: string;
  otherClass: string;
  otherPupil: string;
};

/**
 * Opens a test API for the file (closed after its tests) and gives the group-move helpers over it. `w` is filled in
 * before the first test runs, so its fields are read inside tests, never while the file is being collected.
 */
export function movesTest() {
  const w = {} as MovesWorld;

  beforeAll(async () => {
    const api = await createTestApi();
    const [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    const d1 = admin1.staff.district.id;
    const d2 = admin2.staff.district.id;
    const schoolRows = await api.db.select().from(school);
    const classes: MovesWorld["classes"] = {};
    let otherClass = "";
    for (const k of await api.db.select().from(schoolClass)) {
      if (k.districtId === d2) otherClass = k.id;
      else classes[k.schoolId] = { ...classes[k.schoolId], [k.name]: k.id };
    }
    Object.assign(w, {
      api,
      admin1,
      admin2,
      d1,
      d2,
      schools: Object.fromEntries(schoolRows.filter((s) => s.districtId === d1).map((s) => [s.name, s.id])),
      classes,
      otherSchool: present(schoolRows.find((s) => s.districtId === d2)).id,
      otherClass,
      otherPupil: present((await api.db.select().from(student).where(eq(student.districtId, d2)).limit(1))[0]).id,
    } satisfies MovesWorld);
  });
  afterAll(() => w.api.close());

  const named = (ids: Record<string, string> | undefined, name: string) => present(ids?.[name], name);
  const agege = () => named(w.schools, "Agege Senior Grammar School");
  const alimosho = () => named(w.schools, "Alimosho Junior High School");
  const ifako = () => named(w.schools, "Ifako Community Primary School");
  const classOf = (schoolId: string, name: string) => named(w.classes[schoolId], name);

  let admitted = 0;
  /** A new pupil of district 1 at a school, in a class of it or none. */
  async function admit(name: string, schoolId: string, classId: string | null) {
    const n = ++admitted;
    const [firstName = "", lastName = ""] = name.split(" ");
    const [row] = await w.api.db
      .insert(student)
      .values({
        districtId: w.d1,
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
  const current = async (id: string) => present((await w.api.db.select().from(student).where(eq(student.id, id)))[0], "pupil");
  const rowsOf = (moveId: string) => w.api.db.select().from(studentMoveRow).where(eq(studentMoveRow.moveId, moveId));
  const moveCount = async () => (await w.api.db.select({ n: count() }).from(studentMove).where(eq(studentMove.districtId, w.d1)))[0]?.n ?? 0;

  const token = () => w.admin1.authorizationToken;
  const review = (body: StudentMoveInput | Record<string, unknown>, t = token()) => w.api.call("POST", "/student/move-review", { token: t, body });
  const move = (body: StudentMoveInput | Record<string, unknown>, t = token()) => w.api.call("POST", "/student/move", { token: t, body });
  const list = (query = "", t = token()) => w.api.call("GET", `/student/moves${query ? `?${query}` : ""}`, { token: t });
  const reverse = (id: string, t = token()) => w.api.call("POST", `/student/moves/${id}/reverse`, { token: t });
  const moved = async (body: StudentMoveInput, t = token()) => expectOk<StudentMoved>(await move(body, t), 201);
  const listed = async (id: string, t = token()) => (await expectOk<StudentMovePage>(await list("limit=100", t))).moves.find((x) => x.id === id);

  return { w, named, agege, alimosho, ifako, classOf, admit, current, rowsOf, moveCount, review, move, list, reverse, moved, listed };
}
