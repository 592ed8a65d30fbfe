import type * as z from "zod/mini";
import { classMessages, className, levelsOfCategory, type classFormSchema, type ClassLevel } from "../../../lib/contract/classes";
import type { FieldIssue } from "../../../lib/contract/errors";
import { formInvalidMessage } from "../../../lib/contract/messages";
import type { SchoolCategory } from "../../../lib/contract/schools";
import type { Reader } from "../../db/client";
import type { StaffScope } from "../../db/scope";
import { AppError, notFound } from "../../http/errors";
import { schoolOrNotFound, type SchoolRow } from "../schools/queries";
import { classTypeOrNotFound, type ClassTypeRow } from "./class-type-queries";
import { classNamesAt, isPostedAt, nameKey, type ClassValues } from "./queries";

/** The levels a school of this category may have classes at (none for a category the product does not know). */
export const levelsOfSchool = (category: string): readonly ClassLevel[] => levelsOfCategory[category as SchoolCategory] ?? [];

/** Whether a school of this category may have classes of this type. */
export const typeFitsSchool = (type: Pick<ClassTypeRow, "level">, category: string) => levelsOfSchool(category).includes(type.level);

/** A class's parsed form, after the schema: what the rules check. */
type ClassInput = z.output<typeof classFormSchema>;

/** Per-field issues as one answer: the issue's own message when there is one, the form's message when there are several. */
export function issuesError(code: "validation" | "conflict", issues: FieldIssue[]): AppError {
  return new AppError(code, issues.length === 1 ? (issues[0]?.message ?? formInvalidMessage) : formInvalidMessage, issues);
}

/** 409 on the arm: the school has a class of this name already. */
export const classNameTaken = () => issuesError("conflict", [{ path: "arm", message: classMessages.nameTaken }]);

/**
 * What a class must be beyond its schema, for the form (add and update): the class type's level is one the
 * school's category has (`classTypeId`), and the class teacher, if any, is posted at that school (`classTeacherId`).
 */
export async function classIssues(
  db: Reader,
  scope: StaffScope,
  at: SchoolRow,
  type: ClassTypeRow,
  classTeacherId: string | null,
  before?: Pick<ClassValues, "schoolId" | "classTypeId" | "classTeacherId">,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  // An edit checks what it changes: a class whose school changed category since, or whose teacher was
  // posted away, still takes a new capacity or arm.
  const sameSchool = before?.schoolId === at.id;
  const typeChanged = !sameSchool || before?.classTypeId !== type.id;
  const teacherChanged = !sameSchool || before?.classTeacherId !== classTeacherId;
  if (typeChanged && !typeFitsSchool(type, at.category)) issues.push({ path: "classTypeId", message: classMessages.levelNotInSchool });
  if (teacherChanged && classTeacherId && !(await isPostedAt(db, scope, classTeacherId, at.id)))
    issues.push({ path: "classTeacherId", message: classMessages.teacherNotAtSchool });
  return issues;
}

/**
 * A class form checked in full, in the caller's transaction: the school in the scope (404 otherwise, as for
 * any id the caller cannot reach), the district's class type (404 otherwise; held so it is not renamed or
 * deleted meanwhile), the rules above (400), and a derived name the school does not have yet (409 on `arm`).
 * `before` is the class being changed.
 */
export async function classValuesOrThrow(
  db: Reader,
  scope: StaffScope,
  form: ClassInput,
  before?: ClassValues & { id: string },
): Promise<{ values: ClassValues; at: SchoolRow }> {
  const at = await schoolOrNotFound(db, scope, form.schoolId);
  const type = await classTypeOrNotFound(db, scope, form.classTypeId, "share");
  const issues = await classIssues(db, scope, at, type, form.classTeacherId, before);
  if (issues.length > 0) throw issuesError("validation", issues);
  const name = className(type.name, form.arm);
  if ((await classNamesAt(db, scope, at.id, [nameKey(name)], before?.id)).size > 0) throw classNameTaken();
  return { at, values: { schoolId: at.id, classTypeId: type.id, arm: form.arm, name, classTeacherId: form.classTeacherId, capacity: form.capacity } };
}

/** One class to create per chosen class type and arm, in the types' order (each arm once, whatever its case). */
export function standardSetPlan(types: ClassTypeRow[], arms: string[]) {
  const distinctArms = [...new Map(arms.map((a) => [a.toLowerCase(), a])).values()];
  return types.flatMap((t) => distinctArms.map((arm) => ({ classTypeId: t.id, arm, name: className(t.name, arm) })));
}

/** The class types of a standard set: every id the district's (404 otherwise), every level one the school's category has (400 on `classTypeIds`). */
export function standardSetTypesOrThrow(ids: string[], found: ClassTypeRow[], at: SchoolRow): ClassTypeRow[] {
  if (found.length !== new Set(ids).size) throw notFound();
  if (found.some((t) => !typeFitsSchool(t, at.category))) throw issuesError("validation", [{ path: "classTypeIds", message: classMessages.levelNotInSchool }]);
  return found;
}
