import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidParam } from "../../../lib/contract/fields";
import { formInvalidMessage } from "../../../lib/contract/messages";
import { assignSchoolRoleSchema, schoolFormSchema, schoolMessages, schoolUpdateSchema } from "../../../lib/contract/schools";
import { recordAudit } from "../../db/audit";
import type { Db } from "../../db/client";
import { school, schoolRole, staff } from "../../db/schema";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { normalizeName } from "../queries/roles";
import { findSchool, isSchoolNameTaken, lgeaFor, schoolDetail } from "../queries/schools";

const tag = "Schools";
const idParams = z.object({ id: uuidParam });
const nameTaken = () => new AppError("conflict", schoolMessages.nameTaken);
const stale = () => new AppError("conflict", schoolMessages.stale);
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A school's place: one of the district's local governments, which also names its LGEA. */
async function placeOf(db: Tx, districtId: string, localGovernment: string) {
  const area = await lgeaFor(db, districtId, localGovernment);
  if (!area) throw new AppError("validation", formInvalidMessage, [{ path: "localGovernment", message: schoolMessages.lgaNotInDistrict }]);
  return area;
}

/** Concurrent creates of one name: the unique index decides, and the loser gets the same 409. */
async function guardName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && /school_district_name_uq/.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`)) throw nameTaken();
    throw error;
  }
}

export function schoolRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/school/add",
      summary:
        "Add a school to the caller's district. Body: { name, description?, address, localGovernment (one of the district's), category }. 201 { school: SchoolDetail }",
      tag,
      access: requires("school.create"),
      body: schoolFormSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const created = await guardName(() =>
        db.transaction(async (tx) => {
          const area = await placeOf(tx, actor.districtId, body.localGovernment);
          const name = normalizeName(body.name);
          if (await isSchoolNameTaken(tx, actor.districtId, name)) throw nameTaken();
          const [row] = await tx
            .insert(school)
            .values({
              districtId: actor.districtId,
              lgeaId: area.id,
              name,
              description: body.description,
              address: body.address,
              localGovernment: area.localGovernment,
              category: body.category,
            })
            .returning();
          if (!row) throw new Error("school insert returned nothing");
          await recordAudit(tx, actor, "school.create", row, null, row);
          return row;
        }),
      );
      return c.json({ school: await schoolDetail(db, created) }, 201);
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
          const before = await findSchool(tx, actor, params.id);
          if (!before) throw notFound();
          if (before.version !== body.version) throw stale();
          const area = await placeOf(tx, before.districtId, body.localGovernment);
          const name = normalizeName(body.name);
          if (await isSchoolNameTaken(tx, before.districtId, name, before.id)) throw nameTaken();
          const [row] = await tx
            .update(school)
            .set({
              name,
              description: body.description,
              address: body.address,
              lgeaId: area.id,
              localGovernment: area.localGovernment,
              category: body.category,
              version: sql`${school.version} + 1`,
              updatedAt: new Date(),
            })
            .where(and(eq(school.id, before.id), eq(school.version, body.version)))
            .returning();
          if (!row) throw stale();
          await recordAudit(tx, actor, "school.update", row, before, row);
          return row;
        }),
      );
      return c.json({ school: await schoolDetail(db, updated) });
    },
  );

  route(
    {
      method: "POST",
      path: "/school/assign-role/:id",
      summary:
        "Give a staff member of the district a school role (Principal, Vice Principal, …). Body: { role, staffId }. 201 { school }; 409 when held already or the school has a Principal",
      tag,
      access: requires("school.update"),
      params: idParams,
      body: assignSchoolRoleSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor: Actor = c.get("actor");
      const row = await db.transaction(async (tx) => {
        const found = await findSchool(tx, actor, params.id);
        if (!found) throw notFound();
        const [person] = await tx
          .select({ id: staff.id })
          .from(staff)
          .where(and(eq(staff.id, body.staffId), eq(staff.districtId, found.districtId)));
        if (!person) throw notFound();
        const held = await tx.select({ staffId: schoolRole.staffId, role: schoolRole.role }).from(schoolRole).where(eq(schoolRole.schoolId, found.id));
        if (held.some((h) => h.role === body.role && h.staffId === person.id)) throw new AppError("conflict", schoolMessages.alreadyHeld);
        if (body.role === "Principal" && held.some((h) => h.role === "Principal")) throw new AppError("conflict", schoolMessages.onePrincipal);
        const [grant] = await tx
          .insert(schoolRole)
          .values({ districtId: found.districtId, schoolId: found.id, role: body.role, staffId: person.id })
          .returning();
        if (!grant) throw new Error("school role insert returned nothing");
        await recordAudit(tx, actor, "school.assign-role", { id: found.id, districtId: found.districtId }, null, {
          schoolRoleId: grant.id,
          role: body.role,
          staffId: person.id,
        });
        return found;
      });
      return c.json({ school: await schoolDetail(db, row) }, 201);
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
      const actor = c.get("actor");
      const row = await db.transaction(async (tx) => {
        const [grant] = await tx.select().from(schoolRole).where(eq(schoolRole.id, params.schoolRoleId));
        const found = grant && (await findSchool(tx, actor, grant.schoolId));
        if (!grant || !found) throw notFound();
        await tx.delete(schoolRole).where(eq(schoolRole.id, grant.id));
        await recordAudit(
          tx,
          actor,
          "school.unassign-role",
          { id: found.id, districtId: found.districtId },
          { schoolRoleId: grant.id, role: grant.role, staffId: grant.staffId },
          null,
        );
        return found;
      });
      return c.json({ message: schoolMessages.roleRemoved, school: await schoolDetail(db, row) });
    },
  );
}
