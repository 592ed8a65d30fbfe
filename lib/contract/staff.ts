import * as z from "zod/mini";
import { emailField, nameField, phoneField, requiredText, text, tooLong, versionField } from "./fields";
import { fieldMessages as m } from "./messages";
import type { StaffProfile } from "./user";
import { genderEnum, maritalStatusEnum, staffMessages, titleEnum, todayInLagos, isCalendarDay } from "./staff-values";

export * from "./staff-values";

const day = z
  .string({ error: staffMessages.dateInvalid })
  .check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, staffMessages.dateInvalid), z.refine(isCalendarDay, staffMessages.dateInvalid));
/** Optional text: an empty field is stored as null. */
const optionalText = (max: number) =>
  z.pipe(
    z.nullish(text(max)),
    z.transform((v) => v || null),
  );
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
  title: z.enum(titleEnum, { error: m.required }),
  firstName: nameField,
  lastName: nameField,
  middleName: optionalText(100),
  oracleNumber: requiredText(50),
  tescomNumber: requiredText(50),
  gender: z.enum(genderEnum, { error: m.required }),
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
  lastDateOfPosting: optionalPastDay,
  maritalStatus: z.pipe(
    z.nullish(z.union([z.literal(""), z.enum(maritalStatusEnum, { error: m.required })])),
    z.transform((v) => v || null),
  ),
});
export type StaffDetailsInput = z.input<typeof staffDetailsSchema>;
export type StaffDetails = z.output<typeof staffDetailsSchema>;

/** The profile form: one's own details, and the current password when the e-mail or phone number changes. */
export const ownStaffDetailsSchema = z.extend(staffDetailsSchema, { currentPassword: z.optional(z.string().check(z.maxLength(200, tooLong(200)))) });
export type OwnStaffDetailsInput = z.input<typeof ownStaffDetailsSchema>;
export type OwnStaffDetails = z.output<typeof ownStaffDetailsSchema>;

/**
 * PATCH /staff/update/{id}. Changing one's own e-mail or phone number takes the current password; a
 * new e-mail of one's own waits for the code sent to it (POST /staff/confirm-email-change).
 */
export const staffUpdateSchema = z.extend(ownStaffDetailsSchema, { version: versionField });

/** POST /staff/confirm-email-change. */
export const emailCodeSchema = z.object({
  code: z.string({ error: staffMessages.emailCodeInvalid }).check(z.trim(), z.regex(/^\d{6}$/, staffMessages.emailCodeInvalid)),
});

/** What PATCH /staff/update/{id} answers; `pendingEmail` when one's own new e-mail waits for its code. */
export type StaffUpdated = { staff: StaffProfile; pendingEmail?: string };
