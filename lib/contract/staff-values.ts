// What the browser needs of this domain without zod (texts, lists, helpers); staff.ts re-exports it with the schemas.
import { dateFormatMessage } from "./messages";

export const titleEnum = ["Mr", "Mrs", "Miss", "Ms", "Dr", "Prof", "Chief", "Alhaji", "Alhaja", "Engr", "Barr", "Rev", "Pastor", "Hon"] as const;
export const genderEnum = ["Male", "Female"] as const;
export const maritalStatusEnum = ["Single", "Married", "Divorced", "Widowed", "Separated"] as const;

export const staffMessages = {
  dateInvalid: dateFormatMessage,
  dobInFuture: "Date of birth cannot be in the future.",
  dateInFuture: "This date cannot be in the future.",
  stale: "This record was changed by someone else since you opened it. Reload to see the changes.",
  countryCodeInvalid: "Choose a country code.",
  cannotChangeSuperAdmin: "Only a super administrator can change a super administrator's account.",
  cannotChangeOwner: "Only the district's owner can change the owner's account.",
  cannotChangeStronger: "You cannot change the account of someone who holds permissions you do not hold.",
  currentPasswordRequired: "Enter your current password to change your e-mail or phone number.",
  currentPasswordWrong: "The current password is not correct.",
  emailCodeSent: "We sent a code to your new e-mail address. Enter it to confirm the change.",
  emailCodeInvalid: "The code is wrong or has expired. Save the new e-mail again to get a new code.",
  emailChanged: "E-mail Updated Successfully",
} as const;

/** Today in Lagos as YYYY-MM-DD: dates of birth and employment are calendar days there (architecture 'Data'). */
// One formatter for every call: making one costs about 100 µs, a cost every date rule of an upload's row paid (twice a pupil).
let lagosDays: Intl.DateTimeFormat | undefined;
export const todayInLagos = (now = new Date()) => (lagosDays ??= new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" })).format(now);

export const isCalendarDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Texts of the staff register, the new-staff form and the invitation (spec §8 notices are in notices.ts). */
export const staffRegisterMessages = {
  numberTaken: "This number is already in use in the state.",
  postingBoth: "Choose a school or an LGEA office, not both.",
  beforeBirth: "This date cannot be before the date of birth.",
  startAfterEnd: "The start date must not be after the end date.",
  limitRange: "Limit must be between 1 and 1000.",
  pageRange: "Page must be 1 or more.",
  possibleDuplicate: "Possible duplicate: a staff member with the same names and date of birth is already in the district.",
  selfStatus: "You cannot change your own account status.",
  schoolUnknown: "Choose a school of your district.",
  lgeaUnknown: "Choose an LGEA office of your district.",
} as const;

/** Where a staff member is posted (architecture 'Staff'): a school, an LGEA office, or the district office. */
export type StaffPosting = { kind: "school" | "lgea" | "district"; id: string | null; name: string };

/** The optional employment dates of the staff form, each of which may not be before the date of birth. */
export const employmentDateFields = [
  "dateOfEmployment",
  "dateOfLastPromotion",
  "dateOfFirstAppointment",
  "dateOfPresentAppointment",
  "lastDateOfPosting",
] as const;

/** The register's filters (spec §3 'Search filters: Staff'), as the page's URL and GET /staff/search name them. */
export const staffFilterKeys = [
  "searchTerm",
  "startDate",
  "endDate",
  "stateOfResidence",
  "localGovernmentOfResidence",
  "stateOfOrigin",
  "localGovernmentOfOrigin",
  "accountStatus",
  "staffType",
  "school",
  "gender",
] as const;
export type StaffFilterKey = (typeof staffFilterKeys)[number];
export type StaffFilters = Partial<Record<StaffFilterKey, string>>;

/** How long an invitation code lasts (architecture 'Staff'): long enough for someone who reads mail weekly. */
export const INVITATION_CODE_HOURS = 72;
