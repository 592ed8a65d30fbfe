import { and, asc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import {
  districtAccountStatusSchema,
  requirementCompletionSchema,
  requirementCreateSchema,
  superAdminMessages,
  type DistrictStatusResult,
  type Requirement,
  type RequirementDeleted,
  type RequirementItem,
  type RequirementResult,
  type SuperAdminDistrict,
  type SuperAdminDistricts,
} from "../../../lib/contract/super-admin";
import { recordAudit } from "../../db/audit";
import { within } from "../../db/scope";
import { district, requirement, statePortal } from "../../db/schema";
import { superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";

const tag = "Super administration";
const idParams = z.object({ id: uuidParam });

type RequirementRow = typeof requirement.$inferSelect;

const toRequirement = (r: RequirementRow): Requirement => ({
  id: r.id,
  stateId: r.stateId,
  districtId: r.districtId,
  description: r.description,
  completed: r.completed,
});
const toItem = (r: RequirementRow): RequirementItem => ({ id: r.id, description: r.description, completed: r.completed });

/** Audit entries are filed under a district: the requirement's own, or for a state requirement the actor's. */
const auditRecord = (actor: Actor, r: RequirementRow) => ({ id: r.id, districtId: r.districtId ?? actor.districtId });

/**
 * Requirements are state-level checklists (architecture 'Missing requirements'): only super administrators create
 * them and mark them completed; district staff see them on the Missing requirements page through GET /auth/me.
 */
export function superAdminRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/super-admin/districts",
      summary:
        "Every district with its account status, state, and requirements: { districts: { id, name, accountStatus, state: { id, name }, requirements: { state, district } }[] }, by state then district name",
      tag,
      access: superAdminOnly,
    },
    async (c) => {
      const { db } = c.get("deps");
      const rows = await db
        .select({ id: district.id, name: district.name, accountStatus: district.accountStatus, stateId: statePortal.id, stateName: statePortal.name })
        .from(district)
        .innerJoin(statePortal, eq(statePortal.id, district.stateId))
        .where(within(c.get("scope"), district))
        .orderBy(asc(sql`lower(${statePortal.name})`), asc(statePortal.id), asc(sql`lower(${district.name})`), asc(district.id));
      const requirements = await db.select().from(requirement).orderBy(asc(requirement.createdAt), asc(requirement.id));
      const districts: SuperAdminDistrict[] = rows.map((d) => ({
        id: d.id,
        name: d.name,
        accountStatus: d.accountStatus,
        state: { id: d.stateId, name: d.stateName },
        requirements: {
          state: requirements.filter((r) => r.stateId === d.stateId && r.districtId === null).map(toItem),
          district: requirements.filter((r) => r.districtId === d.id).map(toItem),
        },
      }));
      return c.json({ districts } satisfies SuperAdminDistricts);
    },
  );

  route(
    {
      method: "POST",
      path: "/super-admin/requirements",
      summary:
        "Add a requirement. Body: { stateId, districtId?, description }; without districtId (or null) it is the state's, for all its districts. 201 { requirement }; 404 when the state is unknown or the district is not in it",
      tag,
      access: superAdminOnly,
      body: requirementCreateSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const created = await db.transaction(async (tx) => {
        const [state] = await tx.select({ id: statePortal.id }).from(statePortal).where(eq(statePortal.id, body.stateId));
        if (!state) throw notFound();
        const districtId = body.districtId ?? null;
        if (districtId) {
          const [found] = await tx
            .select({ id: district.id })
            .from(district)
            .where(and(and(eq(district.id, districtId), eq(district.stateId, state.id)), within(c.get("scope"), district)));
          if (!found) throw notFound();
        }
        const [row] = await tx.insert(requirement).values({ stateId: state.id, districtId, description: body.description }).returning();
        if (!row) throw new Error("requirement insert returned nothing");
        await recordAudit(tx, actor, "requirement.create", auditRecord(actor, row), null, toRequirement(row));
        return toRequirement(row);
      });
      return c.json({ requirement: created } satisfies RequirementResult, 201);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/super-admin/requirements/:id",
      summary: "Mark a requirement completed or not. Body: { completed }. { requirement }",
      tag,
      access: superAdminOnly,
      params: idParams,
      body: requirementCompletionSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(requirement).where(eq(requirement.id, params.id));
        if (!before) throw notFound();
        const [row] = await tx.update(requirement).set({ completed: body.completed }).where(eq(requirement.id, before.id)).returning();
        if (!row) throw notFound();
        await recordAudit(tx, actor, "requirement.update", auditRecord(actor, row), toRequirement(before), toRequirement(row));
        return toRequirement(row);
      });
      return c.json({ requirement: updated } satisfies RequirementResult);
    },
  );

  route(
    {
      method: "DELETE",
      path: "/super-admin/requirements/:id",
      summary: "Delete a requirement. { message: 'Requirement deleted' }",
      tag,
      access: superAdminOnly,
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(requirement).where(eq(requirement.id, params.id)).returning();
        if (!deleted) throw notFound();
        await recordAudit(tx, actor, "requirement.delete", auditRecord(actor, deleted), toRequirement(deleted), null);
      });
      return c.json({ message: superAdminMessages.requirementDeleted } satisfies RequirementDeleted);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/super-admin/districts/:id/account-status",
      summary:
        "Set a district's account status (Active, Unverified or Suspended); anything but Active shows its staff the Unverified page. Body: { accountStatus }. { district: { id, name, accountStatus } }",
      tag,
      access: superAdminOnly,
      params: idParams,
      body: districtAccountStatusSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const result = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ id: district.id, accountStatus: district.accountStatus, version: district.version })
          .from(district)
          .where(and(eq(district.id, params.id), within(c.get("scope"), district)));
        if (!before) throw notFound();
        const [row] = await tx
          .update(district)
          .set({ accountStatus: body.accountStatus, version: sql`${district.version} + 1`, updatedAt: new Date() })
          .where(and(eq(district.id, before.id), within(c.get("scope"), district)))
          .returning({ id: district.id, name: district.name, accountStatus: district.accountStatus, version: district.version });
        if (!row) throw notFound();
        await recordAudit(
          tx,
          actor,
          "district.accountStatus",
          { id: row.id, districtId: row.id },
          { accountStatus: before.accountStatus, version: before.version },
          { accountStatus: row.accountStatus, version: row.version },
        );
        return { id: row.id, name: row.name, accountStatus: row.accountStatus };
      });
      return c.json({ district: result } satisfies DistrictStatusResult);
    },
  );
}
