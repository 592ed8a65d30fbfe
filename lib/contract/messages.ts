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

/** A date that cannot be read says the form it is typed in (the spec names none). */
export const dateFormatMessage = "Enter the date as day/month/year, e.g. 14/05/1972.";

/** Every limit message states the limit it enforces. */
export const tooLong = (limit: number) => `At most ${limit} characters.`;

/**
 * A text field or query value holding a control character (NUL, escape and the like; tab and line breaks
 * are text): refused before anything reads it, naming the field.
 */
export const controlCharacterMessage = (field: string) => `${field} must not contain control characters (such as NUL).`;

// The notices and loading texts, the API's messages and the texts of the pages every route carries
// live in modules of their own, re-exported here: a page's script then carries only the texts it
// shows (the guest pages import the small modules directly).
export * from "./notices";
export * from "./auth-messages";
export * from "./page-messages";

/**
 * What the API answers staff of a district that is not Active when they call a district operation
 * (architecture 'Registration'): the account status, named.
 */
export const districtStatusRefusal = (status: string) =>
  status === "Suspended"
    ? "This district's account is Suspended, so its operations are not available. Please contact the state's administrators."
    : `This district's account is ${status}: its operations become available once it has been reviewed and approved.`;

/** The portal's answer to a method an address does not take (TRACE anywhere, PUT on a page or a static file): 405 with Allow. */
export const methodNotAllowedMessage = "This address does not take this kind of request.";

/** The portal's answer to a path whose percent-encoding is not UTF-8 (`%ff`): 400. */
export const undecodablePathMessage = "This address is not valid: part of it cannot be read.";

/** A registration's approval makes its district Active, so it is only for an Unverified district: a Suspended (or Active) one is 409. */
export const approvalNeedsUnverified = (status: string) =>
  `This district's account is ${status}, not Unverified: only an Unverified district's registration can be approved.`;

/** How deep a list may be paged (the offset's bound): past it the database would skip rows by the million. */
export const MAX_PAGED_ROWS = 10_000;

/** A page asked for past MAX_PAGED_ROWS: 400 on `page`. */
export const pagedTooDeep = "Only the first 10,000 results can be paged through. Narrow the search, or download the list, to see the rest.";

/** The largest JSON body the APIs take by default (MAX_JSON_BODY_BYTES), and the portal passes on. */
export const JSON_BODY_LIMIT_BYTES = 1_000_000;
