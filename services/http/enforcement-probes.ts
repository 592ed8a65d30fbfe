import { roleMessages } from "../../lib/contract/roles-values";
import { randomId } from "../test/helpers";

/**
 * The enforcement walk's inputs (enforcement.test.ts): valid probes per route, and the lists of
 * signed-in routes. A new route with a path parameter or a body gets its probe here.
 */

let unique = 0;
/** A fresh number for probe names that must not clash. */
export const nextProbeNumber = () => ++unique;

/** The kind of record an id in a path, query or body names; district 2's record of that kind is used for the 404 check. */
export type Kind = "role" | "staff" | "district" | "organization" | "roleAccess" | "school" | "schoolRole" | "lgea" | "schoolClass" | "classType" | "student";
export type Value = Kind | { literal: string };
export type IdOf = (kind: Kind) => string;
export type Probe = { params?: Record<string, Value>; query?: Record<string, Value>; body?: (id: IdOf) => unknown; form?: () => FormData };

/** An upload without its file: the routes find (or do not find) their record before they read it. */
const emptyForm = () => new FormData();

/** A small valid upload for the spreadsheet routes. */
const csvForm = () => {
  const form = new FormData();
  form.append("file", new Blob(["Name,Address,Local Government,Category\nProbe Upload School,1 Road,Agege,Primary\n"]), "probe.csv");
  return form;
};

/** A small valid staff upload: every required column, one row (staged only: confirming needs its import's id). */
const staffCsvForm = () => {
  const header =
    "First Name,Last Name,Oracle Number,Staff Number,Gender,Date of Birth,Phone Number,E-mail,Address,State of Origin,LGA of Origin,State of Residence,LGA of Residence,Staff Type";
  const row = "Probe,Upload,OR-UP-1,TS-UP-1,Male,1990-01-01,08000000098,probe.upload@example.org,1 Probe Road,Lagos,Ikeja,Lagos,Ikeja,Teaching";
  const form = new FormData();
  form.append("file", new Blob([`${header}\n${row}\n`]), "probe-staff.csv");
  return form;
};

/**
 * A transfer of one staff member to a school, for both spellings of POST /staff/staff-transfer/: a day that
 * stays in the future, and ids that are never of the caller's district, so the walk moves no one.
 */
const probeTransfer = (id: IdOf) => ({
  staffIds: [id("staff")],
  destination: { kind: "school", schoolId: id("school") },
  effectiveDate: "2099-12-31",
  reason: "Probe transfer",
});

/** Valid inputs per `METHOD path`. A route with a path parameter or a body must have an entry here. */
export const probes: Record<string, Probe> = {
  "GET /permission/by-restriction/:type": { params: { type: { literal: "District" } } },
  "POST /permission/get-permissions-by-operations": { body: () => ({ operations: ["school.view"] }) },
  "POST /role/add": { body: () => ({ name: `Probe role ${nextProbeNumber()}`, operations: ["role.create"] }) },
  "GET /role/get-by-id/:id": { params: { id: "role" } },
  "PATCH /role/update/:id": { params: { id: "role" }, body: () => ({ name: `Probe update ${nextProbeNumber()}`, operations: ["school.view"], version: 1 }) },
  "POST /role/delete/:id": { params: { id: "role" } },
  "GET /role/get-roles-for-organization/:id": { params: { id: "organization" } },
  "POST /role/assign": { body: (id) => ({ staffId: id("staff"), roleId: id("role"), organizationId: id("organization") }) },
  "POST /role/unassign/:roleAccessId": { params: { roleAccessId: "roleAccess" } },
  "GET /role/staff-access/:staffId": { params: { staffId: "staff" } },
  "GET /staff/search": { query: { "district[0]": "district" } },
  "POST /staff/staff-transfer-review": { body: (id) => ({ staffIds: [id("staff")], destination: { kind: "school", schoolId: id("school") } }) },
  "POST /staff/staff-transfer/": { body: (id) => probeTransfer(id) },
  "POST /staff/staff-transfer": { body: (id) => probeTransfer(id) },
  "GET /staff/list-staff-transfer": { query: { school: "school" } },
  "GET /staff/staff-transfer/:id": { params: { id: { literal: randomId() } } },
  "GET /district/get-dashboard-information/:id": { params: { id: "district" } },
  "PATCH /staff/account-status/:id": { params: { id: "staff" }, body: () => ({ accountStatus: "Active" }) },
  "POST /super-admin/requirements": { body: (id) => ({ stateId: id("district"), districtId: id("district"), description: "Probe requirement" }) },
  "PATCH /super-admin/requirements/:id": { params: { id: { literal: randomId() } }, body: () => ({ completed: true }) },
  "DELETE /super-admin/requirements/:id": { params: { id: { literal: randomId() } } },
  "PATCH /super-admin/districts/:id/account-status": { params: { id: { literal: randomId() } }, body: () => ({ accountStatus: "Active" }) },
  "POST /super-admin/switch-district": { body: (id) => ({ districtId: id("district") }) },
  "POST /staff/authorize-super-admin": { body: (id) => ({ staffId: id("staff") }) },
  "POST /staff/transfer-right": { body: (id) => ({ staffId: id("staff") }) },
  "POST /staff/confirm-email-change": { body: () => ({ code: "123456" }) },
  "GET /staff/username-exists/:value": { params: { value: { literal: "probe.username" } } },
  "GET /staff/switch-role-access/:id": { params: { id: "roleAccess" } },
  "GET /lgea/search": { query: { "district[0]": "district" } },
  // A new administrator rather than an existing one's id: a random staffId is a 400 of the route's own, not a 404.
  "POST /staff/register-lga-admin-on-district-portal": { body: () => newProbeLgea() },
  "GET /district/view/:id": { params: { id: "district" } },
  "PATCH /district/update/:id": {
    params: { id: "district" },
    body: () => ({ name: `Probe District ${nextProbeNumber()}`, address: "1 Probe Road", phoneNumbers: [], emails: [], version: 999 }),
  },
  "PATCH /district/upload-logo/:id": { params: { id: "district" }, form: emptyForm },
  "PATCH /district/upload-district-image/:id": { params: { id: "district" }, form: emptyForm },
  "PATCH /district/upload-multiple-images/:id": { params: { id: "district" }, form: emptyForm },
  "GET /staff/view-staff/:id": { params: { id: "staff" } },
  "GET /staff/search-total": { query: { "district[0]": "district" } },
  "POST /staff/create": { body: () => newProbeStaff() },
  "POST /staff/register-district-admin": { body: () => newProbeStaff() },
  "GET /staff/possible-duplicates": { query: { firstName: { literal: "Probe" }, lastName: { literal: "Person" }, dob: { literal: "1990-01-01" } } },
  // A version no record has: the caller's own record is admitted and answered 409, and nothing changes.
  "PATCH /staff/update/:id": { params: { id: "staff" }, body: () => ({ ...probeStaffDetails, version: 999 }) },
  "GET /staff/last-time-active": { query: { staffId: "staff" } },
  "PATCH /staff/update-profile-picture/:id": { params: { id: "staff" }, form: emptyForm },
  "GET /files/:id": { params: { id: "staff" } },
  "GET /school/search": { query: { district: "district" } },
  "GET /school/search-total": { query: { district: "district" } },
  "GET /school/get-by-district/:id": { params: { id: "district" } },
  "GET /school/view/:id": { params: { id: "school" } },
  "GET /school/get-school-information/:id": { params: { id: "school" } },
  "POST /school/add": { body: () => ({ name: `Probe School ${nextProbeNumber()}`, address: "1 Probe Road", localGovernment: "Agege", category: "Primary" }) },
  "PATCH /school/update/:id": {
    params: { id: "school" },
    body: () => ({ name: `Probe School ${nextProbeNumber()}`, address: "1 Probe Road", localGovernment: "Agege", category: "Primary", version: 999 }),
  },
  "POST /school/assign-role/:id": { params: { id: "school" }, body: (id) => ({ role: "Bursar", staffId: id("staff") }) },
  "POST /school/unassign-role/:schoolRoleId": { params: { schoolRoleId: "schoolRole" } },
  "POST /school/upload-multiple": { form: csvForm },
  "GET /school/imports/:id/rows": { params: { id: { literal: randomId() } } },
  "PATCH /school/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } }, body: () => ({ data: {} }) },
  "DELETE /school/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } } },
  "GET /school/imports/:id/rejected": { params: { id: { literal: randomId() } } },
  "POST /school/create-multiple-schools": { body: () => ({ importId: randomId() }) },
  "GET /school/download": { query: { "district[0]": "district" } },
  "POST /staff/upload-multiple": { form: staffCsvForm },
  "GET /staff/imports/:id/rows": { params: { id: { literal: randomId() } } },
  "PATCH /staff/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } }, body: () => ({ data: {} }) },
  "DELETE /staff/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } } },
  "GET /staff/imports/:id/rejected": { params: { id: { literal: randomId() } } },
  "POST /staff/create-multiple/:id": { params: { id: { literal: randomId() } } },
  "GET /staff/download": { query: { "district[0]": "district" } },
  // The admission register (students/register-routes.ts): another district's district[0] is 404.
  "GET /student/search": { query: { "district[0]": "district" } },
  "GET /student/search-total": { query: { "district[0]": "district" } },
  "GET /student/summary": { query: { "district[0]": "district" } },
  // A pupil's record (students/routes.ts): a random or district 2's school or pupil is 404, so nothing is written.
  "POST /student/add": { body: (id) => ({ ...probeStudent, schoolId: id("school") }) },
  "GET /student/view-by-id/:id": { params: { id: "student" } },
  "PATCH /student/update/:id": {
    params: { id: "student" },
    body: (id) => ({ ...probeStudent, schoolId: id("school"), enrolmentStatus: "Enrolled", version: 999 }),
  },
  "GET /student/possible-duplicates": {
    query: { firstName: { literal: "Probe" }, lastName: { literal: "Pupil" }, gender: { literal: "Male" }, dob: { literal: "2015-01-01" } },
  },
  "POST /student/upload-photo/:id": { params: { id: "student" }, form: emptyForm },
  // The student upload (students/spreadsheet.ts): staged only, confirming needs its import's id.
  "POST /student/upload-multiple": { form: () => studentCsvForm() },
  "GET /student/imports/:id/rows": { params: { id: { literal: randomId() } } },
  "PATCH /student/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } }, body: () => ({ data: {} }) },
  "DELETE /student/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } } },
  "GET /student/imports/:id/rejected": { params: { id: { literal: randomId() } } },
  "POST /student/create-multiple/:id": { params: { id: { literal: randomId() } } },
  "GET /student/download": { query: { "district[0]": "district" } },
  // Classes: a version no record has; ids of district 2 are 404, random ones 404 too (nothing is written).
  "POST /class-arm/add-class-type": { body: () => ({ name: `Probe Class Type ${nextProbeNumber()}`, level: "Primary", position: 900 }) },
  "PATCH /class-arm/update-class-type/:id": {
    params: { id: "classType" },
    body: () => ({ name: `Probe Class Type ${nextProbeNumber()}`, level: "Primary", position: 900, version: 999 }),
  },
  "POST /class-arm/delete-class-type/:id": { params: { id: "classType" } },
  "GET /class/view-all": { query: { school: "school" } },
  "GET /class/view/:id": { params: { id: "schoolClass" } },
  "POST /class/add": { body: (id) => ({ schoolId: id("school"), classTypeId: id("classType"), arm: "Probe", capacity: 40 }) },
  "PATCH /class/update/:id": {
    params: { id: "schoolClass" },
    body: (id) => ({ schoolId: id("school"), classTypeId: id("classType"), arm: "Probe", capacity: 40, version: 999 }),
  },
  "POST /class/standard-set-review": { body: (id) => ({ schoolId: id("school"), classTypeIds: [id("classType")], arms: ["A"], capacity: 40 }) },
  "POST /class/add-standard-set": { body: (id) => ({ schoolId: id("school"), classTypeIds: [id("classType")], arms: ["A"], capacity: 40 }) },
  // The configuration is the caller's own district's (no id); a version it never has: admitted, answered 409, nothing changes.
  "GET /district-configuration/get": {},
  "PATCH /district-configuration/update": { body: () => ({ ...probeConfiguration, version: 999 }) },
  // Group moves of pupils (students/move-routes.ts): a random or district 2's pupil or school is 404, so nothing moves.
  "POST /student/move-review": { body: (id) => ({ studentIds: [id("student")], toSchoolId: id("school") }) },
  "POST /student/move": { body: (id) => ({ studentIds: [id("student")], toSchoolId: id("school") }) },
  "GET /student/moves": {},
  // No move exists in the seed: a random id is not found (nothing is undone).
  "POST /student/moves/:id/reverse": { params: { id: { literal: randomId() } } },
  // Transaction logs (billing API): district 2 named by a district administrator of district 1 is 404.
  "GET /transaction-logs/search": { query: { "district[0]": "district" } },
  "GET /transaction-logs/search-total": { query: { "district[0]": "district" } },
  "GET /transaction-logs/download": { query: { "district[0]": "district" } },
  // Report-card charges (billing/report-cards): a random or district 2's school is 404, so nothing is charged.
  "GET /wallet/report-card-quote": { query: { schoolId: "school" } },
  "POST /wallet/report-card-charge": { body: (id) => ({ schoolId: id("school") }) },
  // The service endpoint (API key, not a bearer token): the walk's own test sends it a key; a school not of its district is 404.
  "POST /service/report-card-charge": {
    body: (id) => ({ schoolId: id("school"), academicSession: "2026/2027", term: "First Term", idempotencyKey: `probe-${nextProbeNumber()}` }),
  },
  // API clients and reversals (super administrators): random ids are not found, so nothing is issued, revoked or reversed.
  "GET /api-clients": { query: { district: "district" } },
  "POST /api-clients": { body: (id) => ({ districtId: id("district"), name: "Probe result system" }) },
  "POST /api-clients/:id/revoke": { params: { id: { literal: randomId() } } },
  "POST /transaction-logs/reverse/:id": { params: { id: { literal: randomId() } }, body: () => ({ reason: "Probe reversal" }) },
  // Wallet funding (billing/wallet): district 2's wallet is 404; a payment link goes to the test API's provider stand-in
  // (nothing is paid); no payment has the probe's reference, so nothing is credited.
  "GET /wallet/balance/:id": { params: { id: "district" } },
  "POST /wallet/payment-link": { body: () => ({ amount: 1_000_000 }) },
  "POST /wallet/fund": { body: () => ({ reference: "WF-PROBE" }) },
};

/** A pupil for the student form's probes (the school is the probe's id). */
const probeStudent = {
  admissionNumber: "",
  firstName: "Probe",
  lastName: "Pupil",
  gender: "Male",
  dob: "2015-01-01",
  classId: "",
  dateOfAdmission: "2021-09-13",
  stateOfOrigin: "Lagos",
  localGovernmentOfOrigin: "Ikeja",
  stateOfResidence: "Lagos",
  localGovernmentOfResidence: "Ikeja",
  address: "1 Probe Road",
  guardianName: "Probe Guardian",
  guardianRelationship: "Mother",
  guardianPhone: "8000000097",
};

/** A small valid student upload: every required column, one row. */
const studentCsvForm = () => {
  const header =
    "First Name,Last Name,Gender,Date of Birth,School,Date of Admission,State of Origin,LGA of Origin,State of Residence,LGA of Residence,Address,Guardian Name,Guardian Relationship,Guardian Phone";
  const row = "Probe,Upload,Male,2015-01-01,Agege Senior Grammar School,2021-09-13,Lagos,Ikeja,Lagos,Ikeja,1 Probe Road,Probe Guardian,Mother,08000000097";
  const form = new FormData();
  form.append("file", new Blob([`${header}\n${row}\n`]), "probe-students.csv");
  return form;
};

/** A valid configuration for the update probe. */
const probeConfiguration = {
  academicSession: "2026/2027",
  terms: [
    { name: "First Term", startDate: "2026-09-14", endDate: "2026-12-18" },
    { name: "Second Term", startDate: "2027-01-11", endDate: "2027-04-09" },
    { name: "Third Term", startDate: "2027-04-26", endDate: "2027-07-23" },
  ],
  reportCardPrice: 50_000,
  admissionNumberPattern: "ADM/{YYYY}/{SEQ:5}",
  lowBalanceThreshold: 500_000,
};

const probeStaffDetails = {
  title: "Mr",
  firstName: "Probe",
  lastName: "Person",
  oracleNumber: "OR-1",
  tescomNumber: "TS-1",
  gender: "Male",
  dob: "1990-01-01",
  phoneNumber: "8000000099",
  email: "probe.person@example.org",
  address: "1 Probe Road",
  countryOfOrigin: "Nigeria",
  stateOfOrigin: "Lagos",
  localGovernmentOfOrigin: "Ikeja",
  countryOfResidence: "Nigeria",
  stateOfResidence: "Lagos",
  localGovernmentOfResidence: "Ikeja",
};

/** A new staff member whose e-mail, phone and numbers no other probe uses. */
const newProbeStaff = () => {
  const n = nextProbeNumber();
  return {
    ...probeStaffDetails,
    email: `probe.new.${n}@example.org`,
    phoneNumber: `80100${String(n).padStart(5, "0")}`,
    oracleNumber: `OR-NEW-${n}`,
    tescomNumber: `TS-NEW-${n}`,
    staffType: "Teaching",
  };
};

/** A new LGEA portal with a new administrator: the first call in a district creates it, later ones get 409 (the local government is taken). */
const newProbeLgea = () => ({
  name: `Probe LGEA ${nextProbeNumber()}`,
  localGovernment: "Surulere",
  address: "1 Probe Road",
  phoneNumbers: [],
  emails: [],
  administrator: { kind: "new", staff: newProbeStaff() },
});

/**
 * Routes that, past their own operation, apply the grant rule (the caller must hold every operation of
 * the role given): with the route's operation alone they are admitted, then refused with this message.
 */
export const grantRuleRoutes: Record<string, string> = {
  "POST /staff/register-district-admin": roleMessages.cannotGrant,
  "POST /staff/register-lga-admin-on-district-portal": roleMessages.cannotGrant,
};

/** Routes any signed-in staff member may call without a permission: their own data and availability checks. */
export const signedInAllowList = [
  "GET /auth/me",
  "GET /staff/email-exists/:value",
  "GET /staff/phone-number-exists/:value",
  "GET /staff/switch-role-access/:id",
  "GET /files/:id",
  "POST /staff/confirm-email-change",
];
/** Signed-in routes whose path names a record (one of the caller's own role accesses, a file of their district): a random id is simply not found. */
export const ownRecordRoutes = ["GET /staff/switch-role-access/:id", "GET /files/:id"];
/** Signed-in routes that answer a probe with something other than 200 when nothing of the caller's matches (no new e-mail waits for this code). */
export const signedInAnswers: Record<string, number> = { "POST /staff/confirm-email-change": 400 };
