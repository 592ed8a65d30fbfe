import { z } from "zod";
import { emailField, nameField, phoneField } from "./fields";
import { fieldMessages as m } from "./messages";
import type { StaffProfile } from "./user";

export const titleEnum = ["Mr", "Mrs", "Miss", "Ms", "Dr", "Prof", "Chief", "Alhaji", "Alhaja", "Engr", "Barr", "Rev", "Pastor", "Hon"] as const;
export const genderEnum = ["Male", "Female"] as const;
export const maritalStatusEnum = ["Single", "Married", "Divorced", "Widowed", "Separated"] as const;

export const staffMessages = {
  dateInvalid: "Enter a valid date.",
  dobInFuture: "Date of birth cannot be in the future.",
  dateInFuture: "This date cannot be in the future.",
  stale: "This record was changed by someone else since you opened it. Reload to see the changes.",
  countryCodeInvalid: "Choose a country code.",
  cannotChangeSuperAdmin: "Only a super administrator can change a super administrator's account.",
  cannotChangeOwner: "Only the district's owner can change the owner's account.",
  cannotChangeStronger: "You cannot change the account of someone who holds permissions you do not hold.",
  currentPasswordRequired: "Enter your current password to change your e-mail or phone number.",
  currentPasswordWrong: "The current password is not correct.",
  emailCodeSent: "We sent a code to your new e-mail address. Enter it to confirm the change.",
  emailCodeInvalid: "The code is wrong or has expired. Save the new e-mail again to get a new code.",
  emailChanged: "E-mail Updated Successfully",
} as const;

/** Today in Lagos as YYYY-MM-DD: dates of birth and employment are calendar days there (architecture 'Data'). */
export const todayInLagos = (now = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(now);

const isCalendarDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, staffMessages.dateInvalid)
  .refine(isCalendarDay, staffMessages.dateInvalid);
const requiredText = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max);
/** Optional text: an empty field is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const optionalPastDay = z
  .union([z.literal(""), day.refine((v) => v <= todayInLagos(), staffMessages.dateInFuture)])
  .nullish()
  .transform((v) => v || null);

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
  dob: z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required, abort: true })
    .pipe(day)
    .refine((v) => v <= todayInLagos(), staffMessages.dobInFuture),
  phoneCode: z
    .string()
    .trim()
    .regex(/^\+\d{1,4}$/, staffMessages.countryCodeInvalid)
    .default("+234"),
  phoneNumber: phoneField,
  email: emailField,
  address: requiredText(300),
  addressCoordinates: z
    .array(z.number().finite())
    .length(2)
    .nullish()
    .transform((v) => v ?? null),
  countryOfOrigin: requiredText(100),
  stateOfOrigin: z.string({ error: m.stateRequired }).trim().min(1, m.stateRequired).max(100),
  localGovernmentOfOrigin: z.string({ error: m.lgaRequired }).trim().min(1, m.lgaRequired).max(100),
  countryOfResidence: requiredText(100),
  stateOfResidence: z.string({ error: m.stateRequired }).trim().min(1, m.stateRequired).max(100),
  localGovernmentOfResidence: z.string({ error: m.lgaRequired }).trim().min(1, m.lgaRequired).max(100),
  areaOfSpecialization: optionalText(200),
  dateOfEmployment: optionalPastDay,
  dateOfLastPromotion: optionalPastDay,
  dateOfFirstAppointment: optionalPastDay,
  dateOfPresentAppointment: optionalPastDay,
  lastDateOfPosting: optionalPastDay,
  maritalStatus: z
    .union([z.literal(""), z.enum(maritalStatusEnum)])
    .nullish()
    .transform((v) => v || null),
});
export type StaffDetailsInput = z.input<typeof staffDetailsSchema>;
export type StaffDetails = z.output<typeof staffDetailsSchema>;

/** PATCH /staff/update/{id}: the details plus the version they were read at (stale → 409). */

/** The profile form: one's own details, and the current password when the e-mail or phone number changes. */
export const ownStaffDetailsSchema = staffDetailsSchema.extend({ currentPassword: z.string().max(200).optional() });
export type OwnStaffDetailsInput = z.input<typeof ownStaffDetailsSchema>;
export type OwnStaffDetails = z.output<typeof ownStaffDetailsSchema>;

/**
 * PATCH /staff/update/{id}. Changing one's own e-mail or phone number takes the current password; a
 * new e-mail of one's own waits for the code sent to it (POST /staff/confirm-email-change).
 */
export const staffUpdateSchema = ownStaffDetailsSchema.extend({ version: z.number().int().positive() });

/** POST /staff/confirm-email-change. */
export const emailCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, staffMessages.emailCodeInvalid),
});

/** What PATCH /staff/update/{id} answers; `pendingEmail` when one's own new e-mail waits for its code. */
export type StaffUpdated = { staff: StaffProfile; pendingEmail?: string };
