import { and, eq } from "drizzle-orm";
import type { FieldIssue } from "../../../lib/contract/errors";
import { formInvalidMessage } from "../../../lib/contract/messages";
import { studentMessages, type NewStudent } from "../../../lib/contract/students";
import type { Reader } from "../../db/client";
import { DEFAULT_COUNTRY } from "../../db/reference/nigeria";
import { school, schoolClass } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { AppError, notFound } from "../../http/errors";
import { placeIssues } from "../reference/places";
import { isAdmissionNumberTaken } from "./records";

// What adding, updating and uploading pupils check beyond the schema (README 'Adding a resource', step 4).

type StudentPlaces = Pick<NewStudent, "stateOfOrigin" | "localGovernmentOfOrigin" | "stateOfResidence" | "localGovernmentOfResidence">;

/** A pupil's places are Nigerian: real states, and LGAs that lie in them (as staff's are), per field. */
export const studentPlaceIssues = (places: StudentPlaces): FieldIssue[] =>
  placeIssues({ ...places, countryOfOrigin: DEFAULT_COUNTRY, countryOfResidence: DEFAULT_COUNTRY });

/** A class named for a pupil must be one of their school's (the class as found in the scope, or undefined). */
export const classIssue = (found: { schoolId: string } | undefined, schoolId: string): FieldIssue[] =>
  found && found.schoolId !== schoolId ? [{ path: "classId", message: studentMessages.classNotInSchool }] : [];

/**
 * The school and class of the form: the school must be in the caller's scope and the class (when named)
 * too, both 404 otherwise as any record outside the scope; a class of another school is the form's
 * mistake, on its field. With the places' issues, any issue refuses the form (400).
 */
export async function assertStudentPlacement(db: Reader, scope: StaffScope, body: StudentPlaces & { schoolId: string; classId: string | null }) {
  const [found] = await db
    .select({ id: school.id })
    .from(school)
    .where(and(eq(school.id, body.schoolId), within(scope, school)));
  if (!found) throw notFound();
  let ofClass: { schoolId: string } | undefined;
  if (body.classId) {
    [ofClass] = await db
      .select({ schoolId: schoolClass.schoolId })
      .from(schoolClass)
      .where(and(eq(schoolClass.id, body.classId), within(scope, schoolClass)));
    if (!ofClass) throw notFound();
  }
  const issues = [...studentPlaceIssues(body), ...classIssue(ofClass, body.schoolId)];
  if (issues.length > 0) throw new AppError("validation", formInvalidMessage, issues);
}

/** 409 for an admission number another pupil of the district has, on the form's field. */
export const admissionNumberTaken = () =>
  new AppError("conflict", studentMessages.admissionNumberTaken, [{ path: "admissionNumber", message: studentMessages.admissionNumberTaken }]);

/** An admission number must be free in the district (case and spaces ignored), whoever may see the pupil who has it. */
export async function assertAdmissionNumberFree(db: Reader, scope: StaffScope, admissionNumber: string, exceptId?: string) {
  if (await isAdmissionNumberTaken(db, scope, admissionNumber, exceptId)) throw admissionNumberTaken();
}

/** Two writes of one admission number both pass the check; the district's unique index stops the second with the check's answer. */
export const guardAdmissionNumber = <T>(write: () => Promise<T>) => guardUnique("student_admission_uq", admissionNumberTaken, write);
