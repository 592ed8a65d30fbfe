import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import type { RoleSummary } from "../../../lib/contract/roles";
import {
  trendMessages,
  type EnrolmentStatistics,
  type SnapshotTaken,
  type TeacherStatistics,
  type TrendFigures,
  type TrendStatistics,
} from "../../../lib/contract/statistics";
import type { DistrictConfiguration } from "../../../lib/contract/configuration";
import { sessionBounds } from "../../../lib/contract/configuration-values";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, lgea, staff, statisticsSnapshot, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { placeFigures, reachFigures } from "./trends";

/**
 * Trends (issue: statistics): the current session's figures as they stand now agree with the enrolment and teacher
 * figures; a snapshot keeps them as they were when taken, one per session (taken again, it replaces the earlier one),
 * earlier sessions' snapshots stay; each reach reads its own place's rows, and only the district takes snapshots.
 */
describe("GET /statistics/trends and POST /statistics/snapshot", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let d1 = "";
  const get = async <T>(who: AuthResult, path: string, q: Record<string, string> = {}) =>
    expectOk<T>(await api.call("GET", `${path}?${new URLSearchParams(q)}`, { token: who.authorizationToken }));
  const trends = (who: AuthResult, q: Record<string, string> = {}) => get<TrendStatistics>(who, "/statistics/trends", q);
  const snapshot = (who: AuthResult) => api.call("POST", "/statistics/snapshot", { token: who.authorizationToken });
  /** What a snapshot keeps of the figures (not when or by whom, nor whether live). */
  const kept = ({ live: _live, takenAt: _at, takenBy: _by, ...figures }: TrendFigures) => figures;

  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    d1 = admin1.staff.district.id;
  });
  afterAll(() => api.close());

  it("shows the current session's figures as they stand now, agreeing with the enrolment and teacher figures", async () => {
    const [t, enrolment, teachers] = await Promise.all([
      trends(admin1),
      get<EnrolmentStatistics>(admin1, "/statistics/enrolment"),
      get<TeacherStatistics>(admin1, "/statistics/teachers"),
    ]);
    expect(t.place).toEqual({ level: "district", name: t.reach.name });
    expect(t.sessions).toHaveLength(1);
    const [now] = t.sessions;
    expect(now).toMatchObject({ session: enrolment.session, live: true, takenBy: null });
    expect(now?.pupils).toEqual(enrolment.totals);
    expect(now?.pupils.total).toBeGreaterThan(0);
    expect(now?.byLevel).toEqual(enrolment.byLevel);
    expect(now?.teaching).toEqual(teachers.totals.teaching);
    expect(now?.nonTeaching).toBe(teachers.totals.nonTeaching.total);
    const teachersAtSchools = teachers.bySchool.reduce((n, s) => n + s.ratio.teachers, 0);
    expect(now?.ratio).toMatchObject({ pupils: enrolment.totals.total, teachers: teachersAtSchools });
    // An LGEA's ratio is the teacher figures' ratio for it.
    const alimosho = present(teachers.byLgea.find((l) => l.lgea === "Alimosho LGEA"));
    const lgeaTrend = await trends(admin1, { lgeaId: present(alimosho.lgeaId) });
    expect(lgeaTrend.place).toEqual({ level: "lgea", name: "Alimosho LGEA" });
    expect(lgeaTrend.sessions[0]?.ratio).toEqual(alimosho.ratio);
    expect(lgeaTrend.sessions[0]?.teaching).toEqual(alimosho.teaching);
  });

  it("gives each place's live figures alone exactly as the figures of every place have that place's row", async () => {
    const { session } = await get<EnrolmentStatistics>(admin1, "/statistics/enrolment");
    const { end } = present(sessionBounds(session));
    // A teacher posted at an LGEA office: counted in the LGEA's and the district's figures, but not in a ratio.
    const [office] = await api.db.select({ id: lgea.id }).from(lgea).where(eq(lgea.districtId, d1)).limit(1);
    const [teacher] = await api.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.districtId, d1), eq(staff.staffType, "Teaching"), isNotNull(staff.schoolId)))
      .limit(1);
    await api.db
      .update(staff)
      .set({ schoolId: null, lgeaId: present(office).id })
      .where(eq(staff.id, present(teacher).id));
    const scope = { kind: "staff", staffId: admin1.staff.id, districtId: d1, allDistricts: false, level: "district", organizationId: d1 } as const;
    const every = await placeFigures(api.db, scope, end);
    expect(every.filter((r) => r.place === "lgea").length).toBeGreaterThan(1);
    for (const row of every) {
      const alone = await reachFigures(api.db, row.place === "district" ? scope : { ...scope, level: row.place, organizationId: row.placeKey }, end);
      expect({ ...alone, name: row.name, lgeaId: row.lgeaId, schoolId: row.schoolId }).toEqual(row);
    }
  });

  it("keeps a snapshot as it was taken, replaces it when taken again in the session, and keeps earlier sessions'", async () => {
    const first = await expectOk<SnapshotTaken>(await snapshot(admin1), 201);
    expect(first.replaced).toBe(false);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.districtId, d1), eq(auditLog.operation, "statistics.snapshot")));
    expect(entry).toMatchObject({ actorStaffId: admin1.staff.id, recordId: d1, after: first });
    const before = await trends(admin1);
    expect(before.sessions.map((s) => [s.session, s.live])).toEqual([
      [before.currentSession, false],
      [before.currentSession, true],
    ]);
    expect(before.sessions[0]?.takenBy).toBe(`${admin1.staff.firstName} ${admin1.staff.lastName}`);
    expect(kept(present(before.sessions[0]))).toEqual(kept(present(before.sessions[1])));

    // The registers change: the snapshot does not, the live figures do.
    const [pupil] = await api.db
      .select()
      .from(student)
      .where(and(eq(student.districtId, d1), eq(student.enrolmentStatus, "Enrolled")))
      .limit(1);
    await api.db
      .update(student)
      .set({ enrolmentStatus: "Withdrawn" })
      .where(eq(student.id, present(pupil).id));
    const changed = await trends(admin1);
    expect(changed.sessions[0]?.pupils).toEqual(before.sessions[0]?.pupils);
    expect(changed.sessions[1]?.pupils.total).toBe(present(before.sessions[1]).pupils.total - 1);

    // Taken again in the same session: one snapshot, the latest; the table holds one row per place, not two.
    const again = await expectOk<SnapshotTaken>(await snapshot(admin1), 201);
    expect(again).toMatchObject({ replaced: true, places: first.places });
    const rows = await api.db.select().from(statisticsSnapshot).where(eq(statisticsSnapshot.districtId, d1));
    expect(rows).toHaveLength(first.places);
    const retaken = await trends(admin1);
    expect(retaken.sessions[0]?.pupils).toEqual(changed.sessions[1]?.pupils);

    // An earlier session's snapshot stays when the current one is taken, and comes first.
    const [from = 0] = retaken.currentSession.split("/").map(Number);
    const earlier = `${from - 1}/${from}`;
    await api.db.update(statisticsSnapshot).set({ academicSession: earlier }).where(eq(statisticsSnapshot.districtId, d1));
    expect((await expectOk<SnapshotTaken>(await snapshot(admin1), 201)).replaced).toBe(false);
    const over = await trends(admin1);
    expect(over.sessions.map((s) => [s.session, s.live])).toEqual([
      [earlier, false],
      [over.currentSession, false],
      [over.currentSession, true],
    ]);
  });

  it("reads each reach's own place, takes snapshots at the district only, and refuses those without the permission", async () => {
    const viewer = (
      await expectOk<{ role: RoleSummary }>(
        await api.call("POST", "/role/add", { token: admin1.authorizationToken, body: { name: "Trends Viewer", operations: ["statistics.view"] } }),
        201,
      )
    ).role;
    const atLgea = await workingAtAlimoshoLgea(api, admin1, viewer.id);
    const mine = await trends(atLgea);
    expect(mine.place).toEqual({ level: "lgea", name: "Alimosho LGEA" });
    const lgeaId = present((await api.db.select().from(statisticsSnapshot).where(eq(statisticsSnapshot.name, "Alimosho LGEA")))[0]?.lgeaId);
    expect(mine).toMatchObject({ sessions: (await trends(admin1, { lgeaId })).sessions.map(kept) });
    expect(mine.sessions.filter((s) => !s.live)).toHaveLength(2);
    await expectError(await snapshot(atLgea), 403, trendMessages.districtOnly);
    // Another LGEA's school, named by its id, is not in reach.
    const outside = present((await api.db.select().from(statisticsSnapshot).where(eq(statisticsSnapshot.place, "school"))).find((r) => r.lgeaId !== lgeaId));
    await expectError(
      await api.call("GET", `/statistics/trends?schoolId=${present(outside.schoolId)}`, { token: atLgea.authorizationToken }),
      404,
      authMessages.notFound,
    );

    const teacher = await api.login("emeka.eze@example.org", demoPasswords.staff);
    await expectError(await api.call("GET", "/statistics/trends", { token: teacher.authorizationToken }), 403, authMessages.forbidden);
    await expectError(await snapshot(teacher), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/statistics/trends"), 401, authMessages.notSignedIn);
  });

  it("takes the ending session's snapshot when the district moves on to the next session", async () => {
    const before = await trends(admin1);
    const { configuration } = await get<{ configuration: DistrictConfiguration }>(admin1, "/district-configuration/get");
    const first = Number(configuration.academicSession.slice(0, 4)) + 1;
    const next = `${first}/${first + 1}`;
    const shift = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
    const { districtId: _d, version, ...values } = configuration;
    const terms = values.terms.map((t) => ({ ...t, startDate: shift(t.startDate), endDate: shift(t.endDate) }));
    await expectOk(
      await api.call("PATCH", "/district-configuration/update", {
        token: admin1.authorizationToken,
        body: { ...values, terms, academicSession: next, version },
      }),
    );
    const after = await trends(admin1);
    expect(after.currentSession).toBe(next);
    expect(after.sessions.map((s) => [s.session, s.live])).toEqual([
      [before.sessions[0]?.session, false],
      [before.currentSession, false],
      [next, true],
    ]);
    // The ended session's snapshot holds its figures as they stood at the change.
    expect(kept(present(after.sessions[1]))).toEqual({ ...kept(present(before.sessions.at(-1))), session: before.currentSession });
  });
  it("follows the level and gender filters as far as the snapshots keep them, and says which filters it does not follow", async () => {
    const all = await trends(admin1);
    expect(all.sessions.filter((s) => !s.live).length).toBeGreaterThan(0);
    expect(all.notFollowed).toEqual([]);
    const [girls, enrolledGirls, femaleStaff] = await Promise.all([
      trends(admin1, { gender: "Female" }),
      get<EnrolmentStatistics>(admin1, "/statistics/enrolment", { gender: "Female" }),
      get<TeacherStatistics>(admin1, "/statistics/teachers", { gender: "Female" }),
    ]);
    // Snapshots keep pupils and teaching staff by gender, non-teaching staff as one number: that one is not shown.
    expect(girls.notFollowed).toEqual(["gender"]);
    for (const [i, s] of girls.sessions.entries()) {
      const whole = present(all.sessions[i]);
      expect(s.pupils, s.session).toEqual({ female: whole.pupils.female, male: 0, total: whole.pupils.female });
      expect(s.teaching, s.session).toEqual({ female: whole.teaching.female, male: 0, total: whole.teaching.female });
      expect(s.nonTeaching).toBeNull();
      // The ratio counts every pupil and teacher, whatever the gender, as the teacher figures do.
      expect(s.ratio).toEqual(whole.ratio);
    }
    const now = present(girls.sessions.at(-1));
    expect(now.pupils).toEqual(enrolledGirls.totals);
    expect(now.byLevel).toEqual(enrolledGirls.byLevel);
    expect(now.teaching).toEqual(femaleStaff.totals.teaching);

    // Snapshots keep pupils by level, staff by place only: the level narrows the pupils, not the staff.
    const [primary, enrolledPrimary] = await Promise.all([
      trends(admin1, { level: "Primary" }),
      get<EnrolmentStatistics>(admin1, "/statistics/enrolment", { level: "Primary" }),
    ]);
    expect(primary.notFollowed).toEqual(["level"]);
    expect(present(primary.sessions.at(-1)).pupils).toEqual(enrolledPrimary.totals);
    expect(present(primary.sessions.at(-1)).byLevel).toEqual(enrolledPrimary.byLevel);
    for (const [i, s] of primary.sessions.entries()) {
      const whole = present(all.sessions[i]);
      expect(s.byLevel.map((l) => l.level)).toEqual(["Primary"]);
      expect(s.teaching).toEqual(whole.teaching);
      expect(s.nonTeaching).toBe(whole.nonTeaching);
    }
    // A school's category is not kept with its figures: the category filter is not followed, and said so.
    const category = await trends(admin1, { category: "Primary", session: all.currentSession });
    expect(category.notFollowed).toEqual(["session", "category"]);
    expect(category.sessions).toEqual(all.sessions.map((s) => ({ ...s, takenAt: expect.any(String) })));
  });
});
