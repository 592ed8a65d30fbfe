import * as z from "zod/mini";
import { contactEmails, contactPhones, emailField, nameField, passwordField, requiredText, usernameField, uuidParam } from "./fields";
import { districtUpdateSchema } from "./district";
import { staffDetailsSchema } from "./staff";
import { registrationMessages as m } from "./registration-values";

export * from "./registration-values";

const sixDigits = z.string({ error: m.codeRequired }).check(z.trim(), z.regex(/^\d{6}$/, m.codeRequired));

/** POST /staff/register/email-code. */
export const emailCodeRequestSchema = z.object({ email: emailField });

/** POST /staff/register/verify-email: the code (the phone is never told about: it is checked at review). */
export const verifyEmailSchema = z.object({ verificationId: uuidParam, code: sixDigits });

/**
 * Step one: the staff form of spec §2 and §5 with a username and a password (the district's administrator
 * signs in with either their e-mail or their username).
 */
export const registrantSchema = z.extend(staffDetailsSchema, { username: usernameField, password: passwordField });
export type Registrant = z.output<typeof registrantSchema>;

/** Step two: the district's details and the state portal it belongs to; the logo travels beside them as a file. */
export const registeringDistrictSchema = z.object({
  name: nameField,
  stateId: z.uuid({ error: m.stateUnknown }),
  address: requiredText(300),
  phoneNumbers: contactPhones,
  emails: contactEmails,
});
export type RegisteringDistrict = z.output<typeof registeringDistrictSchema>;

/**
 * POST /staff/register: both steps together, with the id of the verified e-mail code. Sent as a multipart
 * form: `registration` (this, as JSON) and an optional `logo` file.
 */
export const registrationSchema = z.object({ verificationId: uuidParam, staff: registrantSchema, district: registeringDistrictSchema });
export type RegistrationInput = z.input<typeof registrationSchema>;

/** POST /super-admin/registrations/{id}/request-changes. */
export const requestChangesSchema = z.object({ reason: requiredText(1000, m.reasonRequired) });

/** POST /super-admin/registrations/{id}/reject: the reason mailed to the applicant. */
export const rejectSchema = requestChangesSchema;

/** PATCH /district/registration: the owner's corrected district details, sent back for review. */
export const resubmissionSchema = z.omit(districtUpdateSchema, { version: true });

/** Step one's form: the registrant with the password typed twice. */
export const registrantFormSchema = z
  .extend(registrantSchema, { confirmPassword: z.string() })
  .check(z.refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: m.passwordsDiffer }));
export type RegistrantFormInput = z.input<typeof registrantFormSchema>;
export type RegistrantForm = z.output<typeof registrantFormSchema>;

/** Step two's form: the district's details (the logo is kept beside them). */
export type RegisteringDistrictInput = z.input<typeof registeringDistrictSchema>;
