import { and, asc, count, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { LgeaItem, LgeaPage } from "../../../lib/contract/lgea";
import type { Reader, Tx } from "../../db/client";
import { sameName } from "../../db/names";
import { district, lgea, role, roleAccess, school, staff, statePortal } from "../../db/schema";
import { within, withinDistrict, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";

export type LgeaRow = typeof lgea.$inferSelect;

const byName = [asc(sql`lower(${lgea.name})`), asc(lgea.id)];

/**
 * The LGEAs in the scope by name, a page at a time, each with its administrators (holders of the
 * district's LGEA administrator role there whose account is not suspended), its schools and the staff
 * posted at those schools or at its office: one grouped query each for the whole page.
 */
export async function lgeaPage(db: Reader, scope: StaffScope, page: number, limit: number): Promise<LgeaPage> {
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(lgea).where(within(scope, lgea)),
    db
      .select()
      .from(lgea)
      .where(within(scope, lgea))
      .orderBy(...byName)
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const ids = rows.map((r) => r.id);
  const [schools, staffCounts, administrators] =
    ids.length === 0 ? [[], [], []] : await Promise.all([schoolCounts(db, scope, ids), staffCountsOf(db, scope, ids), administratorsOf(db, scope, ids)]);
  const lgeas: LgeaItem[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    localGovernment: r.localGovernment,
    address: r.address,
    phoneNumbers: r.phoneNumbers,
    emails: r.emails,
    administrators: administrators.filter((a) => a.lgeaId === r.id).map(({ lgeaId: _lgea, ...who }) => who),
    schools: schools.find((s) => s.lgeaId === r.id)?.n ?? 0,
    staff: staffCounts.find((s) => s.lgeaId === r.id)?.n ?? 0,
  }));
  return { lgeas, total: total?.n ?? 0, page, limit };
}

/** How many schools each of these LGEAs has. */
function schoolCounts(db: Reader, scope: StaffScope, lgeaIds: string[]) {
  return db
    .select({ lgeaId: school.lgeaId, n: count() })
    .from(school)
    .where(and(inArray(school.lgeaId, lgeaIds), within(scope, school)))
    .groupBy(school.lgeaId);
}

/** How many staff each of these LGEAs has: posted at its office or at one of its schools (super administrators aside, as on the dashboard). */
function staffCountsOf(db: Reader, scope: StaffScope, lgeaIds: string[]) {
  const lgeaOfPosting = sql<string>`coalesce(${staff.lgeaId}, ${school.lgeaId})`;
  return db
    .select({ lgeaId: lgeaOfPosting, n: count() })
    .from(staff)
    .leftJoin(school, and(eq(school.id, staff.schoolId), withinDistrict(scope, school)))
    .where(and(or(inArray(staff.lgeaId, lgeaIds), inArray(school.lgeaId, lgeaIds)), eq(staff.isSuperAdmin, false), within(scope, staff)))
    .groupBy(lgeaOfPosting);
}

/**
 * The holders of the LGEA administrator role at each of these LGEAs, by name, whose account is not
 * suspended (a new one is listed while their invitation is pending). Names come from the whole district:
 * whoever may see the LGEA sees who runs it, wherever that staff member is posted.
 */
function administratorsOf(db: Reader, scope: StaffScope, lgeaIds: string[]) {
  return db
    .select({ lgeaId: roleAccess.organizationId, id: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email })
    .from(roleAccess)
    .innerJoin(role, and(eq(role.id, roleAccess.roleId), eq(role.systemKey, "lgea-admin"), withinDistrict(scope, role)))
    .innerJoin(staff, and(eq(staff.id, roleAccess.staffId), ne(staff.accountStatus, "Suspended"), withinDistrict(scope, staff)))
    .where(and(inArray(roleAccess.organizationId, lgeaIds), within(scope, roleAccess)))
    .orderBy(asc(sql`lower(${staff.lastName})`), asc(sql`lower(${staff.firstName})`), asc(staff.id));
}

/** The name of the state portal the scope's district belongs to. */
export async function stateOfDistrict(db: Reader, scope: StaffScope): Promise<string> {
  const [row] = await db
    .select({ name: statePortal.name })
    .from(district)
    .innerJoin(statePortal, eq(statePortal.id, district.stateId))
    .where(and(eq(district.id, scope.districtId), within(scope, district)));
  if (!row) throw notFound();
  return row.name;
}

/** The local governments that have an LGEA portal in the scope's district (whether or not the scope sees it). */
export async function takenLocalGovernments(db: Reader, scope: StaffScope): Promise<Set<string>> {
  const rows = await db
    .select({ localGovernment: lgea.localGovernment })
    .from(lgea)
    .where(and(eq(lgea.districtId, scope.districtId), withinDistrict(scope, lgea)));
  return new Set(rows.map((r) => r.localGovernment.toLowerCase()));
}

/** Is the name taken by another LGEA portal of the scope's district? */
export async function isLgeaNameTaken(db: Reader, scope: StaffScope, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lgea.id })
    .from(lgea)
    .where(and(eq(lgea.districtId, scope.districtId), withinDistrict(scope, lgea), sameName(lgea.name, name)))
    .limit(1);
  return Boolean(row);
}

export type NewLgeaValues = { name: string; localGovernment: string; address: string; phoneNumbers: string[]; emails: string[] };

/** A new LGEA portal in the scope's district. */
export async function insertLgea(tx: Tx, scope: StaffScope, values: NewLgeaValues): Promise<LgeaRow> {
  const [row] = await tx
    .insert(lgea)
    .values({ ...values, districtId: scope.districtId })
    .returning();
  if (!row) throw new Error("lgea insert returned nothing");
  return row;
}

/** The district's schools in the LGEA's local government that have no LGEA yet now belong to it; returns their ids. */
export async function attachSchools(tx: Tx, scope: StaffScope, row: LgeaRow): Promise<string[]> {
  const attached = await tx
    .update(school)
    .set({ lgeaId: row.id })
    .where(
      and(
        eq(school.districtId, row.districtId),
        withinDistrict(scope, school),
        isNull(school.lgeaId),
        eq(sql`lower(${school.localGovernment})`, row.localGovernment.toLowerCase()),
      ),
    )
    .returning({ id: school.id });
  return attached.map((s) => s.id);
}

/** A staff member of the scope's district in its reach whose account is not suspended: who may become an LGEA's administrator. */
export async function administratorCandidate(db: Reader, scope: StaffScope, staffId: string) {
  const [row] = await db
    .select({ id: staff.id, districtId: staff.districtId, firstName: staff.firstName, lastName: staff.lastName, email: staff.email })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.districtId, scope.districtId), ne(staff.accountStatus, "Suspended"), within(scope, staff)));
  return row;
}
