import { sessionEndedMessage } from "./page-messages";

/** Messages the API returns for auth failures; the portal shows them as they come. Re-exported by messages.ts. */
export const authMessages = {
  invalidCredentials: "Invalid e-mail or password.",
  accountSuspended: "Your account has been suspended. Please contact your administrator.",
  accountUnverified: "Your account has not been verified yet. Please contact your administrator.",
  mustResetPassword: "You need to set a password before you can sign in. Use 'Forgot password' to get a reset code.",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  resetPausedForToday: "Password reset is paused for this account until tomorrow after too many requests. Signing in with the password still works.",
  sessionExpired: sessionEndedMessage,
  tokenExpired: "Access token expired.",
  notSignedIn: "You are not signed in.",
  forbidden: "You do not have permission to do this.",
  notFound: "The record was not found.",
  invalidResetCode: "The reset code is wrong or has expired. Request a new code and try again.",
  resetCodeSentBody: "If an account exists for that e-mail, a reset code has been sent to it.",
  malformedJson: "The request body is not valid JSON.",
  bodyTooLarge: "The request is too large.",
  unsupportedMediaType: "Send this request as JSON (Content-Type: application/json), or an upload as multipart/form-data.",
  internal: "Something went wrong on our side. Please try again.",
  foreignOrigin: "Request refused: it did not come from this portal.",
  unreachable: "The service is unreachable. Please try again shortly.",
  timedOut: "The service took too long to answer. Please try again shortly.",
  busy: "The service is busy. Please try again in a moment.",
} as const;
