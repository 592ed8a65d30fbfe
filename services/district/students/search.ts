import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { classLevels } from "../../../lib/contract/classes-values";
import type { StudentFiltersQuery, StudentListItem, StudentSummary } from "../../../lib/contract/students";
import type { Db, Reader } from "../../db/client";
import { classType, school, schoolClass, student, studentSearchColumns } from "../../db/schema";
import { containsText, textSearchPage } from "../../db/search";
import { within, withinDistrict, type StaffScope } from "../../db/scope";

/** The admission register's filters as the queries take them (the district is the scope's, placed by the route). */
export type StudentFilter = Omit<StudentFiltersQuery, "district[0]">;

/** What the register's search box asks of a pupil (nothing when it is empty): 'first last', middle name, admission number. */
export const studentText = (q: Pick<StudentFilter, "searchTerm">): SQL | undefined =>
  q.searchTerm.trim() ? containsText(studentSearchColumns(student), q.searchTerm) : undefined;

/**
 * What the register's other filters ask of a pupil (spec §3 'Search filters: students', plus class and
 * enrolment status): startDate and endDate bound the date of admission; enrolmentStatus is Enrolled unless
 * asked ("all" for every one).
 */
export function studentChoices(q: StudentFilter): SQL | undefined {
  // Places are stored as the reference lists name them (the API checks them), and the filters offer those names:
  // compared as they are, so the planner can use the column's statistics (as the staff register does).
  const same = (column: PgColumn, value: string | undefined) => (value ? eq(column, value) : undefined);
  return and(
    q.startDate ? gte(student.dateOfAdmission, q.startDate) : undefined,
    q.endDate ? lte(student.dateOfAdmission, q.endDate) : undefined,
    same(student.stateOfResidence, q.stateOfResidence),
    same(student.localGovernmentOfResidence, q.localGovernmentOfResidence),
    same(student.stateOfOrigin, q.stateOfOrigin),
    same(student.localGovernmentOfOrigin, q.localGovernmentOfOrigin),
    q.accountStatus ? eq(student.accountStatus, q.accountStatus) : undefined,
    q.enrolmentStatus === "all" ? undefined : eq(student.enrolmentStatus, q.enrolmentStatus),
    q.school ? eq(student.schoolId, q.school) : undefined,
    q.class ? eq(student.classId, q.class) : undefined,
    q.gender ? eq(student.gender, q.gender) : undefined,
  );
}

/**
 * Every condition of the register's filter (the text term and the other filters): the search, its total and
 * the download select exactly these pupils. A query adds `within(scope, student)` to it itself.
 */
export const studentConditions = (q: StudentFilter): SQL | undefined => and(studentChoices(q), studentText(q));

/** Surnames are common among pupils too: the tally reaches past them (see `textSearchPage`'s `cap`). */
const STUDENT_TALLY_CAP = 10_000;

/** The register's order, last name then first (the index student_district_sort_idx), the id breaking ties. */
const nameOrder = [sql`lower(${student.lastName})`, sql`lower(${student.firstName})`];
const byName = [...nameOrder.map((key) => asc(key)), asc(student.id)];

/** The register's columns, with the names of the pupil's school and class. */
function listRows(db: Reader, scope: StaffScope) {
  return db
    .select({
      id: student.id,
      admissionNumber: student.admissionNumber,
      firstName: student.firstName,
      lastName: student.lastName,
      middleName: student.middleName,
      gender: student.gender,
      dob: student.dob,
      dateOfAdmission: student.dateOfAdmission,
      schoolId: student.schoolId,
      schoolName: school.name,
      classId: student.classId,
      className: schoolClass.name,
      localGovernmentOfResidence: student.localGovernmentOfResidence,
      enrolmentStatus: student.enrolmentStatus,
      accountStatus: student.accountStatus,
    })
    .from(student)
    .leftJoin(school, and(eq(school.id, student.schoolId), withinDistrict(scope, school)))
    .leftJoin(schoolClass, and(eq(schoolClass.id, student.classId), withinDistrict(scope, schoolClass)));
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listRows>["where"]>>[number];

const toListItem = ({ schoolId, schoolName, classId, className, ...s }: ListRow): StudentListItem => ({
  ...s,
  school: { id: schoolId, name: schoolName ?? "School" },
  class: classId ? { id: classId, name: className ?? "Class" } : null,
});

/**
 * A page of the admission register in name order, last name then first. Without a text term it is read
 * from the name-order index (a class, whose pupils are few, from the class index and sorted; a school's
 * pupils are found by walking the name order, which is slow for a small school until an index on
 * (school, name order) exists); with one, through `textSearchPage` (a surname's matches sit together in
 * last-name order, the case it was made for).
 */
export async function searchStudents(db: Db, scope: StaffScope, filters: StudentFilter, page: number, limit: number): Promise<StudentListItem[]> {
  const window = { limit, offset: (page - 1) * limit };
  const where = and(within(scope, student), studentChoices(filters));
  const text = studentText(filters);
  const ids = text ? await textSearchPage(db, { table: student, id: student.id, order: nameOrder, where, match: text, cap: STUDENT_TALLY_CAP }, window) : null;
  if (ids?.length === 0) return [];
  const rows = ids
    ? await listRows(db, scope)
        .where(and(within(scope, student), inArray(student.id, ids)))
        .orderBy(...byName)
    : await listRows(db, scope)
        .where(where)
        .orderBy(...byName)
        .limit(window.limit)
        .offset(window.offset);
  return rows.map(toListItem);
}

/** How many pupils the filter selects: counted once per filter (the register caches it), never with every page. */
export async function countStudents(db: Reader, scope: StaffScope, filters: StudentFilter): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(student)
    .where(and(within(scope, student), studentConditions(filters)));
  return total?.n ?? 0;
}

/** The label of the pupils who have no class in the summary's counts by level. */
export const NO_CLASS = "No class";

/**
 * The students area's counts: Enrolled pupils in the scope, in total, by school (every school in the scope,
 * by name, those without pupils at 0), by class level (the level of the class's class type, in the levels'
 * order; pupils without a class as "No class", last) and by gender (in alphabetical order).
 *
 * One pass over the pupils, grouped by school, class and gender (a few thousand groups in a district),
 * tallied here with the scope's schools and classes: three aggregates over a 200,000-pupil district read
 * it three times and joined every pupil to its class (about 1.2 s against a third of that).
 */
export async function studentSummary(db: Reader, scope: StaffScope): Promise<StudentSummary> {
  const [groups, schools, classLevelsById] = await Promise.all([
    db
      .select({ schoolId: student.schoolId, classId: student.classId, gender: student.gender, n: count() })
      .from(student)
      .where(and(within(scope, student), eq(student.enrolmentStatus, "Enrolled")))
      .groupBy(student.schoolId, student.classId, student.gender),
    db
      .select({ id: school.id, name: school.name })
      .from(school)
      .where(within(scope, school))
      .orderBy(asc(sql`lower(${school.name})`), asc(school.id)),
    db
      .select({ id: schoolClass.id, level: classType.level })
      .from(schoolClass)
      .innerJoin(classType, and(eq(classType.id, schoolClass.classTypeId), withinDistrict(scope, classType)))
      .where(within(scope, schoolClass)),
  ]);
  const levelOf = new Map(classLevelsById.map((c) => [c.id, c.level as string]));
  const tally = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);
  const bySchool = new Map<string, number>();
  const byLevel = new Map<string, number>();
  const byGender = new Map<string, number>();
  for (const g of groups) {
    tally(bySchool, g.schoolId, g.n);
    tally(byLevel, (g.classId && levelOf.get(g.classId)) || NO_CLASS, g.n);
    tally(byGender, g.gender, g.n);
  }
  // The levels in their order, then any other (none today), then the pupils without a class.
  const rank = (level: string) => (level === NO_CLASS ? classLevels.length + 1 : (classLevels as readonly string[]).indexOf(level) + 1 || classLevels.length);
  return {
    total: groups.reduce((sum, g) => sum + g.n, 0),
    bySchool: schools.map((s) => ({ id: s.id, name: s.name, count: bySchool.get(s.id) ?? 0 })),
    byLevel: [...byLevel].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)).map(([level, count]) => ({ level, count })),
    byGender: [...byGender].sort(([a], [b]) => a.localeCompare(b)).map(([gender, count]) => ({ gender, count })),
  };
}

type StudentRow = typeof student.$inferSelect;
/** A pupil as the download writes them: the record with the names of their school and class. */
export type ExportedStudent = StudentRow & { schoolName: string | null; className: string | null };

/**
 * Every pupil the filter selects (`studentConditions`), in name order, a thousand at a time after the last
 * one's keys (the download streams them; no page is held longer than it takes to write it).
 */
export async function* allStudentsByName(db: Reader, scope: StaffScope, filters: StudentFilter, pageSize = 1_000): AsyncGenerator<ExportedStudent> {
  const last = sql<string>`lower(${student.lastName})`;
  const first = sql<string>`lower(${student.firstName})`;
  let after: { last: string; first: string; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select({ row: student, schoolName: school.name, className: schoolClass.name, last, first })
      .from(student)
      .leftJoin(school, and(eq(school.id, student.schoolId), withinDistrict(scope, school)))
      .leftJoin(schoolClass, and(eq(schoolClass.id, student.classId), withinDistrict(scope, schoolClass)))
      .where(
        and(
          within(scope, student),
          studentConditions(filters),
          after ? sql`(${last}, ${first}, ${student.id}) > (${after.last}, ${after.first}, ${after.id})` : undefined,
        ),
      )
      .orderBy(...byName)
      .limit(pageSize);
    for (const r of rows) yield { ...r.row, schoolName: r.schoolName, className: r.className };
    const end = rows.at(-1);
    if (!end || rows.length < pageSize) return;
    after = { last: end.last, first: end.first, id: end.row.id };
  }
}
