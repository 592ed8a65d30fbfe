import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MovementStatistics } from "../../../lib/contract/statistics";
import type { AuthResult } from "../../../lib/contract/user";
import { lgea, school, staff, staffTransfer, staffTransferRow, student, studentMove, studentMoveRow } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";

/**
 * Movement (issue: statistics): with a group move, an undone one and staff transfers recorded in the session, the
 * figures count each crossing of an LGEA's boundary once, in where it ends and out where it starts, and the
 * admissions equal the admission register's pupils admitted in the session.
 */
describe("GET /statistics/movement", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let d1 = "";
  const schoolIds: Record<string, { id: string; lgeaId: string | null }> = {};
  const get = async (who: AuthResult, q: Record<string, string> = {}) =>
    expectOk<MovementStatistics>(await api.call("GET", `/statistics/movement?${new URLSearchParams(q)}`, { token: who.authorizationToken }));

  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    d1 = admin1.staff.district.id;
    for (const s of await api.db.select().from(school).where(eq(school.districtId, d1))) schoolIds[s.name] = { id: s.id, lgeaId: s.lgeaId };
  });
  afterAll(() => api.close());

  const pupilAt = async (schoolId: string) => present((await api.db.select().from(student).where(eq(student.schoolId, schoolId)).limit(1))[0], "a pupil");
  const staffAt = async (schoolId: string | null) =>
    present(
      (
        await api.db
          .select()
          .from(staff)
          .where(and(eq(staff.districtId, d1), schoolId ? eq(staff.schoolId, schoolId) : isNull(staff.schoolId), eq(staff.isSuperAdmin, false)))
          .limit(1)
      )[0],
      "a staff member",
    );

  it("counts moves in and out of each LGEA and admissions in the session, and narrows to an LGEA", async () => {
    const before = await get(admin1);
    expect(before.byLgea.every((l) => l.pupilsIn === 0 && l.pupilsOut === 0 && l.staffIn === 0 && l.staffOut === 0)).toBe(true);
    const agege = present(schoolIds["Agege Senior Grammar School"]);
    const alimosho = present(schoolIds["Alimosho Junior High School"]);
    const ifako = present(schoolIds["Ifako Community Primary School"]);
    const [ifakoLgea] = await api.db
      .select()
      .from(lgea)
      .where(and(eq(lgea.districtId, d1), eq(lgea.id, present(ifako.lgeaId))));
    const inSession = new Date(`${before.from}T10:00:00Z`);

    // A group move: one pupil from Agege to Alimosho (across LGEAs), one within Alimosho's school; and one undone.
    const [move] = await api.db.insert(studentMove).values({ districtId: d1, createdBy: admin1.staff.id, createdAt: inSession }).returning();
    const [undone] = await api.db
      .insert(studentMove)
      .values({ districtId: d1, createdBy: admin1.staff.id, createdAt: inSession, reversedAt: inSession, reversedBy: admin1.staff.id })
      .returning();
    const movedOut = await pupilAt(agege.id);
    const stayed = await pupilAt(alimosho.id);
    await api.db.insert(studentMoveRow).values([
      { moveId: present(move).id, districtId: d1, studentId: movedOut.id, fromSchoolId: agege.id, toSchoolId: alimosho.id, versionAfter: 2 },
      { moveId: present(move).id, districtId: d1, studentId: stayed.id, fromSchoolId: alimosho.id, toSchoolId: alimosho.id, versionAfter: 2 },
      { moveId: present(undone).id, districtId: d1, studentId: movedOut.id, fromSchoolId: agege.id, toSchoolId: ifako.id, versionAfter: 3 },
    ]);
    // Staff: one from Agege's school to Ifako-Ijaiye's office, one from the district office to Alimosho's school; one after the session.
    const [transfer] = await api.db
      .insert(staffTransfer)
      .values({ districtId: d1, effectiveDate: before.from, reason: "Staffing", createdBy: admin1.staff.id })
      .returning();
    const [later] = await api.db
      .insert(staffTransfer)
      .values({ districtId: d1, effectiveDate: `${Number(before.to.slice(0, 4)) + 1}-09-02`, reason: "Next session", createdBy: admin1.staff.id })
      .returning();
    const teacher = await staffAt(agege.id);
    const clerk = await staffAt(null);
    await api.db.insert(staffTransferRow).values([
      { transferId: present(transfer).id, districtId: d1, staffId: teacher.id, fromSchoolId: agege.id, toLgeaId: present(ifakoLgea).id },
      { transferId: present(transfer).id, districtId: d1, staffId: clerk.id, toSchoolId: alimosho.id },
      { transferId: present(later).id, districtId: d1, staffId: clerk.id, fromSchoolId: alimosho.id, toSchoolId: agege.id },
    ]);

    const after = await get(admin1);
    const row = (name: string) =>
      present(
        after.byLgea.find((l) => l.lgea === name),
        name,
      );
    expect(row("Agege LGEA")).toMatchObject({ pupilsIn: 0, pupilsOut: 1, staffIn: 0, staffOut: 1 });
    expect(row("Alimosho LGEA")).toMatchObject({ pupilsIn: 1, pupilsOut: 0, staffIn: 1, staffOut: 0 });
    expect(row("Ifako-Ijaiye LGEA")).toMatchObject({ pupilsIn: 0, pupilsOut: 0, staffIn: 1, staffOut: 0 });
    expect(row("District office")).toMatchObject({ staffIn: 0, staffOut: 1 });
    // Every move stayed inside the district: nothing came into or left its reach.
    expect(after.totals).toMatchObject({ pupilsIn: 0, pupilsOut: 0, staffIn: 0, staffOut: 0 });

    // Admissions: the pupils admitted in the session, by gender, as the register holds them.
    const [admitted] = await api.db
      .select({
        male: sql<number>`count(*) filter (where ${student.gender} = 'Male')`.mapWith(Number),
        female: sql<number>`count(*) filter (where ${student.gender} = 'Female')`.mapWith(Number),
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(student)
      .where(and(eq(student.districtId, d1), gte(student.dateOfAdmission, after.from), lte(student.dateOfAdmission, after.to)));
    expect(after.totals.admissions).toEqual(admitted);
    expect(after.byLgea.reduce((n, l) => n + l.admissions.total, 0)).toBe(present(admitted).total);

    // Alimosho's LGEA sees the moves into it as coming into its reach.
    const role = await expectOk<{ role: { id: string } }>(
      await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Movement Statistics", operations: ["statistics.view"] } }),
      201,
    );
    const viewer = await workingAtAlimoshoLgea(api, admin1, role.role.id);
    const narrowed = await get(viewer, {});
    expect(narrowed.byLgea.map((l) => l.lgea)).toEqual(["Alimosho LGEA"]);
    expect(narrowed.totals).toMatchObject({ pupilsIn: 1, pupilsOut: 0, staffIn: 1, staffOut: 0 });

    // One school: Agege's, filtered by the district's administrator.
    const one = await get(admin1, { schoolId: agege.id });
    expect(one.byLgea).toEqual([expect.objectContaining({ lgea: "Agege LGEA", pupilsOut: 1, staffOut: 1, pupilsIn: 0, staffIn: 0 })]);
  });
});
