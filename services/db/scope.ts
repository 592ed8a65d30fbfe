import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { OrganizationType } from "../../lib/contract/user";
import { notFound } from "../http/errors";
import type { Reader } from "./client";
import {
  auditLog,
  notification,
  classType,
  dataImport,
  district,
  districtConfiguration,
  districtRegistration,
  lgea,
  role,
  roleAccess,
  school,
  schoolClass,
  schoolRole,
  staff,
  staffTransfer,
  staffTransferRow,
  storedImage,
  student,
  studentMove,
  studentMoveRow,
  admissionSequence,
  apiClient,
  ledgerEntry,
  payment,
  reportCardCharge,
  wallet,
  statisticsSnapshot,
  enrolmentTally,
} from "./schema";

/**
 * Which records a request may reach, built once per request from the signed-in staff member
 * (`scopeOf`). Every query of a district-owned table applies it with `within(scope, table)`, so a
 * record outside it is simply not found (404). `services/db/scope.test.ts` fails a query that does not.
 *
 * - A super administrator reaches every district (`allDistricts`); new records go to the district they work in.
 * - District staff reach their district's records; when their current organisation is an LGEA, only that
 *   LGEA's schools and what belongs to them (staff posted there, pupils, classes, school roles); when it is
 *   a school, only that school's. Their own staff record and their own role accesses are always in reach.
 */
export type StaffScope = {
  kind: "staff";
  staffId: string;
  /** The district worked in: where new records go. */
  districtId: string;
  allDistricts: boolean;
  level: "district" | "lgea" | "school";
  /** The LGEA or school the scope is narrowed to (the district itself at district level). */
  organizationId: string;
};

/**
 * Paths that cross districts by design (sign-in, password reset, availability checks, token checks,
 * the demo seed): an explicit scope that only the modules listed in `scope.test.ts` may take.
 */
export type SystemScope = { kind: "system"; purpose: string };

export type Scope = StaffScope | SystemScope;

export function scopeOf(actor: {
  staffId: string;
  districtId: string;
  organizationId: string;
  organizationType: OrganizationType;
  isSuperAdmin: boolean;
}): StaffScope {
  const level = actor.isSuperAdmin || actor.organizationType === "District" ? "district" : actor.organizationType === "LGEA" ? "lgea" : "school";
  return {
    kind: "staff",
    staffId: actor.staffId,
    districtId: actor.districtId,
    allDistricts: actor.isSuperAdmin,
    level,
    organizationId: level === "district" ? actor.districtId : actor.organizationId,
  };
}

export const systemScope = (purpose: string): SystemScope => ({ kind: "system", purpose });

const schoolsOfLgea = (lgeaId: string) => sql`(select ${school.id} from ${school} where ${school.lgeaId} = ${lgeaId})`;
const lgeaOfSchool = (schoolId: string) => sql`(select ${school.lgeaId} from ${school} where ${school.id} = ${schoolId})`;

/** The district filter alone: every district for a super administrator or the system. */
function inDistrict(scope: Scope, column: PgColumn): SQL | undefined {
  return scope.kind === "system" || scope.allDistricts ? undefined : eq(column, scope.districtId);
}

/** Rows that belong to a school (by its id column), narrowed to the scope's LGEA or school. */
function bySchool(scope: StaffScope, schoolColumn: PgColumn): SQL | undefined {
  if (scope.level === "lgea") return sql`${schoolColumn} in ${schoolsOfLgea(scope.organizationId)}`;
  if (scope.level === "school") return eq(schoolColumn, scope.organizationId);
  return undefined;
}

type Narrowing = (scope: StaffScope) => SQL | undefined;

/**
 * An audit entry is in reach below the district when its record is (a school, staff member, pupil or class
 * the scope reaches, or the LGEA itself) or its author is the caller. The tables' own narrowings decide.
 */
function auditInReach(s: StaffScope): SQL | undefined {
  if (s.level === "district") return undefined;
  const idsOf = (table: typeof school | typeof staff | typeof student | typeof schoolClass) =>
    sql`${auditLog.recordId} in (select ${table.id}::text from ${table} where ${within(s, table)})`;
  return or(
    eq(auditLog.actorStaffId, s.staffId),
    idsOf(school),
    idsOf(staff),
    idsOf(student),
    idsOf(schoolClass),
    s.level === "lgea" ? eq(auditLog.recordId, s.organizationId) : undefined,
  );
}

/** A transfer row moved someone from or to a school (or the LGEA office) of the scope. */
function touchesScope(s: StaffScope, row: typeof staffTransferRow): SQL | undefined {
  if (s.level === "district") return undefined;
  return or(
    bySchool(s, row.fromSchoolId),
    bySchool(s, row.toSchoolId),
    s.level === "lgea" ? or(eq(row.fromLgeaId, s.organizationId), eq(row.toLgeaId, s.organizationId)) : undefined,
  );
}

/** A pupil's move from or to a school of the scope. */
function movesScope(s: StaffScope, row: typeof studentMoveRow): SQL | undefined {
  if (s.level === "district") return undefined;
  return or(bySchool(s, row.fromSchoolId), bySchool(s, row.toSchoolId));
}

/** How each district-owned table narrows below the district. Tables not listed here are not district-owned. */
const narrowings = new Map<PgTable, { district: PgColumn; narrow: Narrowing }>([
  [district, { district: district.id, narrow: () => undefined }],
  [role, { district: role.districtId, narrow: () => undefined }],
  [storedImage, { district: storedImage.districtId, narrow: () => undefined }],
  // A staged import holds rows of any part of the district: below the district level, only whoever started it reaches it.
  [dataImport, { district: dataImport.districtId, narrow: (s) => (s.level === "district" ? undefined : eq(dataImport.createdBy, s.staffId)) }],
  // The district's class types and configuration are read by everyone working in it, at any level.
  [classType, { district: classType.districtId, narrow: () => undefined }],
  [districtConfiguration, { district: districtConfiguration.districtId, narrow: () => undefined }],
  // Where the district's registration stands: its owner and super administrators read it (the routes say who).
  [districtRegistration, { district: districtRegistration.districtId, narrow: () => undefined }],
  // Below the district, the trail shows the entries of records in reach (architecture 'Data'), and one's own changes.
  [auditLog, { district: auditLog.districtId as PgColumn, narrow: (s) => auditInReach(s) }],
  // One's notifications are one's own, at every level: a district administrator reads no one else's.
  [notification, { district: notification.districtId, narrow: (s) => eq(notification.staffId, s.staffId) }],
  [
    lgea,
    {
      district: lgea.districtId,
      narrow: (s) =>
        s.level === "lgea" ? eq(lgea.id, s.organizationId) : s.level === "school" ? sql`${lgea.id} = ${lgeaOfSchool(s.organizationId)}` : undefined,
    },
  ],
  [school, { district: school.districtId, narrow: (s) => (s.level === "lgea" ? eq(school.lgeaId, s.organizationId) : bySchool(s, school.id)) }],
  [
    staff,
    {
      district: staff.districtId,
      narrow: (s) =>
        s.level === "district"
          ? undefined
          : or(eq(staff.id, s.staffId), bySchool(s, staff.schoolId), s.level === "lgea" ? eq(staff.lgeaId, s.organizationId) : undefined),
    },
  ],
  // A transfer is seen below the district by those whose schools (or LGEA office) it moved someone from or to.
  [staffTransferRow, { district: staffTransferRow.districtId, narrow: (s) => touchesScope(s, staffTransferRow) }],
  [
    staffTransfer,
    {
      district: staffTransfer.districtId,
      narrow: (s) =>
        s.level === "district"
          ? undefined
          : sql`exists (select 1 from ${staffTransferRow} where ${staffTransferRow.transferId} = ${staffTransfer.id} and ${touchesScope(s, staffTransferRow)})`,
    },
  ],
  [student, { district: student.districtId, narrow: (s) => bySchool(s, student.schoolId) }],
  // The enrolled pupils' counts (kept from the register) narrow as the pupils do.
  [enrolmentTally, { district: enrolmentTally.districtId, narrow: (s) => bySchool(s, enrolmentTally.schoolId) }],
  // The district's admission sequence serves every admission in it, at any level.
  [admissionSequence, { district: admissionSequence.districtId, narrow: () => undefined }],
  // A group move is seen below the district by those whose schools it moved pupils from or to.
  [studentMoveRow, { district: studentMoveRow.districtId, narrow: (s) => movesScope(s, studentMoveRow) }],
  [
    studentMove,
    {
      district: studentMove.districtId,
      narrow: (s) =>
        s.level === "district"
          ? undefined
          : sql`exists (select 1 from ${studentMoveRow} where ${studentMoveRow.moveId} = ${studentMove.id} and ${movesScope(s, studentMoveRow)})`,
    },
  ],
  // Billing (architecture 'Billing'): the wallet is the district's, its balance seen at every level with wallet.view;
  // below the district, the ledger shows only the charges of the scope's schools, and payments not at all.
  [wallet, { district: wallet.districtId, narrow: () => undefined }],
  [ledgerEntry, { district: ledgerEntry.districtId, narrow: (s) => bySchool(s, ledgerEntry.schoolId) }],
  [payment, { district: payment.districtId, narrow: (s) => (s.level === "district" ? undefined : sql`false`) }],
  [reportCardCharge, { district: reportCardCharge.districtId, narrow: (s) => bySchool(s, reportCardCharge.schoolId) }],
  [apiClient, { district: apiClient.districtId, narrow: () => undefined }],
  // A statistics snapshot's rows are the district's, each LGEA's and each school's figures: below the district, those of the scope's LGEA (and its schools) or school.
  [
    statisticsSnapshot,
    {
      district: statisticsSnapshot.districtId,
      narrow: (s) =>
        s.level === "lgea"
          ? eq(statisticsSnapshot.lgeaId, s.organizationId)
          : s.level === "school"
            ? eq(statisticsSnapshot.schoolId, s.organizationId)
            : undefined,
    },
  ],
  [schoolRole, { district: schoolRole.districtId, narrow: (s) => bySchool(s, schoolRole.schoolId) }],
  [schoolClass, { district: schoolClass.districtId, narrow: (s) => bySchool(s, schoolClass.schoolId) }],
  [
    roleAccess,
    {
      district: roleAccess.districtId,
      narrow: (s) =>
        s.level === "district"
          ? undefined
          : or(
              eq(roleAccess.staffId, s.staffId),
              eq(roleAccess.organizationId, s.organizationId),
              s.level === "lgea" ? sql`${roleAccess.organizationId} in ${schoolsOfLgea(s.organizationId)}` : undefined,
            ),
    },
  ],
]);

/** The tables `within` knows: every table that holds a district's records. */
export const districtOwnedTables: readonly PgTable[] = [...narrowings.keys()];

/** The condition that keeps a query of `table` inside the scope (undefined: nothing to filter). */
export function within(scope: Scope, table: PgTable): SQL | undefined {
  const rule = narrowings.get(table);
  if (!rule) throw new Error("within() was given a table that is not district-owned");
  if (scope.kind === "system") return undefined;
  return and(inDistrict(scope, rule.district), rule.narrow(scope));
}

/**
 * The whole district of the scope, without narrowing to an LGEA or school: for rules that hold across
 * the district (a school's name is unique in its district, whoever may see the other school).
 */
export function withinDistrict(scope: Scope, table: PgTable): SQL | undefined {
  const rule = narrowings.get(table);
  if (!rule) throw new Error("withinDistrict() was given a table that is not district-owned");
  return inDistrict(scope, rule.district);
}

/** The scope placed in one district: a super administrator's, for a record of that district and the rules that hold in it. */
export const scopeInDistrict = (scope: StaffScope, districtId: string): StaffScope => ({ ...scope, districtId, allDistricts: false });

/**
 * The scope placed in the district it works in, for creating records and the checks that go with them
 * (places, postings, unique names): a super administrator's scope otherwise reaches every district, and
 * would let a new record of one district take another's LGA, school or name.
 */
export const inWorkedDistrict = (scope: StaffScope): StaffScope => scopeInDistrict(scope, scope.districtId);

/** Staff working in an LGEA or a school see their district's shared records but do not change them (roles, the district's profile). */
export const atDistrictLevel = (scope: StaffScope) => scope.level === "district";

/**
 * The district a list call asks about (`district[0]` and the like): the scope's own when left out,
 * another only for a super administrator, and one that exists; anything else is 404.
 */
export async function requestedDistrict(db: Reader, scope: StaffScope, requested: string | undefined): Promise<string> {
  const districtId = requested ?? scope.districtId;
  const [known] = await db
    .select({ id: district.id })
    .from(district)
    .where(and(eq(district.id, districtId), within(scope, district)));
  if (!known) throw notFound();
  return districtId;
}
