import { codeScreenPath, standInCheckoutPath, walletReturnPath } from "./contract/paths";

/** Every path of the portal, in one place (spec §2 and architecture 'Routes the spec does not name'). */
export const routes = {
  home: "/",
  login: "/login",
  /** The second step of sign-in (two-step sign-in): the code, or enrolment for those who must have it. */
  signInCode: "/login/code",
  signInEnrolment: "/login/enrol",
  forgotPassword: "/password/forgot",
  /** A new district registers itself (architecture 'Registration'). */
  register: "/register",
  updatePasswordOtp: codeScreenPath,
  logout: "/logout",
  dashboard: "/dashboard",
  profile: "/dashboard/profile",
  districtProfile: "/dashboard/district",
  administration: "/administration",
  schoolManagement: "/administration/school-management",
  editSchool: (id: string) => `/administration/school-management/edit-school/${id}`,
  permissionManagement: "/administration/user-management/permission-management",
  createRole: "/administration/user-management/permission-management/create-role",
  editRole: (id: string) => `/administration/user-management/permission-management/edit-role/${id}`,
  studentManagement: "/administration/user-management/student-management",
  admissionRegister: "/administration/user-management/student-management/admission-register",
  studentRecord: "/administration/user-management/student-management/student-record",
  /** One pupil's record (the id in the query, as for staff records, so it can be bookmarked). */
  studentRecordOf: (id: string) => `/administration/user-management/student-management/student-record?id=${encodeURIComponent(id)}`,
  newStudent: "/administration/user-management/student-management/new-student",
  studentMove: "/administration/user-management/student-management/move",
  studentMoves: "/administration/user-management/student-management/moves",
  staffManagement: "/administration/user-management/staff-management",
  staffRecord: "/administration/user-management/staff-management/staff-record",
  /** One staff member's record (the spec's route with the id in the query, so it can be bookmarked). */
  staffRecordOf: (id: string) => `/administration/user-management/staff-management/staff-record?id=${encodeURIComponent(id)}`,
  newStaff: "/administration/user-management/staff-management/new-staff",
  staffTransfer: "/administration/user-management/staff-management/transfer",
  staffTransfers: "/administration/user-management/staff-management/list-staff-transfer",
  lgaManagement: "/administration/lga-management",
  lgaCreation: "/administration/lga-management/lga-creation",
  classes: "/administration/classes",
  configuration: "/administration/configuration",
  wallet: "/administration/billing/wallet",
  /** Where the payment provider sends the user back after paying (it adds ?reference=…). */
  walletReturn: walletReturnPath,
  transactions: "/administration/billing/transactions",
  /** Who changed which record, and what it was before (issue: the audit trail). */
  audit: "/administration/audit",
  /** The figures a district reports upward (issue: statistics). */
  statistics: "/administration/statistics",
  /** The provider stand-in's checkout page (no PAYSTACK_SECRET_KEY): served by the portal, so a phone on the LAN reaches it. */
  standInCheckoutOf: standInCheckoutPath,
  superAdmin: "/super-admin",
  switchDistrict: "/super-admin/switch-district",
  /** API keys of the result-processing systems that buy report cards. */
  apiKeys: "/super-admin/api-keys",
  /** The provider's payments against the ledger's credits (issue 33). */
  reconciliation: "/super-admin/reconciliation",
} as const;

/** Pages for signed-out visitors only; a signed-in user who opens one goes to the dashboard. */
export const guestOnlyPaths = ["/login", "/password", "/register"];
/**
 * Pages anyone may open: the logout page finishes a logout even when the session is already gone; the
 * provider stand-in's checkout stands for the payment provider's own page, which knows no session; a
 * form sent without its page's script lands under /forms, signed in or not (lib/form-without-script.ts).
 */
export const openPaths = ["/logout", "/checkout", "/forms"];

const startsWithSegment = (path: string, prefix: string) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`);
export const isGuestOnly = (path: string) => guestOnlyPaths.some((p) => startsWithSegment(path, p));
export const isOpen = (path: string) => openPaths.some((p) => startsWithSegment(path, p));

/**
 * A `next` parameter is honoured only when it is a path of this portal: one leading slash, no scheme,
 * no protocol-relative `//host`, no backslash tricks, and not a guest-only page.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  // No dot segments and no encoded slashes, raw or percent-encoded: '/.//evil.example' resolves to '//evil.example'.
  const path = next.split(/[?#]/)[0] ?? "";
  if (/%2f|%5c/i.test(path)) return null;
  if (path.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return null;
  try {
    const url = new URL(next, "http://portal.invalid");
    if (url.origin !== "http://portal.invalid" || url.pathname.startsWith("//")) return null;
    if (isGuestOnly(url.pathname) || isOpen(url.pathname) || url.pathname.startsWith("/api/")) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** Where a user lands after signing in: the `next` page, else the super-admin area or the dashboard. */
export const landingPath = (isSuperAdmin: boolean, next?: string | null) => safeNextPath(next) ?? (isSuperAdmin ? routes.superAdmin : routes.dashboard);
