import { and, asc, count, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { allOperations, type Operation, type Permission } from "../../../lib/contract/permissions";
import type { RoleSummary } from "../../../lib/contract/roles";
import type { OrganizationType } from "../../../lib/contract/user";
import type { Db } from "../../db/client";
import { district, lgea, permission, role, roleAccess, school, staff } from "../../db/schema";
import type { Actor } from "../../http/context";

type Reader = Pick<Db, "select">;
export type RoleRow = typeof role.$inferSelect;

/** Who is asking: their own district, or every district for a super administrator. */
export type Scope = Pick<Actor, "districtId" | "isSuperAdmin">;

/** The district filter of every lookup by id; a record outside it is not found (404). */
export const inScope = (scope: Scope, column: PgColumn): SQL | undefined => (scope.isSuperAdmin ? undefined : eq(column, scope.districtId));

/** Names are stored trimmed with single spaces and compared case-insensitively, like the unique index. */
export const normalizeName = (name: string) => name.trim().replace(/\s+/g, " ");

/** Known operations only, each once, in catalogue order. */
export function knownOperations(operations: readonly string[]): Operation[] {
  const wanted = new Set(operations);
  return allOperations.filter((op) => wanted.has(op));
}

export function toSummary(row: RoleRow, holderCount: number): RoleSummary {
  const { id, districtId, name, description, operations, version } = row;
  return { id, districtId, name, description, operations: knownOperations(operations), holderCount, version };
}

export async function findRole(db: Reader, scope: Scope, id: string): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(role)
    .where(and(eq(role.id, id), inScope(scope, role.districtId)));
  return row;
}

export async function isNameTaken(db: Reader, districtId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: role.id })
    .from(role)
    .where(
      and(
        eq(role.districtId, districtId),
        eq(sql`lower(btrim(${role.name}))`, normalizeName(name).toLowerCase()),
        exceptId ? ne(role.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The district's roles, by name, with the number of assignments each has; or one of them. */
export async function roleSummaries(db: Reader, districtId: string, roleId?: string): Promise<RoleSummary[]> {
  const rows = await db
    .select({ role, holderCount: count(roleAccess.id) })
    .from(role)
    .leftJoin(roleAccess, eq(roleAccess.roleId, role.id))
    .where(and(eq(role.districtId, districtId), roleId ? eq(role.id, roleId) : undefined))
    .groupBy(role.id)
    .orderBy(sql`lower(${role.name})`, asc(role.id));
  return rows.map((r) => toSummary(r.role, r.holderCount));
}

export async function permissionsFor(db: Reader, operations: readonly string[]): Promise<Permission[]> {
  if (operations.length === 0) return [];
  return db
    .select({ operation: permission.operation, name: permission.name, description: permission.description, category: permission.category })
    .from(permission)
    .where(inArray(permission.operation, [...new Set(operations)]))
    .orderBy(asc(permission.category), asc(permission.name));
}

/** The district itself, or the district an LGEA or school belongs to. */
export async function districtOfOrganization(db: Reader, organizationId: string): Promise<string | undefined> {
  const [found] = await db
    .select({ districtId: district.id })
    .from(district)
    .where(eq(district.id, organizationId))
    .union(db.select({ districtId: lgea.districtId }).from(lgea).where(eq(lgea.id, organizationId)))
    .union(db.select({ districtId: school.districtId }).from(school).where(eq(school.id, organizationId)));
  return found?.districtId;
}

export type Assignment = {
  roleAccessId: string;
  staff: { id: string; firstName: string; lastName: string; email: string };
  role: { id: string; name: string; operations: Operation[] };
  organization: { id: string; name: string; type: OrganizationType };
};

/** Role access rows of one district (of one role or one staff member) with staff, role and organisation. */
export async function assignmentsOf(db: Reader, districtId: string, of: { roleId: string } | { staffId: string }): Promise<Assignment[]> {
  const rows = await db
    .select({
      roleAccessId: roleAccess.id,
      staff: { id: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email },
      role: { id: role.id, name: role.name, operations: role.operations },
      organizationId: roleAccess.organizationId,
      organizationType: roleAccess.organizationType,
      organizationName: sql<string | null>`coalesce(${district.name}, ${lgea.name}, ${school.name})`,
    })
    .from(roleAccess)
    .innerJoin(staff, and(eq(staff.id, roleAccess.staffId), eq(staff.districtId, districtId)))
    .innerJoin(role, and(eq(role.id, roleAccess.roleId), eq(role.districtId, districtId)))
    .leftJoin(district, and(eq(district.id, roleAccess.organizationId), eq(district.id, districtId)))
    .leftJoin(lgea, and(eq(lgea.id, roleAccess.organizationId), eq(lgea.districtId, districtId)))
    .leftJoin(school, and(eq(school.id, roleAccess.organizationId), eq(school.districtId, districtId)))
    .where(and(eq(roleAccess.districtId, districtId), "roleId" in of ? eq(roleAccess.roleId, of.roleId) : eq(roleAccess.staffId, of.staffId)))
    .orderBy(asc(staff.lastName), asc(staff.firstName), asc(role.name), asc(roleAccess.createdAt));
  return rows.flatMap((r) =>
    r.organizationName === null
      ? []
      : [
          {
            roleAccessId: r.roleAccessId,
            staff: r.staff,
            role: { ...r.role, operations: knownOperations(r.role.operations) },
            organization: { id: r.organizationId, name: r.organizationName, type: r.organizationType },
          },
        ],
  );
}

/** A unique index refused the write (PostgreSQL 23505), whichever driver and wrapper threw it. */
export function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const fields = e as Error & { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (fields.code === "23505") return fields.constraint === index || fields.constraint_name === index || e.message.includes(index);
  }
  return false;
}
