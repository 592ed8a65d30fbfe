import { todayInLagos } from "@/lib/contract/staff-values";
import type { NewStudentInput, StudentRecord, StudentUpdateInput } from "@/lib/contract/students";

/** A new pupil's form as it opens: admitted today, the guardian's code +234, no special needs; everything else to fill. */
export function blankStudent(): NewStudentInput {
  return {
    admissionNumber: "",
    firstName: "",
    lastName: "",
    middleName: "",
    gender: "" as NewStudentInput["gender"],
    dob: "",
    schoolId: "",
    classId: "",
    dateOfAdmission: todayInLagos(),
    stateOfOrigin: "",
    localGovernmentOfOrigin: "",
    stateOfResidence: "",
    localGovernmentOfResidence: "",
    address: "",
    guardianName: "",
    guardianRelationship: "" as NewStudentInput["guardianRelationship"],
    guardianPhoneCode: "+234",
    guardianPhone: "",
    guardianEmail: "",
    specialNeeds: "None",
  };
}

/** The edit form's starting values: the record as it is (empty where it has nothing), with the version it was read at. */
export function studentFormValues(s: StudentRecord): StudentUpdateInput {
  return {
    admissionNumber: s.admissionNumber,
    firstName: s.firstName,
    lastName: s.lastName,
    middleName: s.middleName ?? "",
    gender: (s.gender ?? "") as StudentUpdateInput["gender"],
    dob: s.dob ?? "",
    schoolId: s.school.id,
    classId: s.class?.id ?? "",
    dateOfAdmission: s.dateOfAdmission,
    stateOfOrigin: s.stateOfOrigin ?? "",
    localGovernmentOfOrigin: s.localGovernmentOfOrigin ?? "",
    stateOfResidence: s.stateOfResidence ?? "",
    localGovernmentOfResidence: s.localGovernmentOfResidence ?? "",
    address: s.address ?? "",
    guardianName: s.guardianName ?? "",
    guardianRelationship: (s.guardianRelationship ?? "") as StudentUpdateInput["guardianRelationship"],
    guardianPhoneCode: s.guardianPhoneCode || "+234",
    guardianPhone: s.guardianPhone ?? "",
    guardianEmail: s.guardianEmail ?? "",
    specialNeeds: s.specialNeeds ?? "None",
    enrolmentStatus: s.enrolmentStatus,
    version: s.version,
  };
}

/** A pupil's name as the record and the register show it: first, middle, last. */
export const studentName = (s: { firstName: string; middleName?: string | null; lastName: string }) =>
  [s.firstName, s.middleName, s.lastName].filter(Boolean).join(" ");
