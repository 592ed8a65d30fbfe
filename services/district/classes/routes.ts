import * as z from "zod/mini";
import { classFormSchema, classListQuerySchema, classMessages, classUpdateSchema } from "../../../lib/contract/classes";
import { uuidParam } from "../../../lib/contract/fields";
import { recordAudit } from "../../db/audit";
import { schoolClass } from "../../db/schema";
import { inWorkedDistrict, scopeInDistrict } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { updateVersioned } from "../../db/versioned";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { schoolOrNotFound } from "../schools/queries";
import { classTypeRoutes } from "./class-type-routes";
import { classItem, listClasses } from "./class-list";
import { classTypeOrNotFound } from "./class-type-queries";
import { classOrNotFound, insertClasses, pupilsIn } from "./queries";
import { classNameTaken, classValuesOrThrow, issuesError } from "./rules";
import { standardSetRoutes } from "./standard-set";

const tag = "Classes";
const idParams = z.object({ id: uuidParam });

/** The district the caller works in (a super administrator's too, not every district): where lists look and new classes go. */

/** Concurrent writes of one name in a school both pass the check; the unique index stops the second with the same 409. */
const guardClassName = <T>(write: () => Promise<T>) => guardUnique("school_class_school_name_uq", classNameTaken, write);

/** Classes and class types (architecture 'Classes'): the class routes, the class-type routes and the standard set. */
export function classRoutes(api: Api) {
  const { route } = api;
  classTypeRoutes(api);

  route(
    {
      method: "GET",
      path: "/class/view-all",
      summary:
        "The classes in the caller's scope (an LGEA's schools' for its staff), by school name, class type order and arm. Query: school?, classType? (404 when outside the scope), limit (default 100), page. ClassPage: { classes: ClassItem[], total, page, limit }",
      tag,
      access: requires("class.view"),
      query: classListQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      // A school or class type out of reach is no filter of the caller's: 404, as for any record they cannot reach.
      if (query.school) await schoolOrNotFound(db, scope, query.school);
      if (query.classType) await classTypeOrNotFound(db, scope, query.classType);
      return c.json(await listClasses(db, scope, { ...query, school: query.school || undefined, classType: query.classType || undefined }));
    },
  );

  route(
    {
      method: "GET",
      path: "/class/view/:id",
      summary: "One class in the caller's scope: ClassItem (404 outside it)",
      tag,
      access: requires("class.view"),
      params: idParams,
    },
    async (c, { params }) => c.json(await classItem(c.get("deps").db, c.get("scope"), params.id)),
  );

  route(
    {
      method: "POST",
      path: "/class/add",
      summary:
        "Add a class: school × class type × arm, its name derived ('JSS 2B'). Body: { schoolId (in the caller's scope, 404 otherwise), classTypeId (the district's, 404 otherwise), arm, classTeacherId? (posted at that school), capacity }. 201 { message, class: ClassItem }; 400 with the issue on classTypeId (level not in the school's category) or classTeacherId; 409 on arm when the school has the name",
      tag,
      access: requires("class.create"),
      body: classFormSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const actor = c.get("actor");
      const created = await guardClassName(() =>
        db.transaction(async (tx) => {
          const { values, at } = await classValuesOrThrow(tx, scope, body);
          const [row] = await insertClasses(tx, at.districtId, [values]);
          if (!row) throw new Error("class insert returned nothing");
          await recordAudit(tx, actor, "class.create", row, null, row);
          return row;
        }),
      );
      return c.json({ message: classMessages.classCreated, class: await classItem(db, scope, created.id) }, 201);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/class/update/:id",
      summary:
        "Change a class. Body: the class form and the version it was read at; the same rules as /class/add, and a class with pupils stays in its school. { message, class: ClassItem }; 409 when stale, when the name is taken or when a class with pupils would move",
      tag,
      access: requires("class.update"),
      params: idParams,
      body: classUpdateSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const updated = await guardClassName(() =>
        db.transaction(async (tx) => {
          const before = await classOrNotFound(tx, c.get("scope"), params.id, "update");
          const scope = scopeInDistrict(c.get("scope"), before.districtId);
          const set = async () => {
            const { values } = await classValuesOrThrow(tx, scope, body, before);
            if (values.schoolId !== before.schoolId && (await pupilsIn(tx, scope, before.id)) > 0)
              throw issuesError("conflict", [{ path: "schoolId", message: classMessages.movedWithPupils }]);
            return values;
          };
          return updateVersioned(tx, scope, actor, schoolClass, before, {
            version: body.version,
            set,
            operation: "class.update",
            stale: classMessages.staleClass,
          });
        }),
      );
      return c.json({ message: classMessages.classUpdated, class: await classItem(db, c.get("scope"), updated.id) });
    },
  );

  standardSetRoutes(api);
}
