import { and, eq } from "drizzle-orm";
import type { FieldIssue } from "../../../lib/contract/errors";
import { fieldMessages, formInvalidMessage, successNotices } from "../../../lib/contract/messages";
import { roleMessages, type SystemRoleKey } from "../../../lib/contract/roles";
import { newStaffSchema, possibleDuplicatesQuerySchema, type NewStaff, type PossibleDuplicates, type StaffCreated } from "../../../lib/contract/staff";
import { recordAudit } from "../../db/audit";
import type { Tx } from "../../db/client";
import { role, roleAccess } from "../../db/schema";
import { atDistrictLevel, inWorkedDistrict, withinDistrict, type StaffScope } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor, Deps } from "../../http/context";
import { AppError, forbidden } from "../../http/errors";
import { placeIssues } from "../reference/places";
import { assertCanGrant } from "../roles/rules";
import { lockStaffNumbers } from "./identity";
import { inviteAll } from "./invitation";
import { auditView, districtOfScope, insertStaff, possibleDuplicates, type StaffRow } from "./queries";
import { identityIssues, postingIssues, under } from "./rules";

const tag = "Staff";

/**
 * Two creates of one e-mail or phone both pass the check; the unique index stops the second with the check's answer
 * (on the staff form's fields, under `prefix` when that form is nested in another).
 */
export const guardIdentity = <T>(write: () => Promise<T>, prefix = "") =>
  guardUnique(
    "staff_email_uq",
    () => taken(under(prefix, [{ path: "email", message: fieldMessages.emailTaken }])),
    () => guardUnique("staff_phone_uq", () => taken(under(prefix, [{ path: "phoneNumber", message: fieldMessages.phoneTaken }])), write),
  );
const taken = (issues: FieldIssue[]) => new AppError("conflict", formInvalidMessage, issues);

/**
 * Creates one staff member in the caller's scope, checked like the form (places, posting, identity),
 * with their invitation written to the outbox (the caller nudges the sender once it commits). `then` adds what a
 * flavour of the create gives (the district administrator role); `prefix` puts the per-field issues
 * where the staff form sits in a bigger form (the LGEA portal's new administrator: "administrator.staff.").
 */
export async function createStaff(
  tx: Tx,
  deps: Deps,
  scope: StaffScope,
  actor: Actor,
  body: NewStaff,
  { then, prefix = "" }: { then?: (tx: Tx, row: StaffRow) => Promise<void>; prefix?: string } = {},
) {
  const badPlaces = placeIssues(body);
  if (badPlaces.length > 0) throw new AppError("validation", formInvalidMessage, under(prefix, badPlaces));
  const place = await districtOfScope(tx, scope);
  const badPosting = await postingIssues(tx, scope, body);
  if (badPosting.length > 0) throw new AppError("validation", formInvalidMessage, under(prefix, badPosting));
  await lockStaffNumbers(tx, place.stateId);
  const clashes = await identityIssues(tx, place.stateId, body);
  if (clashes.length > 0) throw taken(under(prefix, clashes));
  const [row] = await insertStaff(tx, scope, [{ ...body, email: body.email.toLowerCase() }]);
  if (!row) throw new Error("staff insert returned nothing");
  await recordAudit(tx, actor, "staff.create", row, null, auditView(row));
  await then?.(tx, row);
  await inviteAll(tx, deps, [row], place.name);
  return { row };
}

/**
 * The district's system role of this key (architecture 'Staff'), once the caller is checked against the
 * grant rule: they must hold every operation of it (super administrators and the owner may give any).
 */
export async function grantableSystemRole(tx: Tx, scope: StaffScope, actor: Actor, systemKey: SystemRoleKey) {
  const [found] = await tx
    .select()
    .from(role)
    .where(and(eq(role.systemKey, systemKey), eq(role.districtId, scope.districtId), withinDistrict(scope, role)));
  if (!found) throw new AppError("conflict", roleMessages.noAdminRole);
  assertCanGrant(actor, found.operations);
  return found;
}

/** Gives a staff member a role at an organisation of their district, with its audit row. */
export async function giveRole(tx: Tx, actor: Actor, values: typeof roleAccess.$inferInsert) {
  const [access] = await tx.insert(roleAccess).values(values).returning();
  if (!access) throw new Error("role access insert returned nothing");
  await recordAudit(tx, actor, "role.assign", { id: access.id, districtId: access.districtId }, null, access);
  return access;
}

const created = (row: StaffRow): StaffCreated => ({
  message: successNotices.staffCreated,
  staff: { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email },
});

export function staffCreateRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/staff/create",
      summary:
        "Add a staff member (spec §2 'Staff registration step one'): the staff form, staffType, and a posting (schoolId, lgeaId, or neither for the district office). They start as ResetPassword and get an invitation e-mail with a 6-digit code (72 hours). 201 StaffCreated; 409 with per-field issues when the e-mail, phone, oracle or staff number is taken",
      tag,
      access: requires("staff.create"),
      body: newStaffSchema,
    },
    async (c, { body }) => {
      const deps = c.get("deps");
      const result = await guardIdentity(() => deps.db.transaction((tx) => createStaff(tx, deps, inWorkedDistrict(c.get("scope")), c.get("actor"), body)));
      deps.mailer.nudge();
      return c.json(created(result.row), 201);
    },
  );

  route(
    {
      method: "POST",
      path: "/staff/register-district-admin",
      summary:
        "Add a staff member as /staff/create does and give them the district's administrator role at the district (spec §7). Only a caller who holds every operation of that role may (the grant rule), at district level. 201 StaffCreated",
      tag,
      access: requires("staff.create"),
      body: newStaffSchema,
    },
    async (c, { body }) => {
      const deps = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const actor = c.get("actor");
      if (!atDistrictLevel(scope)) throw forbidden();
      const giveAdminRole = async (tx: Tx, row: StaffRow) => {
        const adminRole = await grantableSystemRole(tx, scope, actor, "district-admin");
        await giveRole(tx, actor, {
          staffId: row.id,
          districtId: row.districtId,
          organizationType: "District",
          organizationId: row.districtId,
          roleId: adminRole.id,
        });
      };
      const result = await guardIdentity(() => deps.db.transaction((tx) => createStaff(tx, deps, scope, actor, body, { then: giveAdminRole })));
      deps.mailer.nudge();
      return c.json(created(result.row), 201);
    },
  );

  route(
    {
      method: "GET",
      path: "/staff/possible-duplicates",
      summary:
        "Staff in the caller's scope with the same first name, last name and date of birth, case and spaces ignored (architecture 'Staff': a warning before saving, not a block). Query: firstName, lastName, dob. { matches }",
      tag,
      access: requires("staff.create"),
      query: possibleDuplicatesQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      return c.json({ matches: await possibleDuplicates(db, c.get("scope"), query) } satisfies PossibleDuplicates);
    },
  );
}
