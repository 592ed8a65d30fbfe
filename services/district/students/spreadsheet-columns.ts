import type { NewStudent, StudentFiltersQuery } from "../../../lib/contract/students";
import { DEFAULT_COUNTRY_CODE } from "../../db/reference/nigeria";
import type { EntityDefinition } from "../../spreadsheet/entity";
import type { ExportedStudent } from "./search";

/** The student sheet's shape: its columns, what checking a row of it needs, and a pupil written in its cells. */

/**
 * What checking a pupil's row needs, loaded once per upload, fix or confirm: the schools in scope by
 * lower-cased name, and their classes by school and lower-cased name. `reserved` keeps, per import being
 * confirmed, the admission numbers its rows typed (read once), which generated numbers must not take.
 */
export type SheetContext = {
  schools: Map<string, { id: string; name: string }>;
  classes: Map<string, { id: string; name: string }>;
  /** "School — Class", for the allowed values sheet. */
  classList: string[];
  reserved: Map<string, Set<string>>;
};

/** Every field of the student form: the school and class by name, the guardian's phone with its code in one cell. */
export type ColumnKey = Exclude<keyof NewStudent, "schoolId" | "classId" | "guardianPhoneCode"> | "school" | "class";

type Column = EntityDefinition<SheetContext, NewStudent, StudentFiltersQuery>["columns"][number] & { key: ColumnKey };

/**
 * The student sheet's columns, in order: the template's, the upload's and the download's (GET
 * /student/download writes these, so a download reads back through the upload as it is).
 */
export const studentSheetColumns: Column[] = [
  { key: "admissionNumber", header: "Admission Number", aliases: ["Admission No", "Adm No", "Admission Num"], required: false, example: "" },
  { key: "firstName", header: "First Name", aliases: ["Firstname", "Given Name"], required: true, example: "Amaka" },
  { key: "lastName", header: "Last Name", aliases: ["Surname", "Lastname"], required: true, example: "Okonkwo" },
  { key: "middleName", header: "Middle Name", aliases: ["Other Names"], required: false, example: "Chidinma" },
  { key: "gender", header: "Gender", aliases: ["Sex"], required: true, example: "Female" },
  { key: "dob", header: "Date of Birth", aliases: ["DOB", "Birth Date"], required: true, example: "2014-03-21" },
  { key: "school", header: "School", aliases: ["School Name"], required: true, example: "Ikeja Model College" },
  { key: "class", header: "Class", aliases: ["Class Name", "Class Arm"], required: false, example: "JSS 1A" },
  { key: "dateOfAdmission", header: "Date of Admission", aliases: ["Admission Date"], required: true, example: "2026-09-14" },
  { key: "stateOfOrigin", header: "State of Origin", required: true, example: "Anambra" },
  { key: "localGovernmentOfOrigin", header: "LGA of Origin", aliases: ["Local Government of Origin"], required: true, example: "Awka South" },
  { key: "stateOfResidence", header: "State of Residence", required: true, example: "Lagos" },
  { key: "localGovernmentOfResidence", header: "LGA of Residence", aliases: ["Local Government of Residence"], required: true, example: "Ikeja" },
  { key: "address", header: "Address", aliases: ["Home Address"], required: true, example: "7 Opebi Road, Ikeja" },
  {
    key: "guardianName",
    header: "Guardian Name",
    aliases: ["Guardian", "Parent Name", "Parent/Guardian Name", "Guardian's Name"],
    required: true,
    example: "Ngozi Okonkwo",
  },
  { key: "guardianRelationship", header: "Guardian Relationship", aliases: ["Relationship", "Relationship to Pupil"], required: true, example: "Mother" },
  {
    key: "guardianPhone",
    header: "Guardian Phone",
    aliases: ["Guardian Phone Number", "Parent Phone", "Guardian's Phone"],
    required: true,
    example: "08031234567",
  },
  { key: "guardianEmail", header: "Guardian E-mail", aliases: ["Guardian Email", "Parent Email", "Guardian's E-mail"], required: false, example: "" },
  { key: "specialNeeds", header: "Special Needs", aliases: ["Special Educational Needs", "SEN"], required: false, example: "None" },
];

/** Between a school and its class on the allowed values sheet; a Class cell may be written this way too. */
export const SCHOOL_CLASS_SEPARATOR = " — ";

/** A pupil in the sheet's columns, so a download imports back as it is. */
export function studentSheetCells(r: ExportedStudent): string[] {
  const cells: Record<ColumnKey, string | null> = {
    admissionNumber: r.admissionNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    middleName: r.middleName,
    gender: r.gender,
    dob: r.dob,
    school: r.schoolName,
    class: r.className,
    dateOfAdmission: r.dateOfAdmission,
    stateOfOrigin: r.stateOfOrigin,
    localGovernmentOfOrigin: r.localGovernmentOfOrigin,
    stateOfResidence: r.stateOfResidence,
    localGovernmentOfResidence: r.localGovernmentOfResidence,
    address: r.address,
    guardianName: r.guardianName,
    guardianRelationship: r.guardianRelationship,
    guardianPhone: r.guardianPhone ? `${r.guardianPhoneCode ?? DEFAULT_COUNTRY_CODE}${r.guardianPhone}` : null,
    guardianEmail: r.guardianEmail,
    specialNeeds: r.specialNeeds,
  };
  return studentSheetColumns.map((c) => cells[c.key] ?? "");
}
