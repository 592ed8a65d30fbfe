/** Every user-facing text of spec §5 and §8, word for word, in one place. */
export const fieldMessages = {
  required: "This Field is required",
  emailRequired: "E-mail is required",
  emailInvalid: "E-mail must be valid",
  emailTaken: "Email already taken",
  passwordRequired: "Enter password.",
  passwordRule: "Min. 8 characters with at least one capital letter, a number and a special character.",
  phoneRequired: "Phone Number is required",
  phoneDigits: "Please put in only the last ten digits of your phone number.",
  phoneTaken: "Phone Number already in use",
  nameRequired: "This field is required",
  nameTooShort: "This field must be more than 2 characters",
  usernameRequired: "Username is required",
  usernameTooShort: "Username must be more than 5 characters",
  stateRequired: "State is required",
  lgaRequired: "Local Government is required",
} as const;

export const formInvalidMessage = "Validation failed: Please ensure all fields are filled correctly.";

export const successNotices = {
  configurationsUpdated: "Updated Configurations Successfully",
  studentUpdated: "Student Updated Successfully",
  studentCreated: "Student Created Successfully",
  uploaded: "Uploaded Successfully",
  studentsUploaded: "Multiple Students Upload Successfully",
  transfer: "Transfer Successfully",
  staffTransferred: "Staff Transferred Successfully",
  districtProfileUpdated: "District Profile Updated Successfully",
  districtLogoUpdated: "District Logo Updated Successfully",
  districtImageAdded: "District Image added Successfully",
  districtImagesUploaded: "District Images Uploaded Successfully",
  lgeaCreated: "LGEA Portal Created Successfully",
  roleCreated: "Role Created Successfully",
  roleUpdated: "Role Updated Successfully",
  roleDeleted: "Role Deleted Successfully",
  schoolCreated: "School Created Successfully",
  schoolUpdated: "School Updated Successfully",
  schoolsUploaded: "Multiple School Upload Successfully",
  staffCreated: "Staff Created Successfully",
  staffUpdated: "Staff Updated Successfully",
  staffUploaded: "Multiple Staff Upload Successfully",
  profileUpdated: "Profile Updated Successfully",
  profilePictureUpdated: "Profile Picture Updated Successfully",
  passwordUpdated: "Password Updated Successfully",
  loginSuccessful: "Login Successful",
  resetCodeSent: "Reset Code Has Been Sent To Your Email",
} as const;

export const loadingTexts = {
  default: "Please wait...",
  transactionLogs: "Getting transaction logs...",
  dashboard: "Loading Dashboard...",
  student: "Loading Student...",
  spreadsheet: "Uploading Spreadsheet...",
  roles: "Loading Roles...",
  schools: "Loading Schools...",
  staffs: "Loading Staffs...",
  students: "Loading Students...",
  loggingOut: "Logging you out. Please wait",
} as const;

export const offlineBanner = "Looks like you lost your internet.";

export const errorPageTitles = { notFound: "Page Not Found", other: "An Error Occurred" } as const;

/** The digest a page error carries when the service was unavailable (the error's message never reaches the browser). */
export const serviceDigest = { unavailable: "service-unavailable", timeout: "service-timeout" } as const;

/**
 * The error page's explanation. A page that failed because the service was unavailable or too slow
 * carries a digest that says so (ServerApiError); anything else is a plain failure.
 */
export function pageErrorExplanation(digest: string | undefined): string {
  if (digest === serviceDigest.unavailable) return "The service is unavailable at the moment. Nothing you saved is lost; try again in a few seconds.";
  if (digest === serviceDigest.timeout) return "The service is taking too long to answer. Nothing you saved is lost; try again in a few seconds.";
  return "Something went wrong while showing this page. Try again, or go back home.";
}

/**
 * What the API answers staff of a district that is not Active when they call a district operation
 * (architecture 'Registration'): the account status, named.
 */
export const districtStatusRefusal = (status: string) =>
  status === "Suspended"
    ? "This district's account is Suspended, so its operations are not available. Please contact the state's administrators."
    : `This district's account is ${status}: its operations become available once it has been reviewed and approved.`;

/** The largest JSON body the APIs take by default (MAX_JSON_BODY_BYTES), and the portal passes on. */
export const JSON_BODY_LIMIT_BYTES = 1_000_000;

/** Messages the API returns for auth failures; the portal shows them as they come. */
export const authMessages = {
  invalidCredentials: "Invalid e-mail or password.",
  accountSuspended: "Your account has been suspended. Please contact your administrator.",
  accountUnverified: "Your account has not been verified yet. Please contact your administrator.",
  mustResetPassword: "You need to set a password before you can sign in. Use 'Forgot password' to get a reset code.",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  resetPausedForToday: "Password reset is paused for this account until tomorrow after too many requests. Signing in with the password still works.",
  sessionExpired: "Your session has ended. Please sign in again.",
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

/** Notifications and snackbars close after 10 s (spec §9). */
export const NOTIFICATION_TIMEOUT_MS = 10_000;
/** Redirect delays after a success notice (spec §2, §9). */
export const REDIRECT_DELAY_MS = 1_500;
export const SHORT_REDIRECT_DELAY_MS = 1_000;
export const LOGOUT_DELAY_MS = 1_500;
