import * as z from "zod/mini";
import { fieldMessages as m, MAX_PAGED_ROWS, pagedTooDeep, tooLong } from "./messages";
import { lastTenDigits, spellGender } from "./local-formats";
import { strongPasswordPattern } from "./password-rule";
import { genderEnum } from "./staff-values";

// The contract uses zod's tree-shakable build (`zod/mini`): these schemas reach the browser with the forms,
// and the classic API would bring every method of every type along (about 40 KB compressed on each page).
// Mini has no default English texts, so every rule here names its own message.

export { tooLong };

/** Text as sent (not trimmed), at most `max` characters. */
export const upTo = (max: number) => z.string().check(z.maxLength(max, tooLong(max)));

/** Text, trimmed, at most `max` characters; empty allowed. */
export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, tooLong(max)));

/** Text, trimmed, required (with `message` when empty or missing), at most `max` characters. */
export const requiredText = (max: number, message: string = m.required) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)));

/** A whole number from the query string, from `min` (and up to `max`), with one message for every way it can be wrong. */
export const wholeNumber = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

/**
 * A list's page within its first MAX_PAGED_ROWS results, checked on a query with `page` and `limit`: a deeper
 * page would have the database skip (and sort) rows by the million.
 */
export const withinPagingDepth = z.refine<{ page: number; limit: number }>((q) => (q.page - 1) * q.limit < MAX_PAGED_ROWS, {
  path: ["page"],
  error: pagedTooDeep,
});

/** A record's version, as an edit form sends it back (409 when stale). */
export const versionField = z.int({ error: "Reload the page and try again." }).check(z.positive("Reload the page and try again."));

export const emailField = z.pipe(
  z.string({ error: m.emailRequired }).check(z.trim(), z.minLength(1, m.emailRequired), z.maxLength(254, m.emailInvalid)),
  z.email({ error: m.emailInvalid }),
);

export const passwordField = z
  .string({ error: m.passwordRequired })
  .check(z.minLength(1, m.passwordRequired), z.maxLength(256, m.passwordRule), z.regex(strongPasswordPattern, m.passwordRule));

/** Sign-in accepts any non-empty password: the rule applies when a password is set, not when it is checked. */
export const loginPasswordField = z.string({ error: m.passwordRequired }).check(z.minLength(1, m.passwordRequired), z.maxLength(256, tooLong(256)));

/**
 * The last ten digits of a phone number (spec §5). A Nigerian number typed with a leading 0, with +234 or 234,
 * or with spaces and dashes is taken as its last ten digits (the same rule as the spreadsheet importer), so
 * the form, the BFF and the API agree and store '8034445566'; anything else (ten digits beginning with 0
 * included) gets the spec's message.
 */
export const phoneField = z.pipe(
  z.pipe(z.string({ error: m.phoneRequired }).check(z.trim(), z.minLength(1, m.phoneRequired)), z.transform(lastTenDigits)),
  // Ten digits after the 0 of the national form: ten that begin with 0 are that form with a digit missing.
  z.string().check(z.regex(/^[1-9]\d{9}$/, m.phoneDigits)),
);

/** Gender as the list spells it, 'F', 'm' or 'female' included (spellGender, as the importer reads a cell). */
export const genderField = z.pipe(z.pipe(z.string({ error: m.required }), z.transform(spellGender)), z.enum(genderEnum, { error: m.required }));

/**
 * One of a list's choices, typed as the list spells it or as one of its common abbreviations (the speller of
 * local-formats.ts that the importer applies to the same column): 'Dr', 'doctor'; 'M' for Married.
 */
export const speltChoice = <T extends string>(list: readonly [T, ...T[]], spell: (typed: string) => string, error: string) =>
  z.pipe(z.pipe(z.string({ error }), z.transform(spell)), z.enum(list, { error }));

/** A name of at least 3 characters; an empty one gets only 'required' (abort), not 'too short' as well. */
export const nameWithin = (max: number) =>
  z
    .string({ error: m.nameRequired })
    .check(z.trim(), z.minLength(1, { error: m.nameRequired, abort: true }), z.minLength(3, m.nameTooShort), z.maxLength(max, tooLong(max)));

export const nameField = nameWithin(100);

export const usernameField = z
  .string({ error: m.usernameRequired })
  .check(
    z.trim(),
    z.minLength(1, m.usernameRequired),
    z.minLength(6, m.usernameTooShort),
    z.maxLength(64, tooLong(64)),
    z.regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, digits, dots, dashes and underscores."),
  );

export const uuidParam = z.uuid({ error: "Not a valid id." });

/** Optional text: an empty field is stored as null. */
export const optionalText = (max: number) =>
  z.pipe(
    z.nullish(text(max)),
    z.transform((v) => v || null),
  );

/** An optional id: empty or missing is null. */
export const optionalId = z.pipe(
  z.nullish(z.union([z.literal(""), uuidParam])),
  z.transform((v) => v || null),
);

const tooManyContacts = "At most 10.";
/** Contact phone numbers, each with its country code as the phone chips input adds them: '+2348030000001'. */
export const contactPhones = z.array(z.string().check(z.trim(), z.regex(/^\+\d{1,4}\d{10}$/, m.phoneDigits))).check(z.maxLength(10, tooManyContacts));
export const contactEmails = z.array(emailField).check(z.maxLength(10, tooManyContacts));
