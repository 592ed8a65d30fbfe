import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type {
  SchoolCard,
  SchoolCategory,
  SchoolDetail,
  SchoolInformation,
  SchoolRoleHolder,
  SchoolSearchResult,
  SchoolSearchTotal,
} from "../../../lib/contract/schools";
import type { Db, Reader, Tx } from "../../db/client";
import { sameName } from "../../db/names";
import { containsText, textSearchPage } from "../../db/search";
import { lgea, school, schoolRole, staff, student } from "../../db/schema";
import { within, withinDistrict, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";

export type SchoolRow = typeof school.$inferSelect;
export type SchoolValues = { name: string; description: string; address: string; localGovernment: string; category: string; lgeaId: string };

export const toCard = (s: SchoolRow): SchoolCard => ({
  id: s.id,
  name: s.name,
  description: s.description ?? "",
  address: s.address ?? "",
  localGovernment: s.localGovernment,
  category: s.category as SchoolCategory,
});

export async function findSchool(db: Reader, scope: StaffScope, id: string): Promise<SchoolRow | undefined> {
  const [row] = await db
    .select()
    .from(school)
    .where(and(eq(school.id, id), within(scope, school)));
  return row;
}

/** The school in the scope, or 404. */
export async function schoolOrNotFound(db: Reader, scope: StaffScope, id: string): Promise<SchoolRow> {
  const row = await findSchool(db, scope, id);
  if (!row) throw notFound();
  return row;
}

/** The LGEAs in the scope, by local government: a school lies in one of them. */
export async function placesInScope(db: Reader, scope: StaffScope) {
  return db
    .select({ id: lgea.id, name: lgea.name, localGovernment: lgea.localGovernment })
    .from(lgea)
    .where(within(scope, lgea))
    .orderBy(asc(lgea.localGovernment));
}

/** Is the name taken by another school of the scope's district (whether or not the scope sees that school)? */
export async function isSchoolNameTaken(db: Reader, scope: StaffScope, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: school.id })
    .from(school)
    .where(and(withinDistrict(scope, school), sameName(school.name, name), exceptId ? ne(school.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Of these normalised, lower-cased names, the ones the scope's district already has. */
export async function takenSchoolNames(db: Reader, scope: StaffScope, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: sql<string>`lower(btrim(${school.name}))` })
    .from(school)
    .where(and(withinDistrict(scope, school), inArray(sql`lower(btrim(${school.name}))`, keys)));
  return new Set(rows.map((r) => r.key));
}

/** A new school in the scope's district. */
export async function insertSchool(tx: Tx, scope: StaffScope, values: SchoolValues): Promise<SchoolRow> {
  const [row] = await tx
    .insert(school)
    .values({ ...values, districtId: scope.districtId })
    .returning();
  if (!row) throw new Error("school insert returned nothing");
  return row;
}

/** The schools of a confirmed import, a thousand to a statement; returns them as created (for their audit rows). */
export async function insertSchools(tx: Tx, scope: StaffScope, rows: SchoolValues[], importId: string): Promise<SchoolRow[]> {
  const created: SchoolRow[] = [];
  for (let i = 0; i < rows.length; i += 1_000) {
    const page = rows.slice(i, i + 1_000).map((r) => ({ ...r, districtId: scope.districtId, importId }));
    created.push(...(await tx.insert(school).values(page).returning()));
  }
  return created;
}

type SchoolFilter = { searchTerm: string; localGovernment: string; schoolCategory: string };

/** What the list's search box asks of a school (nothing when it is empty). */
const textOf = (query: SchoolFilter) =>
  query.searchTerm.trim() ? containsText([school.name, school.description, school.address], query.searchTerm) : undefined;

/** What the list's choices ask of a school. */
const choicesOf = (query: SchoolFilter) =>
  and(
    query.localGovernment ? eq(sql`lower(${school.localGovernment})`, query.localGovernment.toLowerCase()) : undefined,
    query.schoolCategory ? eq(school.category, query.schoolCategory) : undefined,
  );

const filtersOf = (query: SchoolFilter) => and(textOf(query), choicesOf(query));

const byName = [asc(sql`lower(${school.name})`), asc(school.id)];

/** These schools of the scope, in name order. */
async function schoolsInOrder(db: Reader, scope: StaffScope, ids: string[]): Promise<SchoolRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(school)
    .where(and(within(scope, school), inArray(school.id, ids)))
    .orderBy(...byName);
}

/**
 * A page of the list in name order. Without a text term it is read from the name-order index, so its cost
 * does not grow with the district; with one, through `textSearchPage`.
 */
export async function searchSchools(db: Db, scope: StaffScope, query: SchoolFilter & { limit: number; page: number }): Promise<SchoolSearchResult> {
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const text = textOf(query);
  const ids = text
    ? await textSearchPage(
        db,
        { table: school, id: school.id, order: [sql`lower(${school.name})`], where: and(within(scope, school), choicesOf(query)), match: text },
        page,
      )
    : null;
  const rows = ids
    ? await schoolsInOrder(db, scope, ids)
    : await db
        .select()
        .from(school)
        .where(and(within(scope, school), filtersOf(query)))
        .orderBy(...byName)
        .limit(page.limit)
        .offset(page.offset);
  return { foundSchools: rows.map(toCard), page: query.page, limit: query.limit };
}

/** How many schools the filter selects: counted once per filter (the list caches it), never with every page. */
export async function countSchools(db: Reader, scope: StaffScope, query: SchoolFilter): Promise<SchoolSearchTotal> {
  const [total] = await db
    .select({ n: count() })
    .from(school)
    .where(and(within(scope, school), filtersOf(query)));
  return { total: total?.n ?? 0 };
}

/** The scope's schools by name (the scope placed in the district asked for). */
export async function schoolsByName(db: Reader, scope: StaffScope, limit: number): Promise<SchoolCard[]> {
  const rows = await db
    .select()
    .from(school)
    .where(within(scope, school))
    .orderBy(...byName)
    .limit(limit);
  return rows.map(toCard);
}

/** Every school in the scope by name, a page at a time after the last one seen: memory holds one page whatever the district's size. */
export async function* allSchoolsByName(db: Reader, scope: StaffScope): AsyncGenerator<SchoolRow> {
  let after: { name: string; id: string } | null = null;
  const byName = sql<string>`lower(${school.name})`;
  for (;;) {
    const rows = await db
      .select({ school, key: byName })
      .from(school)
      .where(and(within(scope, school), after ? sql`(${byName}, ${school.id}) > (${after.name}, ${after.id})` : undefined))
      .orderBy(asc(byName), asc(school.id))
      .limit(2_000);
    if (rows.length === 0) return;
    for (const { school: r } of rows) yield r;
    const last = rows.at(-1);
    after = last ? { name: last.key, id: last.school.id } : after;
  }
}

export async function holdersOf(db: Reader, scope: StaffScope, schoolId: string): Promise<SchoolRoleHolder[]> {
  const rows = await db
    .select({ id: schoolRole.id, role: schoolRole.role, staffId: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email })
    .from(schoolRole)
    .innerJoin(staff, eq(staff.id, schoolRole.staffId))
    .where(and(eq(schoolRole.schoolId, schoolId), within(scope, schoolRole)))
    .orderBy(asc(schoolRole.role), asc(staff.lastName), asc(staff.firstName));
  return rows.map((r) => ({ id: r.id, role: r.role, staff: { id: r.staffId, firstName: r.firstName, lastName: r.lastName, email: r.email } }));
}

export async function schoolDetail(db: Reader, scope: StaffScope, row: SchoolRow): Promise<SchoolDetail> {
  const [area] = row.lgeaId
    ? await db
        .select({ id: lgea.id, name: lgea.name })
        .from(lgea)
        .where(and(eq(lgea.id, row.lgeaId), within(scope, lgea)))
    : [];
  return { ...toCard(row), districtId: row.districtId, lgea: area ?? null, schoolRoles: await holdersOf(db, scope, row.id), version: row.version };
}

const fullName = (h: { staff: { firstName: string; lastName: string } } | undefined) => (h ? `${h.staff.firstName} ${h.staff.lastName}` : null);

/** A school's figures for its info dialog (spec §3 'School info'). */
export async function schoolInformation(db: Reader, scope: StaffScope, row: SchoolRow): Promise<SchoolInformation> {
  const [holders, [staffCount], [students]] = await Promise.all([
    holdersOf(db, scope, row.id),
    db
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.schoolId, row.id), within(scope, staff))),
    db
      .select({
        total: count(),
        male: sql<number>`count(*) filter (where ${student.gender} = 'Male')`.mapWith(Number),
        female: sql<number>`count(*) filter (where ${student.gender} = 'Female')`.mapWith(Number),
      })
      .from(student)
      .where(and(eq(student.schoolId, row.id), within(scope, student))),
  ]);
  return {
    category: row.category,
    principal: fullName(holders.find((h) => h.role === "Principal")),
    vicePrincipal: fullName(holders.find((h) => h.role === "Vice Principal")),
    staffCount: staffCount?.n ?? 0,
    studentCount: students?.total ?? 0,
    maleStudentCount: students?.male ?? 0,
    femaleStudentCount: students?.female ?? 0,
  };
}

/** The school roles held at a school, for the rules on giving one. */
export async function schoolRolesAt(db: Reader, scope: StaffScope, schoolId: string) {
  return db
    .select({ id: schoolRole.id, staffId: schoolRole.staffId, role: schoolRole.role })
    .from(schoolRole)
    .where(and(eq(schoolRole.schoolId, schoolId), within(scope, schoolRole)));
}

export async function findSchoolRole(db: Reader, scope: StaffScope, id: string) {
  const [row] = await db
    .select()
    .from(schoolRole)
    .where(and(eq(schoolRole.id, id), within(scope, schoolRole)));
  return row;
}

export async function insertSchoolRole(tx: Tx, values: { districtId: string; schoolId: string; role: string; staffId: string }) {
  const [row] = await tx.insert(schoolRole).values(values).returning();
  if (!row) throw new Error("school role insert returned nothing");
  return row;
}

export async function deleteSchoolRole(tx: Tx, scope: StaffScope, id: string) {
  await tx.delete(schoolRole).where(and(eq(schoolRole.id, id), within(scope, schoolRole)));
}
