import { randomId } from "../../test/helpers";
import { emptyForm, nextProbeNumber, type ProbeTable } from "./probe";

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
  pupilTeacherThreshold: 40,
};

/** Probes of /district, /lgea, /super-admin, /district-configuration, /files, /audit and /notifications. */
export const districtProbes: ProbeTable = {
  "GET /district/get-dashboard-information/:id": { params: { id: "district" } },
  "POST /super-admin/requirements": { body: (id) => ({ stateId: id("district"), districtId: id("district"), description: "Probe requirement" }) },
  "PATCH /super-admin/requirements/:id": { params: { id: { literal: randomId() } }, body: () => ({ completed: true }) },
  "DELETE /super-admin/requirements/:id": { params: { id: { literal: randomId() } } },
  "PATCH /super-admin/districts/:id/account-status": { params: { id: { literal: randomId() } }, body: () => ({ accountStatus: "Active" }) },
  "POST /super-admin/switch-district": { body: (id) => ({ districtId: id("district") }) },
  "POST /super-admin/registrations/:id/approve": { params: { id: { literal: randomId() } } },
  "POST /super-admin/registrations/:id/request-changes": { params: { id: { literal: randomId() } }, body: () => ({ reason: "Probe reason" }) },
  "POST /super-admin/registrations/:id/reject": { params: { id: { literal: randomId() } }, body: () => ({ reason: "Probe reason" }) },
  // The walk's districts did not register themselves: the owner is admitted, and finds no registration (404).
  "PATCH /district/registration": { body: () => ({ name: `Probe District ${nextProbeNumber()}`, address: "1 Probe Road", phoneNumbers: [], emails: [] }) },
  "GET /lgea/search": { query: { "district[0]": "district" } },
  // The audit trail: district 2's trail named by a district administrator of district 1 is 404.
  "GET /audit/search": { query: { "district[0]": "district" } },
  "GET /audit/download": { query: { "district[0]": "district" } },
  "GET /audit/people": { query: { "district[0]": "district" } },
  "GET /audit/operations": { query: { "district[0]": "district" } },
  // Statistics: district 2's figures asked for by a district administrator of district 1 are 404.
  "GET /statistics/enrolment": { query: { "district[0]": "district" } },
  "GET /statistics/teachers": { query: { "district[0]": "district" } },
  "GET /statistics/classes": { query: { "district[0]": "district" } },
  "GET /statistics/retirements": { query: { "district[0]": "district" } },
  "GET /statistics/movement": { query: { "district[0]": "district" } },
  "GET /statistics/download": { query: { "district[0]": "district" } },
  "GET /statistics/trends": { query: { "district[0]": "district" } },
  "POST /statistics/snapshot": { query: { "district[0]": "district" } },
  // One's own notifications: another's id is left alone (the answer is still 200).
  "PATCH /notifications/read": { body: () => ({ ids: [randomId()] }) },
  "GET /district/view/:id": { params: { id: "district" } },
  "PATCH /district/update/:id": {
    params: { id: "district" },
    body: () => ({ name: `Probe District ${nextProbeNumber()}`, address: "1 Probe Road", phoneNumbers: [], emails: [], version: 999 }),
  },
  "PATCH /district/upload-logo/:id": { params: { id: "district" }, form: emptyForm },
  "PATCH /district/upload-district-image/:id": { params: { id: "district" }, form: emptyForm },
  "PATCH /district/upload-multiple-images/:id": { params: { id: "district" }, form: emptyForm },
  "GET /files/:id": { params: { id: "staff" } },
  // The configuration is the caller's own district's (no id); a version it never has: admitted, answered 409, nothing changes.
  "GET /district-configuration/get": {},
  "PATCH /district-configuration/update": { body: () => ({ ...probeConfiguration, version: 999 }) },
};
