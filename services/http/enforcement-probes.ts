import { roleMessages } from "../../lib/contract/roles-values";
import { billingProbes } from "./probes/billing";
import { classProbes } from "./probes/classes";
import { districtProbes } from "./probes/districts";
import { probeTable } from "./probes/probe";
import { roleProbes } from "./probes/roles";
import { schoolProbes } from "./probes/schools";
import { staffProbes } from "./probes/staff";
import { studentProbes } from "./probes/students";

/**
 * The enforcement walk's inputs (enforcement*.test.ts): valid probes per route, and the lists of
 * signed-in routes. A new route with a path parameter or a body gets its probe in the table of its path below.
 */

/** Valid inputs per `METHOD path`. A route with a path parameter or a body must have an entry in one of these tables. */
export const probes = probeTable(
  roleProbes, // /permission, /role
  staffProbes, // /staff
  districtProbes, // /district, /lgea, /super-admin, /district-configuration, /files
  schoolProbes, // /school
  studentProbes, // /student
  classProbes, // /class, /class-arm
  billingProbes, // the billing API: /transaction-logs, /wallet, /service, /api-clients
);

/**
 * Routes that, past their own operation, apply the grant rule (the caller must hold every operation of
 * the role given): with the route's operation alone they are admitted, then refused with this message.
 */
export const grantRuleRoutes: Record<string, string> = {
  "POST /staff/register-district-admin": roleMessages.cannotGrant,
  "POST /staff/register-lga-admin-on-district-portal": roleMessages.cannotGrant,
};

/** Routes any signed-in staff member may call without a permission: their own data. */
export const signedInAllowList = [
  "GET /auth/me",
  "GET /district/registration",
  "GET /staff/switch-role-access/:id",
  "GET /files/:id",
  "POST /staff/confirm-email-change",
  "GET /notifications",
  "GET /notifications/unread-count",
  "PATCH /notifications/read",
  "GET /profile/second-factor",
  "POST /profile/second-factor/enrolment",
  "POST /profile/second-factor/enrolment/confirm",
  "POST /profile/second-factor/off",
];
/** Signed-in routes whose path names a record (one of the caller's own role accesses, a file of their district): a random id is simply not found. */
export const ownRecordRoutes = ["GET /staff/switch-role-access/:id", "GET /files/:id"];
/** Signed-in routes that answer a probe with something other than 200 when nothing of the caller's matches (no new e-mail waits for this code). */
export const signedInAnswers: Record<string, number> = {
  "POST /staff/confirm-email-change": 400,
  // Two-step sign-in from the profile, for staff without it: the walk's enrolment just began, so its probe code is wrong; nothing to turn off.
  "POST /profile/second-factor/enrolment/confirm": 400,
  "POST /profile/second-factor/off": 409,
};
