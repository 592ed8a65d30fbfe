import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { allOperations, type Operation, type Permission } from "../../../lib/contract/permissions";
import type { AssignableOrganization, RoleSummary } from "../../../lib/contract/roles";
import type { OrganizationType } from "../../../lib/contract/user";
import type { Reader, Tx } from "../../db/client";
import { sameName } from "../../db/names";
import { district, lgea, permission, role, roleAccess, school, staff } from "../../db/schema";
import { within, withinDistrict, type StaffScope } from "../../db/scope";

export type RoleRow = typeof role.$inferSelect;
export type Organization = { id: string; name: string; type: OrganizationType; districtId: string };

/** Known operations only, each once, in catalogue order. */
export function knownOperations(operations: readonly string[]): Operation[] {
  const wanted = new Set(operations);
  return allOperations.filter((op) => wanted.has(op));
}

export function toSummary(row: RoleRow, holderCount: number): RoleSummary {
  const { id, districtId, name, description, operations, version } = row;
  return { id, districtId, name, description, operations: knownOperations(operations), holderCount, version };
}

export async function findRole(db: Reader, scope: StaffScope, id: string): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(role)
    .where(and(eq(role.id, id), within(scope, role)));
  return row;
}

export async function isRoleNameTaken(db: Reader, scope: StaffScope, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(withinDistrict(scope, role), sameName(role.name, name), exceptId ? ne(role.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The scope's district's roles, by name, with the number of assignments each has; or one of them. */
export async function roleSummaries(db: Reader, scope: StaffScope, roleId?: string): Promise<RoleSummary[]> {
  const rows = await db
    .select({ role, holderCount: count(roleAccess.id) })
    .from(role)
    .leftJoin(roleAccess, eq(roleAccess.roleId, role.id))
    .where(and(within(scope, role), roleId ? eq(role.id, roleId) : undefined))
    .groupBy(role.id)
    .orderBy(sql`lower(${role.name})`, asc(role.id));
  return rows.map((r) => toSummary(r.role, r.holderCount));
}

export async function insertRole(tx: Tx, scope: StaffScope, values: { name: string; description: string; operations: Operation[] }): Promise<RoleRow> {
  const [row] = await tx
    .insert(role)
    .values({ ...values, districtId: scope.districtId })
    .returning();
  if (!row) throw new Error("role insert returned nothing");
  return row;
}

/** Deletes a role and every assignment of it; returns the role and the assignments removed. */
export async function deleteRole(tx: Tx, scope: StaffScope, found: RoleRow) {
  const removed = await tx
    .delete(roleAccess)
    .where(and(eq(roleAccess.roleId, found.id), within(scope, roleAccess)))
    .returning();
  const [deleted] = await tx
    .delete(role)
    .where(and(eq(role.id, found.id), within(scope, role)))
    .returning();
  return { deleted, removed };
}

/** The catalogue entries of these operations, by category and name. */
export async function permissionsFor(db: Reader, operations: readonly string[]): Promise<Permission[]> {
  if (operations.length === 0) return [];
  return db
    .select({ operation: permission.operation, name: permission.name, description: permission.description, category: permission.category })
    .from(permission)
    .where(inArray(permission.operation, [...new Set(operations)]))
    .orderBy(asc(permission.category), asc(permission.name));
}

/** The catalogue of one restriction type (District). */
export async function catalogue(db: Reader, restrictionType: string): Promise<Permission[]> {
  return db
    .select({ operation: permission.operation, name: permission.name, description: permission.description, category: permission.category })
    .from(permission)
    .where(eq(permission.restrictionType, restrictionType))
    .orderBy(asc(permission.category), asc(permission.name));
}

/**
 * An organisation a role may be held in, if the scope reaches it: its district (only at district
 * level), one of the district's LGEAs (not from a school), or a school.
 */
export async function organizationInScope(db: Reader, scope: StaffScope, organizationId: string): Promise<Organization | undefined> {
  if (scope.level === "district") {
    const [d] = await db
      .select({ id: district.id, name: district.name })
      .from(district)
      .where(and(eq(district.id, organizationId), within(scope, district)));
    if (d) return { ...d, type: "District", districtId: d.id };
  }
  if (scope.level !== "school") {
    const [l] = await db
      .select({ id: lgea.id, name: lgea.name, districtId: lgea.districtId })
      .from(lgea)
      .where(and(eq(lgea.id, organizationId), within(scope, lgea)));
    if (l) return { ...l, type: "LGEA" };
  }
  const [s] = await db
    .select({ id: school.id, name: school.name, districtId: school.districtId })
    .from(school)
    .where(and(eq(school.id, organizationId), within(scope, school)));
  return s && { ...s, type: "School" };
}

/** The district an organisation the scope can see belongs to (the district itself, one of its LGEAs or schools). */
export async function districtOfOrganization(db: Reader, scope: StaffScope, organizationId: string): Promise<string | undefined> {
  const [found] = await db
    .select({ districtId: district.id })
    .from(district)
    .where(and(eq(district.id, organizationId), within(scope, district)))
    .union(
      db
        .select({ districtId: lgea.districtId })
        .from(lgea)
        .where(and(eq(lgea.id, organizationId), within(scope, lgea))),
    )
    .union(
      db
        .select({ districtId: school.districtId })
        .from(school)
        .where(and(eq(school.id, organizationId), within(scope, school))),
    );
  return found?.districtId;
}

export type Assignment = {
  roleAccessId: string;
  staff: { id: string; firstName: string; lastName: string; email: string };
  role: { id: string; name: string; operations: Operation[] };
  organization: { id: string; name: string; type: OrganizationType };
};

/** Role access rows in the scope (of one role or one staff member) with staff, role and organisation, all of one district. */
export async function assignmentsOf(db: Reader, scope: StaffScope, of: { roleId: string } | { staffId: string }): Promise<Assignment[]> {
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
    .innerJoin(staff, and(eq(staff.id, roleAccess.staffId), eq(staff.districtId, roleAccess.districtId)))
    .innerJoin(role, and(eq(role.id, roleAccess.roleId), eq(role.districtId, roleAccess.districtId)))
    .leftJoin(district, and(eq(district.id, roleAccess.organizationId), eq(district.id, roleAccess.districtId)))
    .leftJoin(lgea, and(eq(lgea.id, roleAccess.organizationId), eq(lgea.districtId, roleAccess.districtId)))
    .leftJoin(school, and(eq(school.id, roleAccess.organizationId), eq(school.districtId, roleAccess.districtId)))
    .where(and(within(scope, roleAccess), "roleId" in of ? eq(roleAccess.roleId, of.roleId) : eq(roleAccess.staffId, of.staffId)))
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

export async function isRoleHeld(db: Reader, scope: StaffScope, values: { staffId: string; organizationId: string; roleId: string }): Promise<boolean> {
  const [held] = await db
    .select({ id: roleAccess.id })
    .from(roleAccess)
    .where(
      and(
        eq(roleAccess.staffId, values.staffId),
        eq(roleAccess.organizationId, values.organizationId),
        eq(roleAccess.roleId, values.roleId),
        withinDistrict(scope, roleAccess),
      ),
    );
  return Boolean(held);
}

export async function insertRoleAccess(tx: Tx, values: typeof roleAccess.$inferInsert) {
  const [row] = await tx.insert(roleAccess).values(values).returning();
  if (!row) throw new Error("role access insert returned nothing");
  return row;
}

export async function deleteRoleAccess(tx: Tx, scope: StaffScope, id: string) {
  const [removed] = await tx
    .delete(roleAccess)
    .where(and(eq(roleAccess.id, id), within(scope, roleAccess)))
    .returning();
  return removed;
}

/** A staff member in the scope with their district's owner, for the staff access panel. */
export async function staffWithOwner(db: Reader, scope: StaffScope, staffId: string) {
  const [row] = await db
    .select({
      staff: { id: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email, isSuperAdmin: staff.isSuperAdmin },
      districtId: staff.districtId,
      ownerStaffId: district.ownerStaffId,
    })
    .from(staff)
    .innerJoin(district, eq(district.id, staff.districtId))
    .where(and(eq(staff.id, staffId), within(scope, staff)));
  return row;
}

/**
 * Where the scope may give a role (the organisations `organizationInScope` accepts): the district itself at
 * district level, then its LGEAs and its schools in reach, each by name; a school with its LGEA's name.
 */
export async function assignableOrganizations(db: Reader, scope: StaffScope): Promise<AssignableOrganization[]> {
  const [districts, lgeas, schools] = await Promise.all([
    scope.level === "district"
      ? db
          .select({ id: district.id, name: district.name })
          .from(district)
          .where(and(eq(district.id, scope.districtId), within(scope, district)))
      : [],
    scope.level === "school"
      ? []
      : db
          .select({ id: lgea.id, name: lgea.name })
          .from(lgea)
          .where(and(eq(lgea.districtId, scope.districtId), within(scope, lgea)))
          .orderBy(sql`lower(${lgea.name})`),
    db
      .select({ id: school.id, name: school.name, lgeaName: lgea.name })
      .from(school)
      .leftJoin(lgea, eq(lgea.id, school.lgeaId))
      .where(and(eq(school.districtId, scope.districtId), within(scope, school)))
      .orderBy(sql`lower(${school.name})`, asc(school.id)),
  ]);
  return [
    ...districts.map((d) => ({ ...d, type: "District" as const, lgeaName: null })),
    ...lgeas.map((l) => ({ ...l, type: "LGEA" as const, lgeaName: null })),
    ...schools.map((s) => ({ ...s, type: "School" as const })),
  ];
}
