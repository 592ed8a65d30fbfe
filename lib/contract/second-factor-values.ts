// What the browser needs of two-step sign-in without zod (its texts); second-factor.ts re-exports it with the schemas.

/** The texts of the second factor of sign-in (time-based codes from an authenticator app, and recovery codes). */
export const secondFactorMessages = {
  enterCode: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  enterAppCode: "Enter the 6-digit code from your authenticator app.",
  wrongCode: "That code is not right. Check your authenticator app's clock and try again.",
  signInExpired: "Your sign-in has expired. Sign in again.",
  notEnrolling: "Start setting up two-step sign-in again.",
  alreadyOn: "Two-step sign-in is already on.",
  notOn: "Two-step sign-in is not on.",
  required: "Two-step sign-in is required for super administrators and district owners.",
  mustEnrol: "Set up two-step sign-in before you continue: sign in again.",
  turnedOn: "Two-step sign-in is on.",
  turnedOff: "Two-step sign-in is off.",
  reset: "Two-step sign-in was reset: they set it up again at their next sign-in.",
} as const;
