import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ClassItem, ClassPage } from "../../../lib/contract/classes";
import type { Reader } from "../../db/client";
import { classType, school, schoolClass, staff, student } from "../../db/schema";
import { within, withinDistrict, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";

/** The classes as the list shows them: with their school, type, teacher and pupils, a page at a time or one by id. */

type ClassFilter = { school?: string; classType?: string };

const filterOf = (query: ClassFilter) =>
  and(query.school ? eq(schoolClass.schoolId, query.school) : undefined, query.classType ? eq(schoolClass.classTypeId, query.classType) : undefined);

/** The list's order: school name, class type position, arm. */
const classOrder = [
  asc(sql`lower(${school.name})`),
  asc(school.id),
  asc(classType.position),
  asc(sql`lower(${classType.name})`),
  asc(schoolClass.arm),
  asc(schoolClass.id),
];

/** Classes of the scope with their school, type and teacher, in list order; `where` picks them. */
async function classRows(db: Reader, scope: StaffScope, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = db
    .select({
      id: schoolClass.id,
      name: schoolClass.name,
      arm: schoolClass.arm,
      capacity: schoolClass.capacity,
      version: schoolClass.version,
      school: { id: school.id, name: school.name, category: school.category },
      classType: { id: classType.id, name: classType.name, level: classType.level },
      teacherId: staff.id,
      teacherFirstName: staff.firstName,
      teacherLastName: staff.lastName,
    })
    .from(schoolClass)
    .innerJoin(school, and(eq(school.id, schoolClass.schoolId), within(scope, school)))
    .innerJoin(classType, and(eq(classType.id, schoolClass.classTypeId), withinDistrict(scope, classType)))
    // The class teacher's name belongs to the class, even once they are posted out of the caller's reach.
    .leftJoin(staff, and(eq(staff.id, schoolClass.classTeacherId), withinDistrict(scope, staff)))
    .where(and(where, within(scope, schoolClass)))
    .orderBy(...classOrder);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** Pupils per class, for these classes. */
async function pupilsByClass(db: Reader, scope: StaffScope, classIds: string[]): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .select({ classId: student.classId, n: count() })
    .from(student)
    .where(and(inArray(student.classId, classIds), within(scope, student)))
    .groupBy(student.classId);
  return new Map(rows.flatMap((r) => (r.classId ? [[r.classId, r.n] as const] : [])));
}

async function toItems(db: Reader, scope: StaffScope, rows: Awaited<ReturnType<typeof classRows>>): Promise<ClassItem[]> {
  const pupils = await pupilsByClass(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    arm: r.arm,
    school: r.school,
    classType: r.classType,
    classTeacher:
      r.teacherId && r.teacherFirstName !== null && r.teacherLastName !== null
        ? { id: r.teacherId, firstName: r.teacherFirstName, lastName: r.teacherLastName }
        : null,
    capacity: r.capacity,
    pupils: pupils.get(r.id) ?? 0,
    version: r.version,
  }));
}

/** One class of the scope as the list shows it, or 404. */
export async function classItem(db: Reader, scope: StaffScope, id: string): Promise<ClassItem> {
  const [item] = await toItems(db, scope, await classRows(db, scope, eq(schoolClass.id, id)));
  if (!item) throw notFound();
  return item;
}

/** A page of the scope's classes (filtered by school and class type) with the filter's total. */
export async function listClasses(db: Reader, scope: StaffScope, query: ClassFilter & { limit: number; page: number }): Promise<ClassPage> {
  const where = filterOf(query);
  const [rows, [total]] = await Promise.all([
    classRows(db, scope, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    db
      .select({ n: count() })
      .from(schoolClass)
      .where(and(where, within(scope, schoolClass))),
  ]);
  return { classes: await toItems(db, scope, rows), total: total?.n ?? 0, page: query.page, limit: query.limit };
}
