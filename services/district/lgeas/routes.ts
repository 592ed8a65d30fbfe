import type { FieldIssue } from "../../../lib/contract/errors";
import { lgeaMessages, lgeaSearchQuerySchema, newLgeaSchema, type AvailableLocalGovernments, type LgeaCreated, type NewLgea } from "../../../lib/contract/lgea";
import { formInvalidMessage, successNotices } from "../../../lib/contract/messages";
import { recordAudit } from "../../db/audit";
import type { Tx } from "../../db/client";
import { normalizeName } from "../../db/names";
import { atDistrictLevel, inWorkedDistrict, requestedDistrict, scopeInDistrict, type StaffScope } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor, Deps } from "../../http/context";
import { AppError, forbidden } from "../../http/errors";
import { createStaff, giveRole, grantableSystemRole, guardIdentity } from "../staff/create-routes";
import { administratorCandidate, attachSchools, insertLgea, isLgeaNameTaken, lgeaPage, stateOfDistrict, takenLocalGovernments } from "./queries";
import { lgasOfStatePortal, listedLocalGovernment } from "./rules";

const tag = "LGEA";
/** Where the new administrator's staff form sits in the LGEA creation form. */
const newAdministratorPrefix = "administrator.staff.";

const invalid = (issues: FieldIssue[]) => new AppError("validation", formInvalidMessage, issues);
const conflict = (issues: FieldIssue[]) => new AppError("conflict", formInvalidMessage, issues);
const nameTaken = () => conflict([{ path: "name", message: lgeaMessages.nameTaken }]);
const localGovernmentTaken = () => conflict([{ path: "localGovernment", message: lgeaMessages.localGovernmentTaken }]);

/** The scope of a district-level caller, placed in the district they work in (a super administrator's too). */
function districtScope(scope: StaffScope): StaffScope {
  if (!atDistrictLevel(scope)) throw forbidden();
  return inWorkedDistrict(scope);
}

/**
 * The LGEA portal and its administrator in one transaction (architecture 'LGEA portals'): the portal in
 * one of the state's LGAs not yet taken, the district's schools there without an LGEA attached to it,
 * the administrator (an existing staff member, or a new one posted at its office and invited), and their
 * LGEA administrator role there. The grant rule comes first: nothing is looked at for a caller who may
 * not give that role.
 */
async function createLgea(tx: Tx, deps: Deps, scope: StaffScope, actor: Actor, body: NewLgea) {
  const adminRole = await grantableSystemRole(tx, scope, actor, "lgea-admin");
  // A new administrator is a new staff account: that takes staff.create as well as lgea.create.
  if (body.administrator.kind === "new" && !actor.permissions.has("staff.create"))
    throw new AppError("forbidden", lgeaMessages.newAdministratorNeedsStaffCreate);
  const localGovernment = listedLocalGovernment(lgasOfStatePortal(await stateOfDistrict(tx, scope)), body.localGovernment);
  if (!localGovernment) throw invalid([{ path: "localGovernment", message: lgeaMessages.localGovernmentNotInState }]);
  const name = normalizeName(body.name);
  const clashes: FieldIssue[] = [];
  if (await isLgeaNameTaken(tx, scope, name)) clashes.push({ path: "name", message: lgeaMessages.nameTaken });
  if ((await takenLocalGovernments(tx, scope)).has(localGovernment.toLowerCase()))
    clashes.push({ path: "localGovernment", message: lgeaMessages.localGovernmentTaken });
  if (clashes.length > 0) throw conflict(clashes);

  const row = await insertLgea(tx, scope, { name, localGovernment, address: body.address, phoneNumbers: body.phoneNumbers, emails: body.emails });
  const schools = await attachSchools(tx, scope, row);
  await recordAudit(tx, actor, "lgea.create", row, null, { ...row, attachedSchoolIds: schools });

  const { administrator } = await (async () => {
    if (body.administrator.kind === "existing") {
      const found = await administratorCandidate(tx, scope, body.administrator.staffId);
      if (!found) throw invalid([{ path: "administrator.staffId", message: lgeaMessages.administratorNotInDistrict }]);
      return { administrator: found };
    }
    const posting = { ...body.administrator.staff, schoolId: null, lgeaId: row.id };
    const made = await createStaff(tx, deps, scope, actor, posting, { prefix: newAdministratorPrefix });
    return { administrator: made.row };
  })();
  await giveRole(tx, actor, { staffId: administrator.id, districtId: row.districtId, organizationType: "LGEA", organizationId: row.id, roleId: adminRole.id });
  const created: LgeaCreated = {
    message: successNotices.lgeaCreated,
    lgea: { id: row.id, name: row.name, localGovernment: row.localGovernment },
    administrator: {
      id: administrator.id,
      firstName: administrator.firstName,
      lastName: administrator.lastName,
      email: administrator.email,
      invited: body.administrator.kind === "new",
    },
  };
  return { created };
}

export function lgeaRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/lgea/search",
      summary:
        "The district's LGEA portals by name, a page at a time, each with its address, contacts, administrators (holders of the LGEA administrator role there, suspended accounts aside), and how many schools and staff (posted at its schools or its office) it has. Query: district[0]? (the caller's district when left out), limit? (1–1000, default 20), page? (from 1). { lgeas, total, page, limit }",
      tag,
      access: requires("lgea.view"),
      query: lgeaSearchQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const districtId = await requestedDistrict(db, scope, query["district[0]"]);
      return c.json(await lgeaPage(db, scopeInDistrict(scope, districtId), query.page, query.limit));
    },
  );

  route(
    {
      method: "GET",
      path: "/lgea/available-local-governments",
      summary:
        "The local governments of the district's state that have no LGEA portal in the district yet, by name (the creation page's choices), at district level. { localGovernments }",
      tag,
      access: requires("lgea.create"),
    },
    async (c) => {
      const { db } = c.get("deps");
      const scope = districtScope(c.get("scope"));
      const [stateName, taken] = await Promise.all([stateOfDistrict(db, scope), takenLocalGovernments(db, scope)]);
      const localGovernments = lgasOfStatePortal(stateName)
        .filter((lga) => !taken.has(lga.toLowerCase()))
        .sort((a, b) => a.localeCompare(b));
      return c.json({ localGovernments } satisfies AvailableLocalGovernments);
    },
  );

  route(
    {
      method: "POST",
      path: "/staff/register-lga-admin-on-district-portal",
      summary:
        "Create an LGEA portal with its administrator (spec §7), at district level, in one transaction: the portal (name, one of the state's local governments without a portal in the district, address, phoneNumbers, emails), the district's schools in that local government without an LGEA attached to it, and the administrator: { kind: 'existing', staffId } (an active staff member of the district) or { kind: 'new', staff } (created as POST /staff/create does, posted at the new LGEA's office, invited by e-mail; issues under administrator.staff.*), given the LGEA administrator role at the new LGEA. The grant rule applies (the caller must hold every operation of that role). 201 LgeaCreated; 400 for a local government outside the state or an administrator not in the district; 409 when the name or local government is taken",
      tag,
      access: requires("lgea.create"),
      body: newLgeaSchema,
    },
    async (c, { body }) => {
      const deps = c.get("deps");
      const scope = districtScope(c.get("scope"));
      const actor = c.get("actor");
      const write = () => deps.db.transaction((tx) => createLgea(tx, deps, scope, actor, body));
      // Two creates of one name or local government both pass the checks; the unique indexes stop the second with the same 409.
      const result = await guardUnique("lgea_district_name_uq", nameTaken, () =>
        guardUnique("lgea_district_local_government_uq", localGovernmentTaken, () => guardIdentity(write, newAdministratorPrefix)),
      );
      deps.mailer.nudge(); // the new administrator's invitation, written in the transaction
      return c.json(result.created, 201);
    },
  );
}
