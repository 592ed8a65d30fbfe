import type { Operation } from "./permissions";

export const accountStatuses = ["Active", "Unverified", "Suspended", "ResetPassword"] as const;
export type AccountStatus = (typeof accountStatuses)[number];
/** How a status reads on screen: the stored value ResetPassword is a state of the account, said in words. */
export const accountStatusLabels: Record<AccountStatus, string> = {
  Active: "Active",
  Unverified: "Unverified",
  Suspended: "Suspended",
  ResetPassword: "Must set a password",
};
/** A status as it reads on screen (an unknown value as it is). */
export const accountStatusLabel = (status: string) =>
  (accountStatuses as readonly string[]).includes(status) ? accountStatusLabels[status as AccountStatus] : status;
/** The statuses for a select: the stored value, its words. */
export const accountStatusOptions = accountStatuses.map((value) => ({ value, label: accountStatusLabels[value] }));
export const staffTypes = ["Teaching", "Non-Teaching"] as const;
export type StaffType = (typeof staffTypes)[number];
export const organizationTypes = ["District", "LGEA", "School"] as const;
export type OrganizationType = (typeof organizationTypes)[number];

export type Terminology = { stateValue: string | null; defaultValue: string };
export type StateTerminologies = {
  oracleNumber: Terminology;
  tescomNumber: Terminology;
  district: Terminology;
  subebNumber: Terminology;
};

export type Location = { Location: string };

export type StaffProfile = {
  id: string;
  title: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  email: string;
  username: string | null;
  phoneNumber: { code: string; number: string };
  oracleNumber: string | null;
  tescomNumber: string | null;
  gender: string | null;
  dob: string | null;
  address: string | null;
  addressCoordinates: number[] | null;
  countryOfOrigin: string | null;
  stateOfOrigin: string | null;
  localGovernmentOfOrigin: string | null;
  countryOfResidence: string | null;
  stateOfResidence: string | null;
  localGovernmentOfResidence: string | null;
  areaOfSpecialization: string | null;
  dateOfEmployment: string | null;
  dateOfLastPromotion: string | null;
  dateOfFirstAppointment: string | null;
  dateOfPresentAppointment: string | null;
  lastDateOfPosting: string | null;
  maritalStatus: string | null;
  staffType: StaffType;
  accountStatus: AccountStatus;
  isSuperAdmin: boolean;
  profilePicture: Location | null;
  district: { id: string; name: string; accountStatus: AccountStatus; logo: Location | null };
  stateDetails: { id: string; name: string; country: string; stateTerminologies: StateTerminologies };
  version: number;
};

export type RoleAccessItem = {
  id: string;
  organization: { id: string; name: string; type: OrganizationType };
  role: { id: string; name: string };
};

export type PortalRequirements = {
  requirements: { id: string; description: string; completed: boolean }[];
  contact: { phoneNumbers: { local: string }[]; emails: string[] };
};

export type MissingRequirements = {
  unSatisfiedRequirementsExist: boolean;
  statePortal: PortalRequirements;
  districtPortal: PortalRequirements;
};

/** The signed-in user as the API describes it (spec §3), without the tokens. */
export type SignedInUser = {
  staff: StaffProfile;
  roleAccess: RoleAccessItem[];
  currentOrganization: { id: string; name: string; type: OrganizationType };
  missingRequirements: MissingRequirements;
  permissions: Operation[];
  /** The staff member holds the district's ownership right (architecture 'Identity and tenancy'). */
  isDistrictOwner: boolean;
};

/** What the API's login and refresh return; the BFF keeps the tokens and passes the rest on. */
export type AuthResult = SignedInUser & { authorizationToken: string; refreshToken: string; accessTokenExpiresAt: number };
