import { classMessages, standardSetSchema, type StandardSetReview } from "../../../lib/contract/classes";
import type * as z from "zod/mini";
import { recordAudit } from "../../db/audit";
import type { Tx } from "../../db/client";
import { inWorkedDistrict, type StaffScope } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError } from "../../http/errors";
import { schoolOrNotFound, type SchoolRow } from "../schools/queries";
import { classTypesByIds } from "./class-type-queries";
import { classNamesAt, insertClasses, nameKey } from "./queries";
import { standardSetPlan, standardSetTypesOrThrow } from "./rules";

const tag = "Classes";

type StandardSet = z.output<typeof standardSetSchema>;

/**
 * What a standard set makes of a school: one class per chosen class type and arm (the types the district's,
 * 404 otherwise, and of levels the school's category has, 400 otherwise), split into those to create and the
 * names the school already has. Read in the caller's transaction, the types held so they stay as read.
 */
async function planFor(tx: Tx, scope: StaffScope, body: StandardSet): Promise<{ at: SchoolRow; review: StandardSetReview }> {
  const at = await schoolOrNotFound(tx, scope, body.schoolId);
  const types = standardSetTypesOrThrow(body.classTypeIds, await classTypesByIds(tx, scope, [...new Set(body.classTypeIds)]), at);
  const plan = standardSetPlan(types, body.arms);
  const existing = await classNamesAt(
    tx,
    scope,
    at.id,
    plan.map((p) => nameKey(p.name)),
  );
  return {
    at,
    review: {
      create: plan.filter((p) => !existing.has(nameKey(p.name))),
      existing: plan.flatMap((p) => existing.get(nameKey(p.name)) ?? []),
    },
  };
}

export function standardSetRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/class/standard-set-review",
      summary:
        "What /class/add-standard-set would create for a school, nothing written. Body: { schoolId, classTypeIds, arms, capacity }. StandardSetReview: { create: { classTypeId, arm, name }[], existing: names the school has already (skipped) }",
      tag,
      access: requires("class.create"),
      body: standardSetSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const { review } = await db.transaction((tx) => planFor(tx, scope, body));
      return c.json(review satisfies StandardSetReview);
    },
  );

  route(
    {
      method: "POST",
      path: "/class/add-standard-set",
      summary:
        "Create a school's standard set: one class per chosen class type and arm that the school does not have yet, in one transaction. Body as /class/standard-set-review. 201 { message, created }; 409 when the school has all of them",
      tag,
      access: requires("class.create"),
      body: standardSetSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const actor = c.get("actor");
      const created = await guardUnique(
        "school_class_school_name_uq",
        () => new AppError("conflict", classMessages.nameTaken),
        () =>
          db.transaction(async (tx) => {
            const { at, review } = await planFor(tx, scope, body);
            if (review.create.length === 0) throw new AppError("conflict", classMessages.nothingToCreate);
            const rows = await insertClasses(
              tx,
              at.districtId,
              review.create.map((p) => ({ ...p, schoolId: at.id, classTeacherId: null, capacity: body.capacity })),
            );
            for (const row of rows) await recordAudit(tx, actor, "class.create", row, null, row);
            return rows.length;
          }),
      );
      return c.json({ message: classMessages.classesCreated, created }, 201);
    },
  );
}
