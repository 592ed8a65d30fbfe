import { randomId } from "../../test/helpers";
import { emptyForm, type ProbeTable } from "./probe";

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

/** Probes of /student (services/district/students). */
export const studentProbes: ProbeTable = {
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
  "POST /student/imports/:id/drop-rows": { params: { id: { literal: randomId() } }, body: () => ({ column: "name", message: "x" }) },
  "PATCH /student/imports/:id": { params: { id: { literal: randomId() } }, body: () => ({ existing: "skip" }) },
  "POST /student/create-multiple/:id": { params: { id: { literal: randomId() } } },
  "GET /student/download": { query: { "district[0]": "district" } },
  // Group moves of pupils (students/move-routes.ts): a random or district 2's pupil or school is 404, so nothing moves.
  "POST /student/move-review": { body: (id) => ({ studentIds: [id("student")], toSchoolId: id("school") }) },
  "POST /student/move": { body: (id) => ({ studentIds: [id("student")], toSchoolId: id("school") }) },
  "GET /student/moves": {},
  // No move exists in the seed: a random id is not found (nothing is undone).
  "POST /student/moves/:id/reverse": { params: { id: { literal: randomId() } } },
};
