import { and, eq, isNull, or } from "drizzle-orm";
import { imageLocation } from "../../lib/contract/images";
import type { Operation } from "../../lib/contract/permissions";
import { buildTerminologies } from "../../lib/contract/terminology";
import type { MissingRequirements, RoleAccessItem, SignedInUser, StaffProfile } from "../../lib/contract/user";
import type { Db } from "../db/client";
import { district, requirement, role, roleAccess, staff, statePortal } from "../db/schema";
import { notFound } from "../http/errors";
import { organizationOf } from "./organizations";
import { loadPermissions } from "./permissions";
import { systemScope, within } from "../db/scope";

/** Crosses districts by design: the signed-in user's own record, roles and district, as sign-in answers. */
const system = systemScope("the signed-in user's own record, roles and district, as sign-in answers");

type StaffRow = typeof staff.$inferSelect;
type DistrictRow = typeof district.$inferSelect;
type StateRow = typeof statePortal.$inferSelect;

export function toStaffProfile(s: StaffRow, d: DistrictRow, st: StateRow): StaffProfile {
  return {
    id: s.id,
    title: s.title,
    firstName: s.firstName,
    lastName: s.lastName,
    middleName: s.middleName,
    email: s.email,
    username: s.username,
    phoneNumber: { code: s.phoneCode, number: s.phoneNumber },
    oracleNumber: s.oracleNumber,
    tescomNumber: s.tescomNumber,
    gender: s.gender,
    dob: s.dob,
    address: s.address,
    addressCoordinates: s.addressCoordinates,
    countryOfOrigin: s.countryOfOrigin,
    stateOfOrigin: s.stateOfOrigin,
    localGovernmentOfOrigin: s.localGovernmentOfOrigin,
    countryOfResidence: s.countryOfResidence,
    stateOfResidence: s.stateOfResidence,
    localGovernmentOfResidence: s.localGovernmentOfResidence,
    areaOfSpecialization: s.areaOfSpecialization,
    dateOfEmployment: s.dateOfEmployment,
    dateOfLastPromotion: s.dateOfLastPromotion,
    dateOfFirstAppointment: s.dateOfFirstAppointment,
    dateOfPresentAppointment: s.dateOfPresentAppointment,
    lastDateOfPosting: s.lastDateOfPosting,
    maritalStatus: s.maritalStatus,
    staffType: s.staffType,
    accountStatus: s.accountStatus,
    isSuperAdmin: s.isSuperAdmin,
    profilePicture: s.profilePictureId ? imageLocation(s.profilePictureId) : null,
    district: { id: d.id, name: d.name, accountStatus: d.accountStatus, logo: d.logoId ? imageLocation(d.logoId) : null },
    stateDetails: { id: st.id, name: st.name, country: st.country, stateTerminologies: buildTerminologies(st.terminologies) },
    version: s.version,
  };
}

async function roleAccessOf(db: Db, staffId: string): Promise<RoleAccessItem[]> {
  const rows = await db
    .select({ id: roleAccess.id, organizationId: roleAccess.organizationId, districtId: roleAccess.districtId, roleId: role.id, roleName: role.name })
    .from(roleAccess)
    .innerJoin(role, eq(role.id, roleAccess.roleId))
    .where(and(eq(roleAccess.staffId, staffId), within(system, roleAccess)));
  const items: RoleAccessItem[] = [];
  for (const r of rows) {
    const organization = await organizationOf(db, r.organizationId, r.districtId);
    if (organization) items.push({ id: r.id, organization, role: { id: r.roleId, name: r.roleName } });
  }
  return items;
}

async function missingRequirementsOf(db: Db, d: DistrictRow, st: StateRow): Promise<MissingRequirements> {
  const rows = await db
    .select()
    .from(requirement)
    .where(and(eq(requirement.stateId, st.id), or(isNull(requirement.districtId), eq(requirement.districtId, d.id))));
  const pick = (forDistrict: boolean) =>
    rows.filter((r) => (r.districtId !== null) === forDistrict).map((r) => ({ id: r.id, description: r.description, completed: r.completed }));
  const statePortalReqs = pick(false);
  const districtPortalReqs = pick(true);
  return {
    unSatisfiedRequirementsExist: [...statePortalReqs, ...districtPortalReqs].some((r) => !r.completed),
    statePortal: { requirements: statePortalReqs, contact: { phoneNumbers: st.phoneNumbers.map((local) => ({ local })), emails: st.emails } },
    districtPortal: { requirements: districtPortalReqs, contact: { phoneNumbers: d.phoneNumbers.map((local) => ({ local })), emails: d.emails } },
  };
}

/** Spec §3 'Signed-in user' (without tokens), for the district and organisation the session works in. */
export async function buildSignedInUser(db: Db, scope: { staffId: string; districtId: string; organizationId: string }): Promise<SignedInUser> {
  const [s] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, scope.staffId), within(system, staff)));
  const [d] = await db
    .select()
    .from(district)
    .where(and(eq(district.id, scope.districtId), within(system, district)));
  const [st] = d ? await db.select().from(statePortal).where(eq(statePortal.id, d.stateId)) : [];
  const organization = await organizationOf(db, scope.organizationId, scope.districtId);
  if (!s || !d || !st || !organization) throw notFound();
  const permissions: Operation[] = [
    ...(await loadPermissions(db, { ...scope, isSuperAdmin: s.isSuperAdmin, isDistrictOwner: d.ownerStaffId === s.id })),
  ].sort();
  return {
    staff: toStaffProfile(s, d, st),
    roleAccess: await roleAccessOf(db, s.id),
    currentOrganization: organization,
    missingRequirements: await missingRequirementsOf(db, d, st),
    permissions,
    isDistrictOwner: d.ownerStaffId === s.id,
  };
}
