import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { SchoolCard, SchoolCategory, SchoolDetail, SchoolRoleHolder } from "../../../lib/contract/schools";
import type { Db } from "../../db/client";
import { lgea, school, schoolRole, staff } from "../../db/schema";
import { inScope, type Scope } from "./roles";

type Reader = Pick<Db, "select">;
export type SchoolRow = typeof school.$inferSelect;

export const toCard = (s: SchoolRow): SchoolCard => ({
  id: s.id,
  name: s.name,
  description: s.description ?? "",
  address: s.address ?? "",
  localGovernment: s.localGovernment,
  category: s.category as SchoolCategory,
});

export async function findSchool(db: Reader, scope: Scope, id: string): Promise<SchoolRow | undefined> {
  const [row] = await db
    .select()
    .from(school)
    .where(and(eq(school.id, id), inScope(scope, school.districtId)));
  return row;
}

/** The district's LGEA for a local government: schools must lie in one of the district's local governments. */
export async function lgeaFor(db: Reader, districtId: string, localGovernment: string) {
  const [row] = await db
    .select({ id: lgea.id, name: lgea.name, localGovernment: lgea.localGovernment })
    .from(lgea)
    .where(and(eq(lgea.districtId, districtId), eq(sql`lower(${lgea.localGovernment})`, localGovernment.toLowerCase())));
  return row;
}

export async function isSchoolNameTaken(db: Reader, districtId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: school.id })
    .from(school)
    .where(and(eq(school.districtId, districtId), eq(sql`lower(btrim(${school.name}))`, name.toLowerCase()), exceptId ? ne(school.id, exceptId) : undefined));
  return Boolean(row);
}

export async function holdersOf(db: Reader, schoolId: string): Promise<SchoolRoleHolder[]> {
  const rows = await db
    .select({ id: schoolRole.id, role: schoolRole.role, staffId: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email })
    .from(schoolRole)
    .innerJoin(staff, eq(staff.id, schoolRole.staffId))
    .where(eq(schoolRole.schoolId, schoolId))
    .orderBy(asc(schoolRole.role), asc(staff.lastName), asc(staff.firstName));
  return rows.map((r) => ({ id: r.id, role: r.role, staff: { id: r.staffId, firstName: r.firstName, lastName: r.lastName, email: r.email } }));
}

export async function schoolDetail(db: Reader, row: SchoolRow): Promise<SchoolDetail> {
  const [area] = row.lgeaId ? await db.select({ id: lgea.id, name: lgea.name }).from(lgea).where(eq(lgea.id, row.lgeaId)) : [];
  return { ...toCard(row), districtId: row.districtId, lgea: area ?? null, schoolRoles: await holdersOf(db, row.id), version: row.version };
}
