import type { NewStaff, StaffFiltersQuery } from "../../../lib/contract/staff";
import { DEFAULT_COUNTRY } from "../../db/reference/nigeria";
import type { EntityDefinition } from "../../spreadsheet/entity";
import type { StaffRow } from "./queries";

/**
 * What checking a staff row needs, loaded once per upload: the district's name (for the invitations) and
 * state (staff numbers are unique there), the schools in scope by lower-cased name, and the office an empty
 * school cell posts at: the district office at district level, the LGEA's own office for an LGEA's staff (as
 * the form lets each post), none at a school.
 */
export type SheetContext = {
  districtName: string;
  stateId: string;
  schools: Map<string, { id: string; name: string }>;
  districtOffice: boolean;
  lgeaOffice: string | null;
};

/** Every field of the staff form but the phone's code (the phone cell carries it) and the map pin; the staff type; the school of posting. */
export type ColumnKey = Exclude<keyof NewStaff, "phoneCode" | "addressCoordinates" | "schoolId" | "lgeaId"> | "school";

export const staffSheetColumns: (EntityDefinition<SheetContext, NewStaff, StaffFiltersQuery>["columns"][number] & { key: ColumnKey })[] = [
  { key: "title", header: "Title", required: false, example: "Mrs" },
  { key: "firstName", header: "First Name", aliases: ["Firstname", "Given Name"], required: true, example: "Folake" },
  { key: "lastName", header: "Last Name", aliases: ["Surname", "Lastname"], required: true, example: "Adeyemi" },
  { key: "middleName", header: "Middle Name", aliases: ["Other Names"], required: false, example: "Abosede" },
  { key: "oracleNumber", header: "Oracle Number", aliases: ["Oracle No"], required: true, example: "ORC-10234" },
  { key: "tescomNumber", header: "Staff Number", aliases: ["Tescom Number", "Staff No", "Tescom No"], required: true, example: "TSC-55021" },
  { key: "gender", header: "Gender", aliases: ["Sex"], required: true, example: "Female" },
  { key: "dob", header: "Date of Birth", aliases: ["DOB", "Birth Date"], required: true, example: "1988-04-12" },
  { key: "phoneNumber", header: "Phone Number", aliases: ["Phone", "Phone No", "Mobile"], required: true, example: "08031234567" },
  { key: "email", header: "E-mail", aliases: ["Email Address"], required: true, example: "folake.adeyemi@example.org" },
  { key: "address", header: "Address", aliases: ["Home Address"], required: true, example: "12 Awolowo Way, Ikeja" },
  { key: "countryOfOrigin", header: "Country of Origin", required: false, example: DEFAULT_COUNTRY },
  { key: "stateOfOrigin", header: "State of Origin", required: true, example: "Ogun" },
  { key: "localGovernmentOfOrigin", header: "LGA of Origin", aliases: ["Local Government of Origin"], required: true, example: "Abeokuta North" },
  { key: "countryOfResidence", header: "Country of Residence", required: false, example: DEFAULT_COUNTRY },
  { key: "stateOfResidence", header: "State of Residence", required: true, example: "Lagos" },
  { key: "localGovernmentOfResidence", header: "LGA of Residence", aliases: ["Local Government of Residence"], required: true, example: "Ikeja" },
  {
    key: "areaOfSpecialization",
    header: "Area of Specialization",
    aliases: ["Specialization", "Area of Specialisation"],
    required: false,
    example: "Mathematics",
  },
  { key: "dateOfEmployment", header: "Date of Employment", required: false, example: "2015-09-01" },
  { key: "dateOfLastPromotion", header: "Date of Last Promotion", required: false, example: "2021-01-15" },
  { key: "dateOfFirstAppointment", header: "Date of First Appointment", required: false, example: "2015-09-01" },
  { key: "dateOfPresentAppointment", header: "Date of Present Appointment", required: false, example: "2021-01-15" },
  { key: "lastDateOfPosting", header: "Last Date of Posting", aliases: ["Date of Last Posting"], required: false, example: "2023-09-04" },
  { key: "maritalStatus", header: "Marital Status", required: false, example: "Married" },
  { key: "staffType", header: "Staff Type", required: true, example: "Teaching" },
  // By name; empty posts the staff member at the uploader's office (the district's, or their LGEA's).
  { key: "school", header: "School", aliases: ["School Name"], required: false, example: "" },
];

export type ExportedStaff = StaffRow & { schoolName: string | null };

/** A staff record in the template's columns, so a download imports back as it is (an LGEA office posting has no school: empty). */
export const staffSheetCells = (r: ExportedStaff): Record<ColumnKey, string | null> => ({
  title: r.title,
  firstName: r.firstName,
  lastName: r.lastName,
  middleName: r.middleName,
  oracleNumber: r.oracleNumber,
  tescomNumber: r.tescomNumber,
  gender: r.gender,
  dob: r.dob,
  phoneNumber: `${r.phoneCode}${r.phoneNumber}`,
  email: r.email,
  address: r.address,
  countryOfOrigin: r.countryOfOrigin,
  stateOfOrigin: r.stateOfOrigin,
  localGovernmentOfOrigin: r.localGovernmentOfOrigin,
  countryOfResidence: r.countryOfResidence,
  stateOfResidence: r.stateOfResidence,
  localGovernmentOfResidence: r.localGovernmentOfResidence,
  areaOfSpecialization: r.areaOfSpecialization,
  dateOfEmployment: r.dateOfEmployment,
  dateOfLastPromotion: r.dateOfLastPromotion,
  dateOfFirstAppointment: r.dateOfFirstAppointment,
  dateOfPresentAppointment: r.dateOfPresentAppointment,
  lastDateOfPosting: r.lastDateOfPosting,
  maritalStatus: r.maritalStatus,
  staffType: r.staffType,
  school: r.schoolName,
});
