import { and, asc, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { StaffSearchResult } from "../../../lib/contract/roles";
import type { StaffProfile } from "../../../lib/contract/user";
import { toStaffProfile } from "../../auth/signed-in-user";
import type { Reader, Tx } from "../../db/client";
import { likeEscape } from "../../db/like-escape";
import { district, staff, statePortal } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
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

/** Staff autocomplete: first name, last name, 'first last' or e-mail, by last and first name. */
export async function searchStaff(
  db: Reader,
  scope: StaffScope,
  query: { searchTerm: string; limit: number; includeCaller: boolean; includeSuperAdmins: boolean },
): Promise<StaffSearchResult[]> {
  const term = query.searchTerm.replace(/\s+/g, " ");
  const pattern = `%${likeEscape(term)}%`;
  const matches = term
    ? or(
        ilike(staff.firstName, pattern),
        ilike(staff.lastName, pattern),
        ilike(sql`${staff.firstName} || ' ' || ${staff.lastName}`, pattern),
        ilike(staff.email, pattern),
      )
    : undefined;
  return db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email, staffType: staff.staffType })
    .from(staff)
    .where(
      and(
        within(scope, staff),
        matches,
        query.includeCaller ? undefined : ne(staff.id, scope.staffId),
        query.includeSuperAdmins ? undefined : eq(staff.isSuperAdmin, false),
      ),
    )
    .orderBy(asc(staff.lastName), asc(staff.firstName), asc(staff.id))
    .limit(query.limit);
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
