import { and, asc, count, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { ClassLevel, ClassTypeItem } from "../../../lib/contract/classes";
import type { Reader, Tx } from "../../db/client";
import { sameName } from "../../db/names";
import { classType, school, schoolClass } from "../../db/schema";
import { within, withinDistrict, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";
import { nameKey } from "./queries";

/** The class types' queries: finding, listing and counting them, and what a rename or a delete of one touches. */

export type ClassTypeRow = typeof classType.$inferSelect;

/** A class type of the scope's district; `lock` holds it for the transaction (`update` to change or delete it, `share` to build a class on it). */
export async function findClassType(db: Reader, scope: StaffScope, id: string, lock?: "update" | "share"): Promise<ClassTypeRow | undefined> {
  const query = db
    .select()
    .from(classType)
    .where(and(eq(classType.id, id), within(scope, classType)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function classTypeOrNotFound(db: Reader, scope: StaffScope, id: string, lock?: "update" | "share"): Promise<ClassTypeRow> {
  const row = await findClassType(db, scope, id, lock);
  if (!row) throw notFound();
  return row;
}

/** These class types of the scope's district (held for the transaction), in order; ids not among them are simply missing. */
export async function classTypesByIds(tx: Tx, scope: StaffScope, ids: string[]): Promise<ClassTypeRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(classType)
    .where(and(inArray(classType.id, ids), within(scope, classType)))
    .orderBy(asc(classType.position), asc(sql`lower(${classType.name})`))
    .for("share");
}

/** How many classes in the scope use each class type. */
async function classCountsByType(db: Reader, scope: StaffScope): Promise<Map<string, number>> {
  const rows = await db
    .select({ classTypeId: schoolClass.classTypeId, n: count() })
    .from(schoolClass)
    .where(within(scope, schoolClass))
    .groupBy(schoolClass.classTypeId);
  return new Map(rows.map((r) => [r.classTypeId, r.n]));
}

export const toClassTypeItem = (row: ClassTypeRow, classes: number): ClassTypeItem => ({
  id: row.id,
  name: row.name,
  level: row.level,
  position: row.position,
  standard: row.standard,
  classes,
  version: row.version,
});

/** The district's class types in position order, then by name, each with how many classes (in the scope) use it. */
export async function listClassTypes(db: Reader, scope: StaffScope): Promise<ClassTypeItem[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(classType)
      .where(within(scope, classType))
      .orderBy(asc(classType.position), asc(sql`lower(${classType.name})`), asc(classType.id)),
    classCountsByType(db, scope),
  ]);
  return rows.map((r) => toClassTypeItem(r, counts.get(r.id) ?? 0));
}

/** One class type as the list shows it. */
export async function classTypeItem(db: Reader, scope: StaffScope, row: ClassTypeRow): Promise<ClassTypeItem> {
  return toClassTypeItem(row, await countClassesOfType(db, scope, row.id));
}

/** Is the name taken by another class type of the scope's district (case and spaces ignored)? */
export async function isClassTypeNameTaken(db: Reader, scope: StaffScope, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: classType.id })
    .from(classType)
    .where(and(withinDistrict(scope, classType), sameName(classType.name, name), exceptId ? ne(classType.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertClassType(tx: Tx, scope: StaffScope, values: { name: string; level: ClassLevel; position: number }): Promise<ClassTypeRow> {
  const [row] = await tx
    .insert(classType)
    .values({ ...values, districtId: scope.districtId, standard: false })
    .returning();
  if (!row) throw new Error("class type insert returned nothing");
  return row;
}

export async function countClassesOfType(db: Reader, scope: StaffScope, classTypeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schoolClass)
    .where(and(eq(schoolClass.classTypeId, classTypeId), within(scope, schoolClass)));
  return row?.n ?? 0;
}

/** The categories of the schools that have classes of this type. */
export async function categoriesUsingType(db: Reader, scope: StaffScope, classTypeId: string): Promise<string[]> {
  const rows = await db
    .select({ category: school.category })
    .from(schoolClass)
    .innerJoin(school, and(eq(school.id, schoolClass.schoolId), withinDistrict(scope, school)))
    .where(and(eq(schoolClass.classTypeId, classTypeId), within(scope, schoolClass)))
    .groupBy(school.category);
  return rows.map((r) => r.category);
}

/** The classes of a type with the names a new type name gives them, and those names' clashes with other classes of their school. */
export async function renameClashes(db: Reader, scope: StaffScope, classTypeId: string, newName: (arm: string) => string): Promise<string[]> {
  const ofType = await db
    .select({ id: schoolClass.id, schoolId: schoolClass.schoolId, arm: schoolClass.arm })
    .from(schoolClass)
    .where(and(eq(schoolClass.classTypeId, classTypeId), within(scope, schoolClass)));
  if (ofType.length === 0) return [];
  const wanted = new Set(ofType.map((c) => `${c.schoolId} ${nameKey(newName(c.arm))}`));
  const keys = [...new Set(ofType.map((c) => nameKey(newName(c.arm))))];
  const others = await db
    .select({ schoolId: schoolClass.schoolId, name: schoolClass.name })
    .from(schoolClass)
    .where(
      and(
        inArray(schoolClass.schoolId, [...new Set(ofType.map((c) => c.schoolId))]),
        inArray(sql`lower(btrim(${schoolClass.name}))`, keys),
        ne(schoolClass.classTypeId, classTypeId),
        within(scope, schoolClass),
      ),
    );
  return others.filter((o) => wanted.has(`${o.schoolId} ${nameKey(o.name)}`)).map((o) => o.name);
}

/** The SQL twin of `className(typeName, arm)`: a one-character arm is joined to the type's name, a longer one set apart. */
const derivedName = (typeName: string): SQL<string> =>
  sql<string>`case when char_length(${schoolClass.arm}) = 1 then ${typeName} || ${schoolClass.arm} else ${typeName} || ' ' || ${schoolClass.arm} end`;

/** Gives every class of the type the name the type's new name derives (a new version each); returns them before and after. */
export async function renameClassesOfType(tx: Tx, scope: StaffScope, classTypeId: string, typeName: string) {
  const before = await tx
    .select()
    .from(schoolClass)
    .where(and(eq(schoolClass.classTypeId, classTypeId), within(scope, schoolClass)))
    .for("update");
  if (before.length === 0) return [];
  const after = await tx
    .update(schoolClass)
    .set({ name: derivedName(typeName), version: sql`${schoolClass.version} + 1`, updatedAt: new Date() })
    .where(and(eq(schoolClass.classTypeId, classTypeId), within(scope, schoolClass)))
    .returning();
  const old = new Map(before.map((r) => [r.id, r]));
  return after.map((row) => ({ before: old.get(row.id) ?? row, after: row }));
}

export async function deleteClassType(tx: Tx, scope: StaffScope, id: string): Promise<ClassTypeRow | undefined> {
  const [row] = await tx
    .delete(classType)
    .where(and(eq(classType.id, id), within(scope, classType)))
    .returning();
  return row;
}
