import * as z from "zod/mini";
import {
  emailField,
  genderField,
  nameField,
  optionalId,
  optionalText,
  phoneField,
  requiredText,
  text,
  tooLong,
  uuidParam,
  versionField,
  wholeNumber,
  withinPagingDepth,
  speltChoice,
} from "./fields";
import { spellMaritalStatus, spellStaffType, spellTitle } from "./local-formats";
import { calendarDay } from "./days";
import { fieldMessages as m } from "./messages";
import { accountStatuses, staffTypes, type AccountStatus, type StaffProfile, type StaffType } from "./user";
import {
  employmentDateFields,
  genderEnum,
  maritalStatusEnum,
  staffMessages,
  staffRegisterMessages,
  titleEnum,
  todayInLagos,
  type StaffPosting,
} from "./staff-values";

export * from "./staff-values";

const day = calendarDay;
/** An optional calendar day, not after today in Lagos: an empty field is stored as null. */
const optionalPastDay = z.pipe(
  z.nullish(z.union([z.literal(""), day.check(z.refine((v) => v <= todayInLagos(), staffMessages.dateInFuture))])),
  z.transform((v) => v || null),
);

/**
 * The staff form's fields and rules (spec §5 'Staff form'), shared by the profile form, the staff
 * registration steps and PATCH /staff/update/{id}.
 */
export const staffDetailsSchema = z.object({
  title: speltChoice(titleEnum, spellTitle, m.required),
  firstName: nameField,
  lastName: nameField,
  middleName: optionalText(100),
  oracleNumber: requiredText(50),
  tescomNumber: requiredText(50),
  gender: genderField,
  dob: z.pipe(
    z.string({ error: m.required }).check(z.trim(), z.minLength(1, { error: m.required, abort: true })),
    day.check(z.refine((v) => v <= todayInLagos(), staffMessages.dobInFuture)),
  ),
  phoneCode: z._default(z.string().check(z.trim(), z.regex(/^\+\d{1,4}$/, staffMessages.countryCodeInvalid)), "+234"),
  phoneNumber: phoneField,
  email: emailField,
  address: requiredText(300),
  addressCoordinates: z.pipe(
    z.nullish(z.array(z.number({ error: "Not a valid place." })).check(z.length(2, "Not a valid place."))),
    z.transform((v) => v ?? null),
  ),
  countryOfOrigin: requiredText(100),
  stateOfOrigin: requiredText(100, m.stateRequired),
  localGovernmentOfOrigin: requiredText(100, m.lgaRequired),
  countryOfResidence: requiredText(100),
  stateOfResidence: requiredText(100, m.stateRequired),
  localGovernmentOfResidence: requiredText(100, m.lgaRequired),
  areaOfSpecialization: optionalText(200),
  dateOfEmployment: optionalPastDay,
  dateOfLastPromotion: optionalPastDay,
  dateOfFirstAppointment: optionalPastDay,
  dateOfPresentAppointment: optionalPastDay,
  // A transfer takes effect on a day of its own, which may be ahead (architecture 'Staff').
  lastDateOfPosting: z.pipe(
    z.nullish(z.union([z.literal(""), day])),
    z.transform((v) => v || null),
  ),
  maritalStatus: z.pipe(
    z.nullish(z.union([z.literal(""), speltChoice(maritalStatusEnum, spellMaritalStatus, m.required)])),
    z.transform((v) => v || null),
  ),
});
export type StaffDetailsInput = z.input<typeof staffDetailsSchema>;
export type StaffDetails = z.output<typeof staffDetailsSchema>;

/** No employment date before the date of birth: a rule across fields, so it is checked on the whole form. */
const datesAfterBirth = z.superRefine((v: { dob: string } & Partial<Record<(typeof employmentDateFields)[number], string | null>>, ctx) => {
  for (const key of employmentDateFields) {
    const value = v[key];
    if (value && v.dob && value < v.dob) ctx.addIssue({ code: "custom", path: [key], message: staffRegisterMessages.beforeBirth, input: value });
  }
});

/** The profile form: one's own details, and the current password when the e-mail or phone number changes. */
export const ownStaffDetailsSchema = z
  .extend(staffDetailsSchema, { currentPassword: z.optional(z.string().check(z.maxLength(200, tooLong(200)))) })
  .check(datesAfterBirth);
export type OwnStaffDetailsInput = z.input<typeof ownStaffDetailsSchema>;
export type OwnStaffDetails = z.output<typeof ownStaffDetailsSchema>;

/**
 * PATCH /staff/update/{id}. Changing one's own e-mail or phone number takes the current password; a
 * new e-mail of one's own waits for the code sent to it (POST /staff/confirm-email-change).
 */
export const staffUpdateSchema = z
  .extend(staffDetailsSchema, { currentPassword: z.optional(z.string().check(z.maxLength(200, tooLong(200)))), version: versionField })
  .check(datesAfterBirth);

/** POST /staff/confirm-email-change. */
export const emailCodeSchema = z.object({
  code: z.string({ error: staffMessages.emailCodeInvalid }).check(z.trim(), z.regex(/^\d{6}$/, staffMessages.emailCodeInvalid)),
});

/** What PATCH /staff/update/{id} answers; `pendingEmail` when one's own new e-mail waits for its code. */
export type StaffUpdated = { staff: StaffProfile; pendingEmail?: string };

/**
 * A new staff member (POST /staff/create, POST /staff/register-district-admin, a row of the staff upload):
 * the staff form, the staff type, and the posting: a school, an LGEA office, or the district office (neither).
 */
export const newStaffSchema = z
  .extend(staffDetailsSchema, {
    staffType: speltChoice(staffTypes, spellStaffType, m.required),
    schoolId: optionalId,
    lgeaId: optionalId,
  })
  .check(
    datesAfterBirth,
    z.refine((v) => !(v.schoolId && v.lgeaId), { path: ["lgeaId"], error: staffRegisterMessages.postingBoth }),
  );
export type NewStaffInput = z.input<typeof newStaffSchema>;
export type NewStaff = z.output<typeof newStaffSchema>;

/** What POST /staff/create and POST /staff/register-district-admin answer (201). */
export type StaffCreated = { message: string; staff: { id: string; firstName: string; lastName: string; email: string } };

const optionalDay = z.optional(z.union([z.literal(""), day]));
const optionalFilter = z.optional(text(100));

/** The register's filters (spec §3 'Search filters: Staff'; startDate and endDate bound the date of employment). */
export const staffFiltersSchema = z
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
    staffType: z.optional(z.union([z.literal(""), z.enum(staffTypes, { error: "Not a staff type." })])),
    school: z.optional(z.union([z.literal(""), uuidParam])),
    gender: z.optional(z.union([z.literal(""), z.enum(genderEnum, { error: "Not a gender." })])),
    includeLoggedInUser: z._default(z.enum(["true", "false"], { error: "Must be true or false." }), "false"),
  })
  .check(z.refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { path: ["endDate"], error: staffRegisterMessages.startAfterEnd }));
export type StaffFiltersQuery = z.output<typeof staffFiltersSchema>;

/**
 * GET /staff/search (spec §7): the autocomplete form (district[0], searchTerm, limit 5 by default) and the
 * full form of the register (every filter, limit up to 1000, page). The caller is left out unless
 * includeLoggedInUser=true.
 */
export const staffSearchQuerySchema = z
  .extend(staffFiltersSchema, {
    limit: z._default(wholeNumber(staffRegisterMessages.limitRange, 1, 1000), 5),
    page: z._default(wholeNumber(staffRegisterMessages.pageRange, 1, 1_000_000), 1),
  })
  .check(withinPagingDepth);
export type StaffSearchQuery = z.input<typeof staffSearchQuerySchema>;

/** A row of the register and of the autocomplete. */
export type StaffListItem = {
  id: string;
  title: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  oracleNumber: string | null;
  tescomNumber: string | null;
  gender: string | null;
  staffType: StaffType;
  accountStatus: AccountStatus;
  posting: StaffPosting;
};
export type StaffSearchAnswer = { foundStaffs: StaffListItem[]; page: number; limit: number };
export type StaffSearchTotal = { total: number };

/** GET /staff/possible-duplicates: the same first name, last name and date of birth (case and spaces ignored). */
export const possibleDuplicatesQuerySchema = z.object({ firstName: requiredText(100), lastName: requiredText(100), dob: day });
export type PossibleDuplicates = { matches: { id: string; name: string; posting: StaffPosting }[] };

/** GET /staff/view-staff/{id}: the record, with where the staff member is posted and what they hold. */
export type StaffRecord = {
  staff: StaffProfile;
  posting: StaffPosting;
  schoolRoles: { id: string; role: string; school: { id: string; name: string } }[];
  roles: { id: string; role: string; organization: string }[];
};
