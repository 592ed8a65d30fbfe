import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { ClassLevel } from "../../../lib/contract/classes";
import type { Reader, Tx } from "../../db/client";
import { classType, schoolClass, staff, student } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";

/**
 * The classes' own queries: finding one, what a class or school holds, names taken at a school, and inserting them.
 * Class types are in class-type-queries.ts, the list in class-list.ts.
 */

export type ClassRow = typeof schoolClass.$inferSelect;
export type ClassValues = { schoolId: string; classTypeId: string; arm: string; name: string; classTeacherId: string | null; capacity: number };

/** The lower-cased, trimmed name the unique indexes compare. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

export async function findClass(db: Reader, scope: StaffScope, id: string, lock?: "update"): Promise<ClassRow | undefined> {
  const query = db
    .select()
    .from(schoolClass)
    .where(and(eq(schoolClass.id, id), within(scope, schoolClass)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function classOrNotFound(db: Reader, scope: StaffScope, id: string, lock?: "update"): Promise<ClassRow> {
  const row = await findClass(db, scope, id, lock);
  if (!row) throw notFound();
  return row;
}

/** How many pupils are in a class. */
export async function pupilsIn(db: Reader, scope: StaffScope, classId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(student)
    .where(and(eq(student.classId, classId), within(scope, student)));
  return row?.n ?? 0;
}

/** The levels of the classes a school has (a change of the school's category must keep them possible). */
export async function classLevelsAt(db: Reader, scope: StaffScope, schoolId: string): Promise<ClassLevel[]> {
  const rows = await db
    .select({ level: classType.level })
    .from(schoolClass)
    .innerJoin(classType, and(eq(classType.id, schoolClass.classTypeId), within(scope, classType)))
    .where(and(eq(schoolClass.schoolId, schoolId), within(scope, schoolClass)))
    .groupBy(classType.level);
  return rows.map((r) => r.level);
}

/** Is the staff member posted at this school (and in the scope)? */
export async function isPostedAt(db: Reader, scope: StaffScope, staffId: string, schoolId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.schoolId, schoolId), within(scope, staff)));
  return Boolean(row);
}

/** The classes a school has of these names (lower-cased keys), by key; `exceptId` leaves one class out. */
export async function classNamesAt(db: Reader, scope: StaffScope, schoolId: string, keys: string[], exceptId?: string): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ name: schoolClass.name })
    .from(schoolClass)
    .where(
      and(
        eq(schoolClass.schoolId, schoolId),
        inArray(sql`lower(btrim(${schoolClass.name}))`, keys),
        exceptId ? ne(schoolClass.id, exceptId) : undefined,
        within(scope, schoolClass),
      ),
    );
  return new Map(rows.map((r) => [nameKey(r.name), r.name]));
}

export async function insertClasses(tx: Tx, districtId: string, values: ClassValues[]): Promise<ClassRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(schoolClass)
    .values(values.map((v) => ({ ...v, districtId })))
    .returning();
}
