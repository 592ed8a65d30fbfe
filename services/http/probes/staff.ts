import { randomId } from "../../test/helpers";
import { emptyForm, nextProbeNumber, type IdOf, type ProbeTable } from "./probe";

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

/** Probes of /staff (services/district/staff, and the /staff routes of roles, lgeas and super-admin). */
export const staffProbes: ProbeTable = {
  "GET /staff/search": { query: { "district[0]": "district" } },
  "POST /staff/staff-transfer-review": { body: (id) => ({ staffIds: [id("staff")], destination: { kind: "school", schoolId: id("school") } }) },
  "POST /staff/staff-transfer/": { body: (id) => probeTransfer(id) },
  "POST /staff/staff-transfer": { body: (id) => probeTransfer(id) },
  "GET /staff/list-staff-transfer": { query: { school: "school" } },
  "GET /staff/staff-transfer/:id": { params: { id: { literal: randomId() } } },
  "PATCH /staff/account-status/:id": { params: { id: "staff" }, body: () => ({ accountStatus: "Active" }) },
  "POST /staff/authorize-super-admin": { body: (id) => ({ staffId: id("staff") }) },
  "POST /staff/transfer-right": { body: (id) => ({ staffId: id("staff") }) },
  "POST /staff/confirm-email-change": { body: () => ({ code: "123456" }) },
  "POST /staff/:staffId/second-factor/reset": { params: { staffId: "staff" } },
  "POST /profile/second-factor/enrolment/confirm": { body: () => ({ code: "000000" }) },
  "POST /profile/second-factor/off": { body: () => ({ code: "000000" }) },
  "GET /staff/username-exists/:value": { params: { value: { literal: "probe.username" } } },
  "GET /staff/email-exists/:value": { params: { value: { literal: "probe@example.org" } } },
  "GET /staff/phone-number-exists/:value": { params: { value: { literal: "8039999999" } } },
  "GET /staff/switch-role-access/:id": { params: { id: "roleAccess" } },
  // A new administrator rather than an existing one's id: a random staffId is a 400 of the route's own, not a 404.
  "POST /staff/register-lga-admin-on-district-portal": { body: () => newProbeLgea() },
  "GET /staff/view-staff/:id": { params: { id: "staff" } },
  "GET /staff/search-total": { query: { "district[0]": "district" } },
  "POST /staff/create": { body: () => newProbeStaff() },
  "POST /staff/register-district-admin": { body: () => newProbeStaff() },
  "GET /staff/possible-duplicates": { query: { firstName: { literal: "Probe" }, lastName: { literal: "Person" }, dob: { literal: "1990-01-01" } } },
  // A version no record has: the caller's own record is admitted and answered 409, and nothing changes.
  "PATCH /staff/update/:id": { params: { id: "staff" }, body: () => ({ ...probeStaffDetails, version: 999 }) },
  "GET /staff/last-time-active": { query: { staffId: "staff" } },
  "PATCH /staff/update-profile-picture/:id": { params: { id: "staff" }, form: emptyForm },
  "POST /staff/upload-multiple": { form: staffCsvForm },
  "GET /staff/imports/:id/rows": { params: { id: { literal: randomId() } } },
  "PATCH /staff/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } }, body: () => ({ data: {} }) },
  "DELETE /staff/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } } },
  "GET /staff/imports/:id/rejected": { params: { id: { literal: randomId() } } },
  "POST /staff/imports/:id/drop-rows": { params: { id: { literal: randomId() } }, body: () => ({ column: "name", message: "x" }) },
  "PATCH /staff/imports/:id": { params: { id: { literal: randomId() } }, body: () => ({ existing: "skip" }) },
  "POST /staff/create-multiple/:id": { params: { id: { literal: randomId() } } },
  "GET /staff/download": { query: { "district[0]": "district" } },
};
