import { randomId } from "../../test/helpers";
import { nextProbeNumber, type ProbeTable } from "./probe";

/** A small valid upload for the school spreadsheet routes. */
const schoolCsvForm = () => {
  const form = new FormData();
  form.append("file", new Blob(["Name,Address,Local Government,Category\nProbe Upload School,1 Road,Agege,Primary\n"]), "probe.csv");
  return form;
};

/** Probes of /school (services/district/schools). */
export const schoolProbes: ProbeTable = {
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
  "POST /school/upload-multiple": { form: schoolCsvForm },
  "GET /school/imports/:id/rows": { params: { id: { literal: randomId() } } },
  "PATCH /school/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } }, body: () => ({ data: {} }) },
  "DELETE /school/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } } },
  "GET /school/imports/:id/rejected": { params: { id: { literal: randomId() } } },
  "POST /school/imports/:id/drop-rows": { params: { id: { literal: randomId() } }, body: () => ({ column: "name", message: "x" }) },
  "PATCH /school/imports/:id": { params: { id: { literal: randomId() } }, body: () => ({ existing: "skip" }) },
  "POST /school/create-multiple-schools": { body: () => ({ importId: randomId() }) },
  "GET /school/download": { query: { "district[0]": "district" } },
};
