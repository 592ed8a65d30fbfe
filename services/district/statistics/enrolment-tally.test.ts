import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { school, schoolClass, student } from "../../db/schema";
import { rawRows } from "../../db/raw-rows";
import { createTestApi, type TestApi } from "../../test/harness";
import { present } from "../../test/helpers";

/**
 * The enrolled pupils' counts (enrolment_tally, migration 0030) that the statistics read: kept by the database in the
 * same statement as every change to the register, they must always equal the register counted afresh.
 */
describe("the enrolment tally follows the register", () => {
  let api: TestApi;
  let districtId: string;
  let schools: { id: string }[];
  let classes: { id: string; schoolId: string }[];

  /** The tally as rows, and the register counted afresh the same way, each in one order. */
  const tallied = async () =>
    rawRows<Record<string, unknown>>(
      await api.db.execute(sql`select district_id, school_id, class_id, gender, admitted_by::text, pupils from enrolment_tally
                               order by 1, 2, 3 nulls first, 4, 5`),
    );
  const counted = async () =>
    rawRows<Record<string, unknown>>(
      await api.db.execute(sql`select district_id, school_id, class_id, gender, enrolment_session_end(date_of_admission)::text as admitted_by,
                                      count(*)::int as pupils
                               from student where enrolment_status = 'Enrolled' group by 1, 2, 3, 4, 5 order by 1, 2, 3 nulls first, 4, 5`),
    );
  const expectInStep = async () => expect(await tallied()).toEqual(await counted());

  const pupil = (n: number, extra: Partial<typeof student.$inferInsert> = {}): typeof student.$inferInsert => ({
    districtId,
    schoolId: present(schools[0]).id,
    classId: null,
    firstName: "Tally",
    lastName: `Pupil${n}`,
    gender: n % 2 ? "Male" : "Female",
    admissionNumber: `TALLY/${n}`,
    dateOfAdmission: n % 3 ? "2025-09-08" : "2026-01-12",
    ...extra,
  });

  beforeAll(async () => {
    api = await createTestApi();
    districtId = (await api.loginAdmin(1)).staff.district.id;
    schools = await api.db.select({ id: school.id }).from(school).where(eq(school.districtId, districtId)).orderBy(school.name);
    classes = await api.db
      .select({ id: schoolClass.id, schoolId: schoolClass.schoolId })
      .from(schoolClass)
      .where(eq(schoolClass.districtId, districtId))
      .orderBy(schoolClass.name);
  });
  afterAll(() => api.close());

  it("holds the seeded register's counts, none of them zero, and only pupils whose status is Enrolled", async () => {
    const rows = await tallied();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r.pupils) > 0)).toBe(true);
    await expectInStep();
  });

  it("counts a session's pupils by the last day of the session they were admitted in", async () => {
    const ends = rawRows<{ end: string }>(
      await api.db.execute(
        sql`select enrolment_session_end(d)::text as end from unnest(array['2025-08-31', '2025-09-01', '2026-01-12', '2026-08-31']::date[]) d`,
      ),
    );
    expect(ends.map((e) => e.end)).toEqual(["2025-08-31", "2026-08-31", "2026-08-31", "2026-08-31"]);
  });

  it("follows pupils added one at a time and a thousand at a time, moved, changed, withdrawn and deleted", async () => {
    const [one] = await api.db.insert(student).values(pupil(1)).returning();
    await expectInStep();
    const many = await api.db
      .insert(student)
      .values(Array.from({ length: 1_000 }, (_, i) => pupil(100 + i, { schoolId: present(schools[i % 3]).id, classId: i % 4 ? null : present(classes[0]).id })))
      .returning({ id: student.id });
    await expectInStep();
    // Moved to another school and class, as a group move does in one statement.
    const klass = present(classes.at(-1));
    await api.db
      .update(student)
      .set({ schoolId: klass.schoolId, classId: klass.id })
      .where(
        sql`${student.id} = any(${sql.raw(
          `array[${many
            .slice(0, 200)
            .map((m) => `'${m.id}'`)
            .join(",")}]::uuid[]`,
        )})`,
      );
    await expectInStep();
    // A change that moves no count (a name) leaves the counts; a gender, an admission date and a status move them.
    await api.db
      .update(student)
      .set({ lastName: "Renamed" })
      .where(eq(student.id, present(one).id));
    await api.db
      .update(student)
      .set({ gender: "Female", dateOfAdmission: "2024-10-01" })
      .where(eq(student.id, present(one).id));
    await expectInStep();
    await api.db
      .update(student)
      .set({ enrolmentStatus: "Withdrawn" })
      .where(sql`${student.lastName} like 'Pupil1%'`);
    await expectInStep();
    await api.db
      .update(student)
      .set({ enrolmentStatus: "Enrolled" })
      .where(sql`${student.lastName} like 'Pupil11%'`);
    await expectInStep();
    // Every count that falls to zero is removed.
    await api.db.delete(student).where(sql`${student.admissionNumber} like 'TALLY/%'`);
    await expectInStep();
    expect((await tallied()).every((r) => Number(r.pupils) > 0)).toBe(true);
  });

  it("lets two transactions that each add pupils in two statements, in opposite orders, both finish", async () => {
    // On PostgreSQL each transaction has a connection of its own: without the district's lock, each would hold the
    // count the other needs next (a deadlock, one of them failing). The embedded database runs them one after another.
    const [a, b] = [present(schools[0]).id, present(schools[1]).id];
    await api.db.insert(student).values([pupil(5001, { schoolId: a }), pupil(5003, { schoolId: b })]);
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    const addTwo = (first: string, second: string, n: number, before: number, between: number) =>
      api.db.transaction(async (tx) => {
        await pause(before);
        await tx.insert(student).values(pupil(n, { schoolId: first }));
        await pause(between);
        await tx.insert(student).values(pupil(n + 2, { schoolId: second }));
      });
    await Promise.all([addTwo(a, b, 6001, 0, 400), addTwo(b, a, 7001, 100, 0)]);
    await expectInStep();
  });

  it("is emptied with the register", async () => {
    await api.db.execute(sql`truncate student cascade`);
    expect(await tallied()).toEqual([]);
  });
});
