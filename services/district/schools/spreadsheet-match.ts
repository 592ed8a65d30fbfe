import { and, inArray, sql } from "drizzle-orm";
import { importMessages } from "../../../lib/contract/imports";
import { schoolMessages } from "../../../lib/contract/schools";
import { school } from "../../db/schema";
import { scopeInDistrict, within } from "../../db/scope";
import { updateVersioned } from "../../db/versioned";
import { AppError } from "../../http/errors";
import type { MatchDefinition } from "../../spreadsheet/entity";
import { isSchoolNameTaken, schoolOrNotFound, type SchoolValues } from "./queries";
import { assertCategoryKeepsClasses, type Places } from "./rules";

/** A school as the sheet writes it (the download's columns). */
export const schoolSheetCells = (r: { name: string; description: string | null; address: string | null; localGovernment: string; category: string }) => ({
  name: r.name,
  description: r.description ?? "",
  address: r.address ?? "",
  localGovernment: r.localGovernment,
  category: r.category,
});

/**
 * A row whose name a school in the uploader's scope has (names are unique in the district) is that school:
 * an update of its record (or unchanged), applied as PATCH /school/update/{id} applies the school form:
 * school.update, the scope, the version read at upload, a category that keeps the school's classes, and
 * an audit entry with before and after. A school outside the scope is not found here: its name stays taken.
 */
export const schoolMatch: MatchDefinition<Places, SchoolValues> = {
  operation: "school.update",
  keys: [0],
  find: async (db, scope, _key, values) => {
    const rows = await db
      .select()
      .from(school)
      .where(and(within(scope, school), inArray(sql`lower(btrim(${school.name}))`, values)));
    return rows.map((row) => ({ id: row.id, version: row.version, cells: schoolSheetCells(row) }));
  },
  comparable: ({ lgeaId: _lgea, ...value }) => value,
  update: async (tx, { id, version, value }, { scope: requestScope, actor, importId }) => {
    const before = await schoolOrNotFound(tx, requestScope, id);
    const scope = scopeInDistrict(requestScope, before.districtId);
    await updateVersioned(tx, scope, actor, school, before, {
      version,
      set: async () => {
        if (await isSchoolNameTaken(tx, scope, value.name, before.id)) throw new AppError("conflict", schoolMessages.nameTaken);
        await assertCategoryKeepsClasses(tx, scope, before, value.category);
        return value;
      },
      operation: "school.update",
      stale: importMessages.changedSinceUpload,
      // The entry names the import that made the change (the record's own importId is the one that created it).
      note: { byImportId: importId },
    });
  },
};
