import * as z from "zod/mini";
import { emailField, loginPasswordField, passwordField, requiredText } from "./fields";
import { secondFactorCodeField } from "./second-factor";

/** What the login page sends: spec §5 e-mail and password rules. */
export const loginFormSchema = z.object({
  email: emailField,
  password: loginPasswordField,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/**
 * What the district API's login accepts: an e-mail or a username. An account with a second factor answers a
 * challenge for POST /auth/second-factor, unless its `code` came with the password (scripts and API clients).
 */
export const loginRequestSchema = z.object({
  identifier: requiredText(254),
  password: loginPasswordField,
  code: z.optional(secondFactorCodeField),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({ refreshToken: requiredText(512) });

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

export const resetCodeResponseSchema = z.object({ id: z.uuid(), email: z.string() });
export type ResetCodeResponse = z.infer<typeof resetCodeResponseSchema>;

export const otpField = z.string({ error: "Enter the 6-digit code." }).check(z.regex(/^\d{6}$/, "Enter the 6-digit code."));

/**
 * PATCH /staff/reset-password: the code with the id the reset request answered (kept in the tab), or with
 * the account's e-mail (a code that came by e-mail to someone who did not ask for it here: an invitation).
 */
export const resetPasswordSchema = z
  .object({
    resetCodeId: z.optional(z.uuid({ error: "Request a new reset code." })),
    email: z.optional(emailField),
    code: otpField,
    password: passwordField,
  })
  .check(z.refine((v) => Boolean(v.resetCodeId || v.email), { path: ["email"], error: "Request a new reset code." }));
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

/** The OTP page's form: the code, the new password and its confirmation. */
export const updatePasswordFormSchema = z.object({ code: otpField, password: passwordField, confirmPassword: z.string() }).check(
  z.refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    error: "The passwords do not match.",
  }),
);
export type UpdatePasswordForm = z.infer<typeof updatePasswordFormSchema>;
