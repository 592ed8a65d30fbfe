import { and, asc, count, eq, gte, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { StaffFiltersQuery, StaffListItem, StaffPosting, StaffRecord } from "../../../lib/contract/staff";
import type { StaffProfile } from "../../../lib/contract/user";
import { toStaffProfile } from "../../auth/signed-in-user";
import type { Db, Reader, Tx } from "../../db/client";
import { district, lgea, role, roleAccess, school, schoolRole, staff, staffSearchColumns, statePortal } from "../../db/schema";
import { containsText, textSearchPage } from "../../db/search";
import { within, withinDistrict, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";

export type StaffRow = typeof staff.$inferSelect;

export async function findStaff(db: Reader, scope: StaffScope, id: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, id), within(scope, staff)));
  return row;
}

/** A staff record as the API shows it, with its district and the state's terms. */
export async function staffProfile(db: Reader, scope: StaffScope, row: StaffRow): Promise<StaffProfile> {
  const [found] = await db
    .select({ district, state: statePortal })
    .from(district)
    .innerJoin(statePortal, eq(statePortal.id, district.stateId))
    .where(and(eq(district.id, row.districtId), within(scope, district)));
  if (!found) throw notFound();
  return toStaffProfile(row, found.district, found.state);
}

type StaffFilter = Omit<StaffFiltersQuery, "district[0]" | "includeLoggedInUser"> & { includeCaller: boolean; includeSuperAdmins: boolean };

/** What the register's search box asks of a staff member (nothing when it is empty). */
const textOf = (q: StaffFilter) => (q.searchTerm.trim() ? containsText(staffSearchColumns(staff), q.searchTerm) : undefined);

/** What the register's filters ask of a staff member (spec §3; the dates bound the date of employment). */
function choicesOf(scope: StaffScope, q: StaffFilter): SQL | undefined {
  // Places are stored as the reference lists name them (the API checks them), and the filters offer those names:
  // compared as they are, so the planner can use the column's statistics.
  const same = (column: PgColumn, value: string | undefined) => (value ? eq(column, value) : undefined);
  return and(
    q.startDate ? gte(staff.dateOfEmployment, q.startDate) : undefined,
    q.endDate ? lte(staff.dateOfEmployment, q.endDate) : undefined,
    same(staff.stateOfResidence, q.stateOfResidence),
    same(staff.localGovernmentOfResidence, q.localGovernmentOfResidence),
    same(staff.stateOfOrigin, q.stateOfOrigin),
    same(staff.localGovernmentOfOrigin, q.localGovernmentOfOrigin),
    q.accountStatus ? eq(staff.accountStatus, q.accountStatus) : undefined,
    q.staffType ? eq(staff.staffType, q.staffType) : undefined,
    q.school ? eq(staff.schoolId, q.school) : undefined,
    q.gender ? eq(staff.gender, q.gender) : undefined,
    q.includeCaller ? undefined : ne(staff.id, scope.staffId),
    // A super administrator merely has a home district; district staff do not find them there.
    q.includeSuperAdmins ? undefined : eq(staff.isSuperAdmin, false),
  );
}

const filtersOf = (scope: StaffScope, q: StaffFilter) => and(textOf(q), choicesOf(scope, q));

/** Surnames are common among staff: the tally reaches past them (see `textSearchPage`'s `cap`). */
const STAFF_TALLY_CAP = 10_000;

const nameOrder = [sql`lower(${staff.lastName})`, sql`lower(${staff.firstName})`];
const byName = [...nameOrder.map((key) => asc(key)), asc(staff.id)];

/** The register's columns, with the name of the school or LGEA office of posting. */
function listRows(db: Reader, scope: StaffScope) {
  return db
    .select({
      staff: {
        id: staff.id,
        title: staff.title,
        firstName: staff.firstName,
        lastName: staff.lastName,
        middleName: staff.middleName,
        email: staff.email,
        phoneCode: staff.phoneCode,
        phoneNumber: staff.phoneNumber,
        oracleNumber: staff.oracleNumber,
        tescomNumber: staff.tescomNumber,
        gender: staff.gender,
        staffType: staff.staffType,
        accountStatus: staff.accountStatus,
        schoolId: staff.schoolId,
        lgeaId: staff.lgeaId,
      },
      schoolName: school.name,
      lgeaName: lgea.name,
    })
    .from(staff)
    .leftJoin(school, and(eq(school.id, staff.schoolId), withinDistrict(scope, school)))
    .leftJoin(lgea, and(eq(lgea.id, staff.lgeaId), withinDistrict(scope, lgea)));
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listRows>["where"]>>[number];

export const postingOf = (
  row: { schoolId: string | null; lgeaId: string | null },
  names: { schoolName: string | null; lgeaName: string | null },
): StaffPosting =>
  row.schoolId
    ? { kind: "school", id: row.schoolId, name: names.schoolName ?? "School" }
    : row.lgeaId
      ? { kind: "lgea", id: row.lgeaId, name: names.lgeaName ?? "LGEA office" }
      : { kind: "district", id: null, name: "District office" };

const toListItem = ({ staff: { schoolId, lgeaId, ...s }, schoolName, lgeaName }: ListRow): StaffListItem => ({
  ...s,
  posting: postingOf({ schoolId, lgeaId }, { schoolName, lgeaName }),
});

/**
 * A page of the register (and the autocomplete) in name order, last name then first. Without a text term
 * it is read from the name-order index; with one, through `textSearchPage` (a surname's matches sit
 * together in last-name order, the case it was made for).
 */
export async function searchStaff(db: Db, scope: StaffScope, query: StaffFilter & { limit: number; page: number }): Promise<StaffListItem[]> {
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const where = and(within(scope, staff), choicesOf(scope, query));
  const text = textOf(query);
  const ids = text ? await textSearchPage(db, { table: staff, id: staff.id, order: nameOrder, where, match: text, cap: STAFF_TALLY_CAP }, page) : null;
  if (ids?.length === 0) return [];
  const rows = ids
    ? await listRows(db, scope)
        .where(and(within(scope, staff), inArray(staff.id, ids)))
        .orderBy(...byName)
    : await listRows(db, scope)
        .where(where)
        .orderBy(...byName)
        .limit(page.limit)
        .offset(page.offset);
  return rows.map(toListItem);
}

/** How many staff the filter selects: counted once per filter (the register caches it), never with every page. */
export async function countStaff(db: Reader, scope: StaffScope, query: StaffFilter): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(within(scope, staff), filtersOf(scope, query)));
  return total?.n ?? 0;
}

/** Every staff member the filter selects, in name order, a page at a time (the download streams them). */
export async function* allStaffByName(
  db: Reader,
  scope: StaffScope,
  query: StaffFilter,
  pageSize = 1_000,
): AsyncIterable<StaffRow & { schoolName: string | null; lgeaName: string | null }> {
  let after: { last: string; first: string; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select({ row: staff, schoolName: school.name, lgeaName: lgea.name })
      .from(staff)
      .leftJoin(school, and(eq(school.id, staff.schoolId), withinDistrict(scope, school)))
      .leftJoin(lgea, and(eq(lgea.id, staff.lgeaId), withinDistrict(scope, lgea)))
      .where(
        and(
          within(scope, staff),
          filtersOf(scope, query),
          after ? sql`(lower(${staff.lastName}), lower(${staff.firstName}), ${staff.id}) > (${after.last}, ${after.first}, ${after.id})` : undefined,
        ),
      )
      .orderBy(...byName)
      .limit(pageSize);
    for (const r of rows) yield { ...r.row, schoolName: r.schoolName, lgeaName: r.lgeaName };
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { last: last.row.lastName.toLowerCase(), first: last.row.firstName.toLowerCase(), id: last.row.id };
  }
}

/** Staff of the scope with the same names and date of birth, ignoring case and spaces (architecture 'Staff': a warning, not a block). */
export async function possibleDuplicates(db: Reader, scope: StaffScope, who: { firstName: string; lastName: string; dob: string }) {
  const squash = (column: PgColumn) => sql`lower(regexp_replace(btrim(${column}), '[[:space:]]+', ' ', 'g'))`;
  const normal = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();
  const rows = await listRows(db, scope)
    .where(
      and(within(scope, staff), eq(squash(staff.firstName), normal(who.firstName)), eq(squash(staff.lastName), normal(who.lastName)), eq(staff.dob, who.dob)),
    )
    .orderBy(...byName)
    .limit(10);
  return rows.map((r) => {
    const item = toListItem(r);
    return { id: item.id, name: `${item.firstName} ${item.lastName}`, posting: item.posting };
  });
}

/** Sets a column that is not guarded by the record's version (an image: the details form does not touch it). */
export async function setProfilePicture(tx: Tx, scope: StaffScope, id: string, pictureId: string) {
  await tx
    .update(staff)
    .set({ profilePictureId: pictureId, updatedAt: new Date() })
    .where(and(eq(staff.id, id), within(scope, staff)));
}

/** What an audit row keeps of a staff record: everything but the password hash. */
export const auditView = (row: StaffRow) => {
  const { passwordHash: _hash, ...rest } = row;
  return rest;
};

/** The scope's district: its name (for the invitation) and its state (staff numbers are unique there). */
export async function districtOfScope(db: Reader, scope: StaffScope) {
  const [row] = await db
    .select({ id: district.id, name: district.name, stateId: district.stateId })
    .from(district)
    .where(and(eq(district.id, scope.districtId), within(scope, district)));
  if (!row) throw notFound();
  return row;
}

export type NewStaffValues = Omit<typeof staff.$inferInsert, "id" | "districtId" | "version" | "createdAt" | "updatedAt">;

/** New staff in the scope's district, a thousand to a statement; every one starts as ResetPassword (the invitation sets the password). */
export async function insertStaff(tx: Tx, scope: StaffScope, rows: NewStaffValues[], importId?: string): Promise<StaffRow[]> {
  const inserted: StaffRow[] = [];
  for (let i = 0; i < rows.length; i += 1_000) {
    const values = rows
      .slice(i, i + 1_000)
      .map((r) => ({ ...r, districtId: scope.districtId, accountStatus: "ResetPassword" as const, importId: importId ?? null }));
    inserted.push(...(await tx.insert(staff).values(values).returning()));
  }
  return inserted;
}

/** Where a staff member is posted and what they hold: their school roles and their role accesses (the staff record page). */
export async function postingAndRoles(db: Reader, scope: StaffScope, row: StaffRow): Promise<Omit<StaffRecord, "staff">> {
  const [names] = await db
    .select({ schoolName: school.name, lgeaName: lgea.name })
    .from(staff)
    .leftJoin(school, and(eq(school.id, staff.schoolId), withinDistrict(scope, school)))
    .leftJoin(lgea, and(eq(lgea.id, staff.lgeaId), withinDistrict(scope, lgea)))
    .where(and(eq(staff.id, row.id), within(scope, staff)));
  const schoolRoles = await db
    .select({ id: schoolRole.id, role: schoolRole.role, school: { id: school.id, name: school.name } })
    .from(schoolRole)
    .innerJoin(school, and(eq(school.id, schoolRole.schoolId), withinDistrict(scope, school)))
    .where(and(eq(schoolRole.staffId, row.id), withinDistrict(scope, schoolRole)))
    .orderBy(asc(school.name), asc(schoolRole.role));
  const accesses = await db
    .select({ id: roleAccess.id, role: role.name, organizationId: roleAccess.organizationId, type: roleAccess.organizationType })
    .from(roleAccess)
    .innerJoin(role, and(eq(role.id, roleAccess.roleId), withinDistrict(scope, role)))
    .where(and(eq(roleAccess.staffId, row.id), withinDistrict(scope, roleAccess)))
    .orderBy(asc(role.name));
  const organizations = await organizationNames(db, scope, accesses);
  return {
    posting: postingOf(row, { schoolName: names?.schoolName ?? null, lgeaName: names?.lgeaName ?? null }),
    schoolRoles,
    roles: accesses.map((a) => ({ id: a.id, role: a.role, organization: organizations.get(a.organizationId) ?? a.type })),
  };
}

/** The names of the district, LGEAs and schools that role accesses point at. */
async function organizationNames(db: Reader, scope: StaffScope, accesses: { organizationId: string }[]): Promise<Map<string, string>> {
  const ids = [...new Set(accesses.map((a) => a.organizationId))];
  if (ids.length === 0) return new Map();
  const [districts, lgeas, schools] = await Promise.all([
    db
      .select({ id: district.id, name: district.name })
      .from(district)
      .where(and(inArray(district.id, ids), withinDistrict(scope, district))),
    db
      .select({ id: lgea.id, name: lgea.name })
      .from(lgea)
      .where(and(inArray(lgea.id, ids), withinDistrict(scope, lgea))),
    db
      .select({ id: school.id, name: school.name })
      .from(school)
      .where(and(inArray(school.id, ids), withinDistrict(scope, school))),
  ]);
  return new Map([...districts, ...lgeas, ...schools].map((o) => [o.id, o.name]));
}
