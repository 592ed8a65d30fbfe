import { z } from "zod";
import { fieldMessages as m } from "./messages";

/** Field schemas carrying the spec §5 messages; forms, the BFF and the APIs all use these. */
export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }));

// One lowercase, one uppercase, one digit, one character that is none of those, 8 or more in all.
const strongPassword = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;

export const passwordField = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(256, m.passwordRule).regex(strongPassword, m.passwordRule);

/** Sign-in accepts any non-empty password: the rule applies when a password is set, not when it is checked. */
export const loginPasswordField = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(256);

export const phoneField = z
  .string({ error: m.phoneRequired })
  .trim()
  .min(1, m.phoneRequired)
  .regex(/^\d{10}$/, m.phoneDigits);

export const nameField = z
  .string({ error: m.nameRequired })
  .trim()
  // Abort: an empty name gets only 'required', not 'too short' as well.
  .min(1, { error: m.nameRequired, abort: true })
  .min(3, m.nameTooShort)
  .max(100);

export const usernameField = z
  .string({ error: m.usernameRequired })
  .trim()
  .min(1, m.usernameRequired)
  .min(6, m.usernameTooShort)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, digits, dots, dashes and underscores.");

export const requiredText = z.string({ error: m.required }).trim().min(1, m.required);

export const uuidParam = z.uuid({ error: "Not a valid id." });
