import { nextProbeNumber, type ProbeTable } from "./probe";

/** Probes of /permission and /role (services/district/roles). */
export const roleProbes: ProbeTable = {
  "GET /permission/by-restriction/:type": { params: { type: { literal: "District" } } },
  "POST /permission/get-permissions-by-operations": { body: () => ({ operations: ["school.view"] }) },
  "POST /role/add": { body: () => ({ name: `Probe role ${nextProbeNumber()}`, operations: ["role.create"] }) },
  "GET /role/get-by-id/:id": { params: { id: "role" } },
  "PATCH /role/update/:id": { params: { id: "role" }, body: () => ({ name: `Probe update ${nextProbeNumber()}`, operations: ["school.view"], version: 1 }) },
  "POST /role/delete/:id": { params: { id: "role" } },
  "GET /role/get-roles-for-organization/:id": { params: { id: "organization" } },
  "GET /role/assignable-organizations": {},
  "POST /role/assign": { body: (id) => ({ staffId: id("staff"), roleId: id("role"), organizationId: id("organization") }) },
  "POST /role/unassign/:roleAccessId": { params: { roleAccessId: "roleAccess" } },
  "GET /role/staff-access/:staffId": { params: { staffId: "staff" } },
};
