import type { StateTerminologies } from "./user";

// What the browser needs of registration without zod (texts, types); registration.ts re-exports it with the schemas.

/** Where a self-registered district stands with the state's review (architecture 'Registration'). */
export const registrationStatuses = ["AwaitingReview", "ChangesRequested", "Approved", "Rejected", "Withdrawn", "Abandoned"] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

/** Texts of the registration and review routes and pages (the spec names none of them). */
export const registrationMessages = {
  usernameTaken: "Username already taken",
  codeSent: "A 6-digit code has been sent to your e-mail address.",
  codeInvalid: "The code is wrong or has expired. Ask for a new one.",
  codeRequired: "Enter the 6-digit code sent to your e-mail address.",
  emailNotVerified: "Verify your e-mail address with the code sent to it first.",
  verified: "E-mail address verified.",
  registered: "Registration Successful",
  presenceMissing: "This registration was sent without the registration page's check that a person is sending it. Register from the registration page.",
  presenceInvalid: "The registration page's check that a person is sending this registration is not valid. Send the registration again.",
  presenceExpired: "The registration page's check that a person is sending this registration has expired. Send the registration again.",
  presenceUsed: "The registration page's check that a person is sending this registration was already used. Send the registration again.",
  presenceWorking: "Checking that a person is registering…",
  stateUnknown: "Choose the state portal the district belongs to.",
  passwordsDiffer: "The passwords do not match.",
  approved: "District approved: its staff can now use the portal.",
  changesRequested: "Changes requested: the district's administrator has been told why.",
  resubmitted: "Your changes have been sent for review.",
  reasonRequired: "Say what the district must change.",
  notAwaitingReview: "This district is not waiting for a review.",
  onlyOwnerResubmits: "Only the district's owner can send its details back for review.",
  notChangesRequested: "Your district's details can be changed here only when the reviewers have asked for changes.",
  rejected: "Registration rejected: its applicant has been told why, and what it held is free again.",
  withdrawn: "Your registration has been withdrawn.",
  notOpen: "This registration is no longer under review.",
  onlyOwnerWithdraws: "Only the district's owner can withdraw its registration.",
  heldValueClash: (values: PendingValue[]) =>
    `Another staff member already holds this registrant's ${values.map((v) => pendingValueNames[v]).join(" and ")}: reject the registration, or approve it once that is resolved.`,
} as const;

/** A registrant's values that a registration holds, not reserves, until approval (checked against staff at review). */
export const pendingValues = ["phoneNumber", "oracleNumber", "tescomNumber"] as const;
export type PendingValue = (typeof pendingValues)[number];
const pendingValueNames: Record<PendingValue, string> = { phoneNumber: "phone number", oracleNumber: "oracle number", tescomNumber: "TESCOM number" };

/** How long a verified e-mail address stays good for registering with (a long form, typed slowly): for one attempt. */
export const VERIFIED_EMAIL_HOURS = 24;

/** A state portal with its terms (spec §1): what the registration's and the review's labels call a district and its numbers. */
export type StatePortalTerms = { id: string; name: string; stateTerminologies: StateTerminologies };

/** GET /staff/register/state-portals: the state portals a district may register under. */
export type StatePortalChoices = { statePortals: StatePortalTerms[] };

/** POST /staff/register/email-code. */
export type EmailCodeSent = { verificationId: string; email: string; message: string };

/** POST /staff/register/verify-email: whether the address is free, told only now it is proven (a phone's holder is never told). */
export type EmailVerified = { verified: true; emailTaken: boolean; message: string };

/** A registration as the review queue shows it, and as its registrant reads it on the notice. */
export type RegistrationItem = {
  district: {
    id: string;
    name: string;
    address: string | null;
    phoneNumbers: string[];
    emails: string[];
    state: StatePortalTerms;
    logo: string | null;
  };
  registrant: {
    id: string;
    title: string;
    firstName: string;
    lastName: string;
    middleName: string | null;
    email: string;
    phone: string;
    username: string | null;
    oracleNumber: string | null;
    tescomNumber: string | null;
    gender: string | null;
    dob: string | null;
    address: string | null;
    stateOfOrigin: string | null;
    localGovernmentOfOrigin: string | null;
    stateOfResidence: string | null;
    localGovernmentOfResidence: string | null;
  };
  status: RegistrationStatus;
  reason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  /** The registrant's values another staff member holds now: approval is refused while any remains. */
  clashes: PendingValue[];
};

/** GET /super-admin/registrations. */
export type RegistrationQueue = { registrations: RegistrationItem[] };

/** GET /district/registration: the caller's district's registration, or null for a district that did not register itself. */
export type OwnRegistration = { registration: { status: RegistrationStatus; reason: string | null; submittedAt: string } | null };
