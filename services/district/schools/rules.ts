import { formInvalidMessage } from "../../../lib/contract/messages";
import { schoolCategories, schoolFormSchema, schoolMessages, type SchoolForm } from "../../../lib/contract/schools";
import type { Reader } from "../../db/client";
import { normalizeName } from "../../db/names";
import type { StaffScope } from "../../db/scope";
import { AppError } from "../../http/errors";
import { classLevelsAt } from "../classes/queries";
import { levelsOfSchool } from "../classes/rules";
import type { SchoolValues } from "./queries";

/** The places a school may lie in: the scope's LGEAs, by lower-cased local government. */
export type Places = Map<string, { id: string; localGovernment: string }>;

export const placesByLocalGovernment = (rows: { id: string; localGovernment: string }[]): Places =>
  new Map(rows.map((r) => [r.localGovernment.toLowerCase(), r]));

/** A school's identity in a file and in the district: its name, trimmed, single-spaced, any case. */
export const schoolKey = (name: string | undefined) => normalizeName(name ?? "").toLowerCase();

/**
 * The one school rule, for the form and every spreadsheet row: the school form's schema (category and
 * local government matched case-insensitively, then spelt properly), and a local government that is one
 * of the places in scope, which also names the school's LGEA.
 */
export function checkSchool(data: Partial<Record<keyof SchoolForm, string>>, places: Places): { value: SchoolValues } | { errors: Record<string, string> } {
  const category = schoolCategories.find((c) => c.toLowerCase() === (data.category ?? "").trim().toLowerCase()) ?? data.category;
  const result = schoolFormSchema.safeParse({ ...data, category });
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const area = places.get((data.localGovernment ?? "").trim().toLowerCase());
  if (!errors.localGovernment && !area) errors.localGovernment = schoolMessages.lgaNotInDistrict;
  if (!result.success || !area) return { errors };
  const { name, description, address, category: proper } = result.data;
  return { value: { name: normalizeName(name), description, address, category: proper, localGovernment: area.localGovernment, lgeaId: area.id } };
}

/** `checkSchool` for a single form: its errors become the API's per-field issues. */
export function schoolOrThrow(data: SchoolForm, places: Places): SchoolValues {
  const result = checkSchool({ ...data, description: data.description ?? "" }, places);
  if ("errors" in result)
    throw new AppError(
      "validation",
      formInvalidMessage,
      Object.entries(result.errors).map(([path, message]) => ({ path, message })),
    );
  return result.value;
}

/** A school's new category must still fit every class it has (the form and a spreadsheet's update alike). */
export async function assertCategoryKeepsClasses(db: Reader, scope: StaffScope, before: { id: string; category: string }, category: string) {
  if (category === before.category) return;
  const allowed = levelsOfSchool(category);
  if ((await classLevelsAt(db, scope, before.id)).some((level) => !allowed.includes(level)))
    throw new AppError("conflict", schoolMessages.categoryKeepsClasses, [{ path: "category", message: schoolMessages.categoryKeepsClasses }]);
}
