import * as z from "zod/mini";
import { calendarDay } from "./days";
import {
  emailField,
  genderField,
  nameField,
  optionalId,
  optionalText,
  phoneField,
  requiredText,
  text,
  uuidParam,
  versionField,
  wholeNumber,
  withinPagingDepth,
  speltChoice,
} from "./fields";
import { spellRelationship, spellSpecialNeeds } from "./local-formats";
import { fieldMessages as m } from "./messages";
import { genderEnum, staffMessages, todayInLagos } from "./staff-values";
import { enrolmentStatuses, guardianRelationships, specialNeedsOptions, studentMessages, type EnrolmentStatus, type SpecialNeeds } from "./students-values";
import { accountStatuses, type AccountStatus, type Location } from "./user";

export * from "./students-values";

const notFuture = (message: string) => calendarDay.check(z.refine((v) => v <= todayInLagos(), message));
const requiredDay = (message: string) =>
  z.pipe(z.string({ error: m.required }).check(z.trim(), z.minLength(1, { error: m.required, abort: true })), notFuture(message));

/** An admission number: left empty, the API gives the next one of the district's pattern. */
const admissionNumberField = z.pipe(
  z.nullish(text(50).check(z.regex(/^[A-Za-z0-9/_.-]*$/, studentMessages.admissionNumberFormat))),
  z.transform((v) => v || null),
);

/** No admission before birth: across fields, so it is checked on the whole form. */
const admittedAfterBirth = z.superRefine((v: { dob: string; dateOfAdmission: string }, ctx) => {
  if (v.dob && v.dateOfAdmission && v.dateOfAdmission < v.dob)
    ctx.addIssue({ code: "custom", path: ["dateOfAdmission"], message: studentMessages.admissionBeforeBirth, input: v.dateOfAdmission });
});

/**
 * The student form (architecture 'Students'), shared by POST /student/add, PATCH /student/update/{id}
 * and a row of the student upload: the spec's rules for names, dates, state and LGA; the guardian's
 * phone is +234 (or another code) and 10 digits.
 */
export const studentDetailsSchema = z.object({
  admissionNumber: admissionNumberField,
  firstName: nameField,
  lastName: nameField,
  middleName: optionalText(100),
  gender: genderField,
  dob: requiredDay(studentMessages.dobInFuture),
  schoolId: z.uuid({ error: studentMessages.schoolRequired }),
  classId: optionalId,
  dateOfAdmission: requiredDay(studentMessages.admissionInFuture),
  stateOfOrigin: requiredText(100, m.stateRequired),
  localGovernmentOfOrigin: requiredText(100, m.lgaRequired),
  stateOfResidence: requiredText(100, m.stateRequired),
  localGovernmentOfResidence: requiredText(100, m.lgaRequired),
  address: requiredText(300),
  guardianName: nameField,
  guardianRelationship: speltChoice(guardianRelationships, spellRelationship, studentMessages.relationshipRequired),
  guardianPhoneCode: z._default(z.string().check(z.trim(), z.regex(/^\+\d{1,4}$/, staffMessages.countryCodeInvalid)), "+234"),
  guardianPhone: phoneField,
  guardianEmail: z.pipe(
    z.nullish(z.union([z.literal(""), emailField])),
    z.transform((v) => v || null),
  ),
  specialNeeds: z._default(speltChoice(specialNeedsOptions, spellSpecialNeeds, m.required), "None"),
});

/** POST /student/add. */
export const newStudentSchema = studentDetailsSchema.check(admittedAfterBirth);
export type NewStudentInput = z.input<typeof newStudentSchema>;
export type NewStudent = z.output<typeof newStudentSchema>;

/** PATCH /student/update/{id}: the form, where the pupil stands, and the version it was read at. */
export const studentUpdateSchema = z
  .extend(studentDetailsSchema, {
    enrolmentStatus: z.enum(enrolmentStatuses, { error: m.required }),
    version: versionField,
  })
  .check(admittedAfterBirth);
export type StudentUpdateInput = z.input<typeof studentUpdateSchema>;

const optionalDay = z.optional(z.union([z.literal(""), calendarDay]));
const optionalFilter = z.optional(text(100));

/**
 * The admission register's filters (spec §3 'Search filters: students', plus class and enrolment status;
 * startDate and endDate bound the date of admission). enrolmentStatus is Enrolled unless asked ("all" for every one).
 */
export const studentFiltersSchema = z
  .object({
    "district[0]": z.optional(uuidParam),
    searchTerm: z._default(text(100), ""),
    startDate: optionalDay,
    endDate: optionalDay,
    stateOfResidence: optionalFilter,
    localGovernmentOfResidence: optionalFilter,
    stateOfOrigin: optionalFilter,
    localGovernmentOfOrigin: optionalFilter,
    accountStatus: z.optional(z.union([z.literal(""), z.enum(accountStatuses, { error: "Not an account status." })])),
    enrolmentStatus: z._default(z.union([z.literal("all"), z.enum(enrolmentStatuses, { error: "Not an enrolment status." })]), "Enrolled"),
    school: z.optional(z.union([z.literal(""), uuidParam])),
    class: z.optional(z.union([z.literal(""), uuidParam])),
    gender: z.optional(z.union([z.literal(""), z.enum(genderEnum, { error: "Not a gender." })])),
  })
  .check(z.refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { path: ["endDate"], error: studentMessages.startAfterEnd }));
export type StudentFiltersQuery = z.output<typeof studentFiltersSchema>;

/** GET /student/search (spec §7): the filters, limit up to 1000 (50 by default), page. */
export const studentSearchQuerySchema = z
  .extend(studentFiltersSchema, {
    limit: z._default(wholeNumber(studentMessages.limitRange, 1, 1000), 50),
    page: z._default(wholeNumber(studentMessages.pageRange, 1, 1_000_000), 1),
  })
  .check(withinPagingDepth);
export type StudentSearchQuery = z.input<typeof studentSearchQuerySchema>;

/** A row of the admission register. */
export type StudentListItem = {
  id: string;
  admissionNumber: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  gender: string;
  dob: string | null;
  dateOfAdmission: string;
  school: { id: string; name: string };
  class: { id: string; name: string } | null;
  localGovernmentOfResidence: string | null;
  enrolmentStatus: EnrolmentStatus;
  accountStatus: AccountStatus;
};
export type StudentSearchAnswer = { foundStudents: StudentListItem[]; page: number; limit: number };
/** GET /student/search-total: how many pupils a filter finds, asked once per filter. */
export type StudentSearchTotal = { total: number };

/** GET /student/view-by-id/{id}: the whole record. */
export type StudentRecord = {
  id: string;
  admissionNumber: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  gender: string;
  dob: string | null;
  school: { id: string; name: string; category: string };
  class: { id: string; name: string; level: string } | null;
  dateOfAdmission: string;
  stateOfOrigin: string | null;
  localGovernmentOfOrigin: string | null;
  stateOfResidence: string | null;
  localGovernmentOfResidence: string | null;
  address: string | null;
  guardianName: string | null;
  guardianRelationship: string | null;
  guardianPhoneCode: string | null;
  guardianPhone: string | null;
  guardianEmail: string | null;
  specialNeeds: SpecialNeeds | null;
  photo: Location | null;
  enrolmentStatus: EnrolmentStatus;
  accountStatus: AccountStatus;
  version: number;
};
/** What POST /student/add and PATCH /student/update/{id} answer. */
export type StudentSaved = { message: string; student: StudentRecord };

/** GET /student/possible-duplicates: pupils of the district with the same names, gender and date of birth (case and spaces ignored). */
export const studentDuplicatesQuerySchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  gender: z.enum(genderEnum, { error: m.required }),
  dob: calendarDay,
  exceptId: z.optional(uuidParam),
});
export type StudentDuplicates = { matches: { id: string; name: string; admissionNumber: string; school: string }[] };

/** GET /student/summary: the students area's counts (Enrolled pupils in the caller's scope). */
export type StudentSummary = {
  total: number;
  bySchool: { id: string; name: string; count: number }[];
  byLevel: { level: string; count: number }[];
  byGender: { gender: string; count: number }[];
};

/**
 * POST /student/move-review and POST /student/move: selected pupils to a new class and/or a new school
 * (a class, when named, must be of the new school — or of each pupil's own school when none is named).
 */
export const studentMoveSchema = z
  .object({
    studentIds: z.array(uuidParam).check(z.minLength(1, studentMessages.studentsRequired), z.maxLength(1000, studentMessages.tooManyStudents)),
    toSchoolId: optionalId,
    toClassId: optionalId,
  })
  .check(z.refine((v) => Boolean(v.toSchoolId || v.toClassId), { path: ["toClassId"], error: studentMessages.nothingToMove }));
export type StudentMoveInput = z.input<typeof studentMoveSchema>;

type Place = { school: { id: string; name: string }; class: { id: string; name: string } | null };
/** Where a pupil is, or is moved to: a school and, when they have one, a class of it. */
export type StudentPlace = Place;
/**
 * One pupil's move as the review lists it, in name order. `alreadyThere`: the pupil is in that school and
 * class already (from equals to); they are listed, and the move skips them.
 */
export type StudentMoveLine = { student: { id: string; name: string; admissionNumber: string }; from: Place; to: Place; alreadyThere: boolean };
/** `toMove`: how many of the lines the move would change (those not already there). */
export type StudentMoveReview = { moves: StudentMoveLine[]; toMove: number };
/** What POST /student/move answers (201): `moved` pupils changed, `skipped` already there. */
export type StudentMoved = { message: string; moveId: string; moved: number; skipped: number };
/** A group move as the list of moves shows it. */
export type StudentMoveItem = {
  id: string;
  createdAt: string;
  /** Who made it (a super administrator is named as such). */
  createdBy: string;
  /** The pupils it moved (below the district: those moved from or to the caller's schools). */
  count: number;
  /** Where it moved them: one school, and the class when one was given. */
  to: Place;
  reversedAt: string | null;
  /** Who undid it, once undone. */
  reversedBy: string | null;
  /** Whether it can still be undone (within a day, not undone, no pupil changed since, every pupil of it within the caller's reach). */
  reversible: boolean;
};
export type StudentMovePage = { moves: StudentMoveItem[]; total: number; page: number; limit: number };
export const studentMoveListQuerySchema = z
  .object({
    limit: z._default(wholeNumber(studentMessages.limitRange, 1, 100), 20),
    page: z._default(wholeNumber(studentMessages.pageRange, 1), 1),
  })
  .check(withinPagingDepth);
