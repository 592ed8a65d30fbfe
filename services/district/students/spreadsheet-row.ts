import type * as z from "zod/mini";
import { staffRegisterMessages } from "../../../lib/contract/staff";
import { newStudentSchema, studentMessages, type NewStudent } from "../../../lib/contract/students";
import { DEFAULT_COUNTRY } from "../../db/reference/nigeria";
import { nameKey } from "../classes/queries";
import { spelledAsListed } from "../reference/places";
import { schoolKey } from "../schools/rules";
import { studentPlaceIssues } from "./rules";
import { isoDay, spellGender, spellRelationship, spellSpecialNeeds, splitPhone } from "./spreadsheet-cells";
import { SCHOOL_CLASS_SEPARATOR, type ColumnKey, type SheetContext } from "./spreadsheet-columns";

/** Checking a row of the student sheet: its cells read as typed (spreadsheet-cells.ts), then the student form's schema and rules. */

type SpeltPlaces = Pick<NewStudent, "stateOfOrigin" | "localGovernmentOfOrigin" | "stateOfResidence" | "localGovernmentOfResidence">;
/**
 * The places of a row spelt as the lists spell them, with their issues. A file names the same few places
 * over and over: each combination is worked out once (the cache is emptied when it grows large).
 */
const placesSeen = new Map<string, { places: SpeltPlaces; issues: { path: string; message: string }[] }>();
function placesOf(typed: SpeltPlaces) {
  const key = `${typed.stateOfOrigin}\n${typed.localGovernmentOfOrigin}\n${typed.stateOfResidence}\n${typed.localGovernmentOfResidence}`;
  const seen = placesSeen.get(key);
  if (seen) return seen;
  const {
    countryOfOrigin: _o,
    countryOfResidence: _r,
    ...places
  } = spelledAsListed({ ...typed, countryOfOrigin: DEFAULT_COUNTRY, countryOfResidence: DEFAULT_COUNTRY });
  const found = { places, issues: studentPlaceIssues(places) };
  if (placesSeen.size >= 10_000) placesSeen.clear();
  placesSeen.set(key, found);
  return found;
}

/** The schema names a few fields that the sheet holds in another column. */
const columnOf = (path: PropertyKey | undefined) =>
  ({ schoolId: "school", classId: "class", guardianPhoneCode: "guardianPhone" })[String(path)] ?? String(path);

/** An optional choice is a union ('' or one of the list): its message is the list's alternative's (the last). */
const messageOf = (issue: z.core.$ZodIssue) => (issue.code === "invalid_union" ? (issue.errors.at(-1)?.[0]?.message ?? issue.message) : issue.message);

/** The school of the row: by name in scope; a caller who reaches one school only may leave it empty. */
function schoolOf(cell: string, context: SheetContext): { id: string; name: string } | { error: string } {
  if (!cell) {
    const [only, ...others] = context.schools.values();
    return only && others.length === 0 ? only : { error: studentMessages.schoolRequired };
  }
  return context.schools.get(schoolKey(cell)) ?? { error: staffRegisterMessages.schoolUnknown };
}

/** The class of the row: by name at its school ('JSS 1A', or 'School — JSS 1A' as the allowed values write it); empty is none. */
function classOf(cell: string, school: { id: string; name: string }, context: SheetContext): { id: string | null } | { error: string } {
  if (!cell) return { id: null };
  const dash = SCHOOL_CLASS_SEPARATOR.trim();
  const at = cell.lastIndexOf(dash);
  // 'School — Class' names the row's school, or it is a class of another school.
  if (at >= 0 && schoolKey(cell.slice(0, at)) !== schoolKey(school.name)) return { error: studentMessages.classNotInSchool };
  const found = context.classes.get(`${school.id} ${nameKey(at >= 0 ? cell.slice(at + dash.length) : cell)}`);
  return found ? { id: found.id } : { error: studentMessages.classNotInSchool };
}

/**
 * A row of the sheet checked as the student form is (its schema and messages, the places rule, a school
 * in scope and a class of that school), with forgiving spellings and the form's defaults for empty cells.
 */
export function checkStudentRow(data: Record<string, string>, context: SheetContext): { value: NewStudent } | { errors: Record<string, string> } {
  const text = (key: ColumnKey) => (data[key] ?? "").trim();
  const school = schoolOf(text("school"), context);
  const ofClass = "error" in school ? { id: null } : classOf(text("class"), school, context);
  const phone = splitPhone(text("guardianPhone"));
  const { places, issues: placeIssues } = placesOf({
    stateOfOrigin: text("stateOfOrigin"),
    localGovernmentOfOrigin: text("localGovernmentOfOrigin"),
    stateOfResidence: text("stateOfResidence"),
    localGovernmentOfResidence: text("localGovernmentOfResidence"),
  });
  const result = newStudentSchema.safeParse({
    admissionNumber: text("admissionNumber"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    middleName: text("middleName"),
    gender: spellGender(text("gender")),
    dob: isoDay(text("dob")),
    schoolId: "error" in school ? "" : school.id,
    classId: "error" in ofClass ? null : ofClass.id,
    dateOfAdmission: isoDay(text("dateOfAdmission")),
    ...places,
    address: text("address"),
    guardianName: text("guardianName"),
    guardianRelationship: spellRelationship(text("guardianRelationship")),
    guardianPhoneCode: phone.code,
    guardianPhone: phone.number,
    guardianEmail: text("guardianEmail"),
    specialNeeds: text("specialNeeds") ? spellSpecialNeeds(text("specialNeeds")) : "None",
  });
  const errors: Record<string, string> = {};
  if ("error" in school) errors.school = school.error;
  if ("error" in ofClass) errors.class = ofClass.error;
  if (!result.success) for (const issue of result.error.issues) errors[columnOf(issue.path[0])] ??= messageOf(issue);
  for (const issue of placeIssues) errors[issue.path] ??= issue.message;
  if (!result.success || Object.keys(errors).length > 0) return { errors };
  return { value: result.data };
}
