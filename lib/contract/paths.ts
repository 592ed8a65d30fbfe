/**
 * Portal paths the APIs write into e-mails, here so that both sides name them once (the portal's
 * other paths are in lib/routes.ts, which reads this).
 */

/** The code screen (spec §2 `/password/update-password-otp/`): an invitation links to it with the e-mail filled in. */
export const codeScreenPath = "/password/update-password-otp/";
