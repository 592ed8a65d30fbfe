import * as z from "zod/mini";
import { uuidParam } from "./fields";
import { secondFactorMessages } from "./second-factor-values";

export { secondFactorMessages };

/** What an authenticator app shows (6 digits), or a recovery code (letters and digits, dashes and spaces as written). */
export const secondFactorCodeField = z
  .string({ error: secondFactorMessages.enterCode })
  .check(z.trim(), z.regex(/^(\d{6}|[A-Za-z0-9][A-Za-z0-9 -]{8,18}[A-Za-z0-9])$/, secondFactorMessages.enterCode));

/** Six digits from the app: enrolment and turning it off ask for the app itself, not a recovery code. */
export const appCodeField = z.string({ error: secondFactorMessages.enterAppCode }).check(z.trim(), z.regex(/^\d{6}$/, secondFactorMessages.enterAppCode));

/** The sign-in's pending second step, as the login answered it (a signed, short-lived proof that the password was right). */
const challengeField = z.string({ error: secondFactorMessages.signInExpired }).check(z.minLength(1, secondFactorMessages.signInExpired), z.maxLength(2000));

/** POST /auth/second-factor: the second step of a sign-in, a code from the app or a recovery code. */
export const signInCodeRequestSchema = z.object({ challenge: challengeField, code: secondFactorCodeField });
/** POST /auth/second-factor/enrolment: enrolment during sign-in (required accounts): a new secret to scan. */
export const signInEnrolmentRequestSchema = z.object({ challenge: challengeField });
/** POST /auth/second-factor/enrolment/confirm: the first code from the app turns it on and finishes the sign-in. */
export const signInEnrolmentConfirmSchema = z.object({ challenge: challengeField, code: appCodeField });

/** The forms: one code field. */
export const codeFormSchema = z.object({ code: secondFactorCodeField });
export const appCodeFormSchema = z.object({ code: appCodeField });
export type CodeForm = z.infer<typeof codeFormSchema>;

/** A login that needs a second step answers this instead of tokens: enter a code, or (required, not yet set up) enrol. */
export type SecondStep = { secondFactor: "code" | "enrol"; challenge: string };

/** A new secret to add to an authenticator app: as a QR code (an SVG drawn by the API) and as a key to type. */
export type EnrolmentStart = { secret: string; uri: string; qrSvg: string };

/** Shown once, when two-step sign-in is turned on: each signs in once in place of a code. */
export type RecoveryCodes = { recoveryCodes: string[] };

/** GET /profile/second-factor. */
export type SecondFactorStatus = { enabled: boolean; required: boolean; recoveryCodesLeft: number };

export const staffIdParams = z.object({ staffId: uuidParam });
