import * as z from "zod/mini";
import { classMessages, className, classTypeFormSchema, classTypeUpdateSchema, type ClassTypeList } from "../../../lib/contract/classes";
import { uuidParam } from "../../../lib/contract/fields";
import { recordAudit } from "../../db/audit";
import { normalizeName } from "../../db/names";
import { classType } from "../../db/schema";
import { atDistrictLevel, inWorkedDistrict, scopeInDistrict, type StaffScope } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { updateVersioned } from "../../db/versioned";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, forbidden, notFound } from "../../http/errors";
import {
  categoriesUsingType,
  classTypeItem,
  classTypeOrNotFound,
  countClassesOfType,
  deleteClassType,
  insertClassType,
  isClassTypeNameTaken,
  listClassTypes,
  renameClassesOfType,
  renameClashes,
  toClassTypeItem,
} from "./class-type-queries";
import { issuesError, levelsOfSchool } from "./rules";

const tag = "Classes";
const idParams = z.object({ id: uuidParam });

/** The district the caller works in (a super administrator's too, not every district). */

/** Class types are the district's: staff working in an LGEA or a school read them and build classes on them, but do not change them. */
function assertDistrictLevel(scope: StaffScope) {
  if (!atDistrictLevel(scope)) throw forbidden();
}

const typeNameTaken = () => issuesError("conflict", [{ path: "name", message: classMessages.classTypeNameTaken }]);
/** Concurrent writes of one name both pass the check; the unique index stops the second with the same 409. */
const guardTypeName = <T>(write: () => Promise<T>) => guardUnique("class_type_district_name_uq", typeNameTaken, write);
/** A rename that gives a class the name of another class of its school (checked first; the index catches a race). */
const classNameClash = () => issuesError("conflict", [{ path: "name", message: classMessages.nameTaken }]);
const guardClassNames = <T>(write: () => Promise<T>) => guardUnique("school_class_school_name_uq", classNameClash, write);

export function classTypeRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/class-arm/list-of-class-types",
      summary:
        "The district's class types (the standard Nursery 1 to SSS 3 and its own), in position order then by name; `classes` counts the classes in the caller's scope that use each. ClassTypeList",
      tag,
      access: requires("class.view"),
    },
    async (c) => {
      const { db } = c.get("deps");
      return c.json({ classTypes: await listClassTypes(db, inWorkedDistrict(c.get("scope"))) } satisfies ClassTypeList);
    },
  );

  route(
    {
      method: "POST",
      path: "/class-arm/add-class-type",
      summary:
        "Add a class type of the district's own (district level only). Body: { name, level, position }. 201 { message, classType: ClassTypeItem }; 409 with the issue on `name` when the district has a class type of that name (case and spaces ignored)",
      tag,
      access: requires("class.create"),
      body: classTypeFormSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const actor = c.get("actor");
      assertDistrictLevel(scope);
      const created = await guardTypeName(() =>
        db.transaction(async (tx) => {
          const name = normalizeName(body.name);
          if (await isClassTypeNameTaken(tx, scope, name)) throw typeNameTaken();
          const row = await insertClassType(tx, scope, { name, level: body.level, position: body.position });
          await recordAudit(tx, actor, "class-type.create", row, null, row);
          return row;
        }),
      );
      return c.json({ message: classMessages.classTypeCreated, classType: toClassTypeItem(created, 0) }, 201);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/class-arm/update-class-type/:id",
      summary:
        "Change one of the district's own class types (district level only). Body: { name, level, position, version }. A new name renames its classes ('JSS 7A') in the same transaction; a level a school using it may not have is refused. { message, classType }; 409 when stale, standard, the name is taken, a renamed class's name is taken in its school, or the level does not fit a school",
      tag,
      access: requires("class.update"),
      params: idParams,
      body: classTypeUpdateSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      assertDistrictLevel(c.get("scope"));
      const updated = await guardTypeName(() =>
        guardClassNames(() =>
          db.transaction(async (tx) => {
            // Held for the transaction: a class being built on it waits, and then sees the new name and level.
            const before = await classTypeOrNotFound(tx, c.get("scope"), params.id, "update");
            const scope = scopeInDistrict(c.get("scope"), before.districtId);
            if (before.standard) throw new AppError("conflict", classMessages.standardTypeLocked);
            const name = normalizeName(body.name);
            const renamed = name !== before.name;
            const set = async () => {
              if (await isClassTypeNameTaken(tx, scope, name, before.id)) throw typeNameTaken();
              if (body.level !== before.level) {
                const categories = await categoriesUsingType(tx, scope, before.id);
                if (categories.some((category) => !levelsOfSchool(category).includes(body.level)))
                  throw issuesError("conflict", [{ path: "level", message: classMessages.levelNotInSchool }]);
              }
              if (renamed && (await renameClashes(tx, scope, before.id, (arm) => className(name, arm))).length > 0) throw classNameClash();
              return { name, level: body.level, position: body.position };
            };
            const row = await updateVersioned(tx, scope, actor, classType, before, {
              version: body.version,
              set,
              operation: "class-type.update",
              stale: classMessages.staleClassType,
            });
            if (renamed) {
              for (const change of await renameClassesOfType(tx, scope, row.id, row.name)) {
                await recordAudit(tx, actor, "class.update", change.after, change.before, change.after);
              }
            }
            return { row, scope };
          }),
        ),
      );
      return c.json({ message: classMessages.classTypeUpdated, classType: await classTypeItem(db, updated.scope, updated.row) });
    },
  );

  route(
    {
      method: "POST",
      path: "/class-arm/delete-class-type/:id",
      summary: "Delete one of the district's own class types that no class uses (district level only). { message }; 409 when standard or in use",
      tag,
      access: requires("class.update"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      assertDistrictLevel(c.get("scope"));
      await db.transaction(async (tx) => {
        // Held for the transaction: a class being built on it meanwhile either finishes first (and is counted) or finds it gone.
        const found = await classTypeOrNotFound(tx, c.get("scope"), params.id, "update");
        const scope = scopeInDistrict(c.get("scope"), found.districtId);
        if (found.standard) throw new AppError("conflict", classMessages.standardTypeLocked);
        if ((await countClassesOfType(tx, scope, found.id)) > 0) throw new AppError("conflict", classMessages.classTypeInUse);
        const deleted = await deleteClassType(tx, scope, found.id);
        if (!deleted) throw notFound();
        await recordAudit(tx, actor, "class-type.delete", deleted, deleted, null);
      });
      return c.json({ message: classMessages.classTypeDeleted });
    },
  );
}
