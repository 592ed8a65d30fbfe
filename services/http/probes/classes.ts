import { nextProbeNumber, type ProbeTable } from "./probe";

/** Probes of /class and /class-arm (services/district/classes). */
export const classProbes: ProbeTable = {
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
};
