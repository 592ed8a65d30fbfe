import * as z from "zod/mini";
import { uuidParam, wholeNumber } from "../../../lib/contract/fields";
import { successNotices } from "../../../lib/contract/messages";
import {
  assignSchoolRoleSchema,
  schoolCategories,
  schoolFormSchema,
  schoolMessages,
  schoolRoleList,
  schoolSearchQuerySchema,
  schoolTotalQuerySchema,
  schoolUpdateSchema,
} from "../../../lib/contract/schools";
import { recordAudit } from "../../db/audit";
import { school } from "../../db/schema";
import { inWorkedDistrict, requestedDistrict, scopeInDistrict } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { updateVersioned } from "../../db/versioned";
import { requires } from "../../http/access";
import type { Context } from "hono";
import type { Api } from "../../http/api";
import type { ApiEnv } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { mountSpreadsheetRoutes } from "../../spreadsheet/routes";
import { findStaff } from "../staff/queries";
import {
  deleteSchoolRole,
  findSchool,
  findSchoolRole,
  insertSchool,
  insertSchoolRole,
  isSchoolNameTaken,
  placesInScope,
  schoolDetail,
  schoolOrNotFound,
  schoolInformation,
  schoolRolesAt,
  schoolsByName,
  searchSchools,
  countSchools,
} from "./queries";
import { assertCategoryKeepsClasses, placesByLocalGovernment, schoolOrThrow } from "./rules";
import { schoolEntity } from "./spreadsheet";

const tag = "Schools";

/** The caller's scope placed in the district a list call asks about (`district` or `district[0]`; 404 for one not theirs). */
async function listScope(c: Context<ApiEnv>, query: { district?: string; "district[0]"?: string }) {
  const scope = c.get("scope");
  return scopeInDistrict(scope, await requestedDistrict(c.get("deps").db, scope, query.district ?? query["district[0]"]));
}
const idParams = z.object({ id: uuidParam });
const nameTaken = () => new AppError("conflict", schoolMessages.nameTaken);
/** Concurrent writes of one name both pass the check; the unique index stops the second with the same 409. */
const guardName = <T>(write: () => Promise<T>) => guardUnique("school_district_name_uq", nameTaken, write);

export function schoolRoutes(api: Api) {
  const { route } = api;

  route({ method: "GET", path: "/school/category-list", summary: "The school categories: { categories }", tag, access: requires("school.view") }, (c) =>
    c.json({ categories: schoolCategories }),
  );
  route(
    {
      method: "GET",
      path: "/school/school-role-list",
      summary: "The roles a school's staff can hold (Principal, Vice Principal, …): { roles }",
      tag,
      access: requires("school.view"),
    },
    (c) => c.json({ roles: schoolRoleList }),
  );

  route(
    {
      method: "GET",
      path: "/school/local-government-list",
      summary: "The local governments a school in the caller's scope may be in (those of its LGEAs), by name: { localGovernments }",
      tag,
      access: requires("school.view"),
    },
    async (c) => {
      const places = await placesInScope(c.get("deps").db, c.get("scope"));
      return c.json({ localGovernments: [...new Set(places.map((p) => p.localGovernment))] });
    },
  );

  route(
    {
      method: "GET",
      path: "/school/search",
      summary:
        "The district's schools by name, a page at a time. Query: district (or district[0]; the caller's when left out), searchTerm (name, description or address), localGovernment, schoolCategory, limit (default 12), page. { foundSchools, page, limit } (the total is school/search-total's, asked once per filter)",
      tag,
      access: requires("school.view"),
      query: schoolSearchQuerySchema,
    },
    async (c, { query }) => c.json(await searchSchools(c.get("deps").db, await listScope(c, query), query)),
  );

  route(
    {
      method: "GET",
      path: "/school/search-total",
      summary: "How many schools school/search finds with these filters (district, searchTerm, localGovernment, schoolCategory): { total }",
      tag,
      access: requires("school.view"),
      query: schoolTotalQuerySchema,
    },
    async (c, { query }) => c.json(await countSchools(c.get("deps").db, await listScope(c, query), query)),
  );

  route(
    {
      method: "GET",
      path: "/school/get-by-district/:id",
      summary: "Every school of a district by name (limit, default 1000): { schools }",
      tag,
      access: requires("school.view"),
      params: idParams,
      query: z.object({ limit: z._default(wholeNumber("Limit must be a whole number from 1 to 100,000.", 1, 100_000), 1000) }),
    },
    async (c, { params, query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const districtId = await requestedDistrict(db, scope, params.id);
      return c.json({ schools: await schoolsByName(db, scopeInDistrict(scope, districtId), query.limit) });
    },
  );

  route(
    {
      method: "GET",
      path: "/school/view/:id",
      summary: "A school with its LGEA and school roles: { school: SchoolDetail }",
      tag,
      access: requires("school.view"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      return c.json({ school: await schoolDetail(db, scope, await schoolOrNotFound(db, scope, params.id)) });
    },
  );

  route(
    {
      method: "GET",
      path: "/school/get-school-information/:id",
      summary: "A school's figures for its info dialog: category, principal, vice principal, staff and student counts (spec §3 'School info')",
      tag,
      access: requires("school.view"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      return c.json(await schoolInformation(db, scope, await schoolOrNotFound(db, scope, params.id)));
    },
  );

  route(
    {
      method: "POST",
      path: "/school/add",
      summary:
        "Add a school to the caller's district. Body: { name, description?, address, localGovernment (one of those in the caller's scope), category }. 201 { school: SchoolDetail }",
      tag,
      access: requires("school.create"),
      body: schoolFormSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const actor = c.get("actor");
      const created = await guardName(() =>
        db.transaction(async (tx) => {
          const values = schoolOrThrow(body, placesByLocalGovernment(await placesInScope(tx, scope)));
          if (await isSchoolNameTaken(tx, scope, values.name)) throw nameTaken();
          const row = await insertSchool(tx, scope, values);
          await recordAudit(tx, actor, "school.create", row, null, row);
          return row;
        }),
      );
      return c.json({ school: await schoolDetail(db, scope, created) }, 201);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/school/update/:id",
      summary: "Change a school. Body: the school form and the version it was read at. { school }; 409 when stale or the name is taken",
      tag,
      access: requires("school.update"),
      params: idParams,
      body: schoolUpdateSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const updated = await guardName(() =>
        db.transaction(async (tx) => {
          const before = await schoolOrNotFound(tx, c.get("scope"), params.id);
          const scope = scopeInDistrict(c.get("scope"), before.districtId);
          const set = async () => {
            const values = schoolOrThrow(body, placesByLocalGovernment(await placesInScope(tx, scope)));
            if (await isSchoolNameTaken(tx, scope, values.name, before.id)) throw nameTaken();
            await assertCategoryKeepsClasses(tx, scope, before, values.category);
            return values;
          };
          return updateVersioned(tx, scope, actor, school, before, { version: body.version, set, operation: "school.update", stale: schoolMessages.stale });
        }),
      );
      return c.json({ school: await schoolDetail(db, c.get("scope"), updated) });
    },
  );

  route(
    {
      method: "POST",
      path: "/school/assign-role/:id",
      summary:
        "Give a staff member in the caller's scope a school role (Principal, Vice Principal, …). Body: { role, staffId }. 201 { school }; 409 when held already or the school has a Principal",
      tag,
      access: requires("school.update"),
      params: idParams,
      body: assignSchoolRoleSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const row = await db.transaction(async (tx) => {
        const found = await schoolOrNotFound(tx, c.get("scope"), params.id);
        const scope = scopeInDistrict(c.get("scope"), found.districtId);
        const person = await findStaff(tx, scope, body.staffId);
        if (!person) throw notFound();
        const held = await schoolRolesAt(tx, scope, found.id);
        if (held.some((h) => h.role === body.role && h.staffId === person.id)) throw new AppError("conflict", schoolMessages.alreadyHeld);
        if (body.role === "Principal" && held.some((h) => h.role === "Principal")) throw new AppError("conflict", schoolMessages.onePrincipal);
        const grant = await insertSchoolRole(tx, { districtId: found.districtId, schoolId: found.id, role: body.role, staffId: person.id });
        await recordAudit(tx, actor, "school.assign-role", { id: found.id, districtId: found.districtId }, null, {
          schoolRoleId: grant.id,
          role: body.role,
          staffId: person.id,
        });
        return found;
      });
      return c.json({ school: await schoolDetail(db, c.get("scope"), row) }, 201);
    },
  );

  route(
    {
      method: "POST",
      path: "/school/unassign-role/:schoolRoleId",
      summary: "Take a school role away. { message, school }",
      tag,
      access: requires("school.update"),
      params: z.object({ schoolRoleId: uuidParam }),
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      const row = await db.transaction(async (tx) => {
        const grant = await findSchoolRole(tx, scope, params.schoolRoleId);
        const found = grant && (await findSchool(tx, scope, grant.schoolId));
        if (!grant || !found) throw notFound();
        await deleteSchoolRole(tx, scope, grant.id);
        const removed = { schoolRoleId: grant.id, role: grant.role, staffId: grant.staffId };
        await recordAudit(tx, actor, "school.unassign-role", { id: found.id, districtId: found.districtId }, removed, null);
        return found;
      });
      return c.json({ message: schoolMessages.roleRemoved, school: await schoolDetail(db, scope, row) });
    },
  );

  mountSpreadsheetRoutes(api, {
    entity: schoolEntity,
    tag,
    base: "/school",
    upload: { path: "/school/upload-multiple", operation: "school.upload" },
    confirm: { path: "/school/create-multiple-schools", successMessage: successNotices.schoolsUploaded },
    download: { operation: "school.download" },
    fileStem: "schools",
  });
}
