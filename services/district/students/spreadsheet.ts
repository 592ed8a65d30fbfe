import { and, eq, sql } from "drizzle-orm";
import type * as z from "zod/mini";
import { successNotices } from "../../../lib/contract/messages";
import { genderEnum, staffRegisterMessages } from "../../../lib/contract/staff";
import {
  guardianRelationships,
  newStudentSchema,
  specialNeedsOptions,
  studentFiltersSchema,
  studentMessages,
  type NewStudent,
  type StudentFiltersQuery,
} from "../../../lib/contract/students";
import type { Reader } from "../../db/client";
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_CODE, NIGERIAN_STATES } from "../../db/reference/nigeria";
import { importRow } from "../../db/schema";
import type { Api } from "../../http/api";
import type { EntityDefinition } from "../../spreadsheet/entity";
import { mountSpreadsheetRoutes } from "../../spreadsheet/routes";
import { nameKey } from "../classes/queries";
import { spelledAsListed } from "../reference/places";
import { allSchoolsByName } from "../schools/queries";
import { schoolKey } from "../schools/rules";
import { admissionKey, fillAdmissionNumbers, takenAdmissionNumbers } from "./admission-numbers";
import { classesInScope, insertUploadedStudents } from "./records";
import { guardAdmissionNumber, studentPlaceIssues } from "./rules";
import { allStudentsByName, type ExportedStudent } from "./search";

/**
 * What checking a pupil's row needs, loaded once per upload, fix or confirm: the schools in scope by
 * lower-cased name, and their classes by school and lower-cased name. `reserved` keeps, per import being
 * confirmed, the admission numbers its rows typed (read once), which generated numbers must not take.
 */
type SheetContext = {
  schools: Map<string, { id: string; name: string }>;
  classes: Map<string, { id: string; name: string }>;
  /** "School — Class", for the allowed values sheet. */
  classList: string[];
  reserved: Map<string, Set<string>>;
};

/** Every field of the student form: the school and class by name, the guardian's phone with its code in one cell. */
type ColumnKey = Exclude<keyof NewStudent, "schoolId" | "classId" | "guardianPhoneCode"> | "school" | "class";

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

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
/** A typed choice spelt as the list spells it when it matches but for case, spaces and punctuation ('female', 'grand parent'). */
const speller = (list: readonly string[]) => {
  const bySquashed = new Map(list.map((option) => [squash(option), option]));
  return (value: string) => bySquashed.get(squash(value)) ?? value;
};
const spellGender = speller(genderEnum);
const spellRelationship = speller(guardianRelationships);
const spellSpecialNeeds = speller(specialNeedsOptions);

type SpeltPlaces = Pick<NewStudent, "stateOfOrigin" | "localGovernmentOfOrigin" | "stateOfResidence" | "localGovernmentOfResidence">;
/**
 * The places of a row spelt as the lists spell them, with their issues. A file names the same few places
 * over and over: each combination is worked out once (the cache is emptied when it grows large).
 */
const placesSeen = new Map<string, { places: SpeltPlaces; issues: { path: string; message: string }[] }>();
function placesOf(typed: SpeltPlaces) {
  const key = `${typed.stateOfOrigin}\n${typed.localGovernmentOfOrigin}\n${typed.stateOfResidence}\n${typed.localGovernmentOfResidence}`;
  const seen = placesSeen.get(key);
  if (seen) return seen;
  const {
    countryOfOrigin: _o,
    countryOfResidence: _r,
    ...places
  } = spelledAsListed({ ...typed, countryOfOrigin: DEFAULT_COUNTRY, countryOfResidence: DEFAULT_COUNTRY });
  const found = { places, issues: studentPlaceIssues(places) };
  if (placesSeen.size >= 10_000) placesSeen.clear();
  placesSeen.set(key, found);
  return found;
}

/** A day as the schema takes it: YYYY-MM-DD, or DD/MM/YYYY (how Nigerian sheets write dates) turned into it. */
function isoDay(value: string): string {
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  return dayFirst ? `${dayFirst[3]}-${dayFirst[2]?.padStart(2, "0")}-${dayFirst[1]?.padStart(2, "0")}` : value;
}

/** The phone cell as code and ten digits: 0803 123 4567, +234 803 123 4567, 2348031234567 and 8031234567 are all +234 8031234567. */
function splitPhone(cell: string): { code: string; number: string } {
  const compact = cell.replace(/[\s().-]/g, "").replace(/^\+2340(?=\d{10}$)/, "+234");
  const withCode = /^\+(\d{1,4})(\d{10})$/.exec(compact);
  if (withCode) return { code: `+${withCode[1]}`, number: withCode[2] ?? "" };
  const national = /^(?:234|0)(\d{10})$/.exec(compact);
  return { code: DEFAULT_COUNTRY_CODE, number: national?.[1] ?? compact };
}

/** The schema names a few fields that the sheet holds in another column. */
const columnOf = (path: PropertyKey | undefined) =>
  ({ schoolId: "school", classId: "class", guardianPhoneCode: "guardianPhone" })[String(path)] ?? String(path);

/** An optional choice is a union ('' or one of the list): its message is the list's alternative's (the last). */
const messageOf = (issue: z.core.$ZodIssue) => (issue.code === "invalid_union" ? (issue.errors.at(-1)?.[0]?.message ?? issue.message) : issue.message);

/** The school of the row: by name in scope; a caller who reaches one school only may leave it empty. */
function schoolOf(cell: string, context: SheetContext): { id: string; name: string } | { error: string } {
  if (!cell) {
    const [only, ...others] = context.schools.values();
    return only && others.length === 0 ? only : { error: studentMessages.schoolRequired };
  }
  return context.schools.get(schoolKey(cell)) ?? { error: staffRegisterMessages.schoolUnknown };
}

/** The class of the row: by name at its school ('JSS 1A', or 'School — JSS 1A' as the allowed values write it); empty is none. */
function classOf(cell: string, school: { id: string; name: string }, context: SheetContext): { id: string | null } | { error: string } {
  if (!cell) return { id: null };
  const dash = SCHOOL_CLASS_SEPARATOR.trim();
  const at = cell.lastIndexOf(dash);
  // 'School — Class' names the row's school, or it is a class of another school.
  if (at >= 0 && schoolKey(cell.slice(0, at)) !== schoolKey(school.name)) return { error: studentMessages.classNotInSchool };
  const found = context.classes.get(`${school.id} ${nameKey(at >= 0 ? cell.slice(at + dash.length) : cell)}`);
  return found ? { id: found.id } : { error: studentMessages.classNotInSchool };
}

/**
 * A row of the sheet checked as the student form is (its schema and messages, the places rule, a school
 * in scope and a class of that school), with forgiving spellings and the form's defaults for empty cells.
 */
export function checkStudentRow(data: Record<string, string>, context: SheetContext): { value: NewStudent } | { errors: Record<string, string> } {
  const text = (key: ColumnKey) => (data[key] ?? "").trim();
  const school = schoolOf(text("school"), context);
  const ofClass = "error" in school ? { id: null } : classOf(text("class"), school, context);
  const phone = splitPhone(text("guardianPhone"));
  const { places, issues: placeIssues } = placesOf({
    stateOfOrigin: text("stateOfOrigin"),
    localGovernmentOfOrigin: text("localGovernmentOfOrigin"),
    stateOfResidence: text("stateOfResidence"),
    localGovernmentOfResidence: text("localGovernmentOfResidence"),
  });
  const result = newStudentSchema.safeParse({
    admissionNumber: text("admissionNumber"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    middleName: text("middleName"),
    gender: spellGender(text("gender")),
    dob: isoDay(text("dob")),
    schoolId: "error" in school ? "" : school.id,
    classId: "error" in ofClass ? null : ofClass.id,
    dateOfAdmission: isoDay(text("dateOfAdmission")),
    ...places,
    address: text("address"),
    guardianName: text("guardianName"),
    guardianRelationship: spellRelationship(text("guardianRelationship")),
    guardianPhoneCode: phone.code,
    guardianPhone: phone.number,
    guardianEmail: text("guardianEmail"),
    specialNeeds: text("specialNeeds") ? spellSpecialNeeds(text("specialNeeds")) : "None",
  });
  const errors: Record<string, string> = {};
  if ("error" in school) errors.school = school.error;
  if ("error" in ofClass) errors.class = ofClass.error;
  if (!result.success) for (const issue of result.error.issues) errors[columnOf(issue.path[0])] ??= messageOf(issue);
  for (const issue of placeIssues) errors[issue.path] ??= issue.message;
  if (!result.success || Object.keys(errors).length > 0) return { errors };
  return { value: result.data };
}

/** The admission numbers an import's rows typed (as the index compares them): generated numbers keep clear of them. */
async function typedAdmissionNumbers(db: Reader, importId: string): Promise<Set<string>> {
  const typed = sql<string>`lower(btrim(${importRow.data} ->> 'admissionNumber'))`;
  const rows = await db
    .select({ key: typed })
    .from(importRow)
    .where(and(eq(importRow.importId, importId), sql`coalesce(btrim(${importRow.data} ->> 'admissionNumber'), '') <> ''`));
  return new Set(rows.map((r) => r.key));
}

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

/** Pupils as the import and export engine sees them: the columns of the student form, checked by the same schema and rules. */
export const studentEntity: EntityDefinition<SheetContext, NewStudent, StudentFiltersQuery> = {
  entity: "student",
  sheetName: "Students",
  columns: studentSheetColumns,
  context: async (db, scope) => {
    const schools = new Map<string, { id: string; name: string }>();
    const names = new Map<string, string>();
    for await (const s of allSchoolsByName(db, scope)) {
      schools.set(schoolKey(s.name), { id: s.id, name: s.name });
      names.set(s.id, s.name);
    }
    const classes = new Map<string, { id: string; name: string }>();
    const classList: string[] = [];
    for (const c of await classesInScope(db, scope)) {
      classes.set(`${c.schoolId} ${nameKey(c.name)}`, { id: c.id, name: c.name });
      const schoolName = names.get(c.schoolId);
      if (schoolName) classList.push(`${schoolName}${SCHOOL_CLASS_SEPARATOR}${c.name}`);
    }
    classList.sort((a, b) => a.localeCompare(b, "en"));
    return { schools, classes, classList, reserved: new Map() };
  },
  validate: checkStudentRow,
  // An admission number is unique in the district (an empty one is given at confirm).
  uniqueKeys: [
    {
      column: "admissionNumber",
      of: (data) => admissionKey(data.admissionNumber),
      taken: (db, scope, values) => takenAdmissionNumbers(db, scope, values),
      takenMessage: studentMessages.admissionNumberTaken,
    },
  ],
  create: async (tx, rows, { scope, importId, context }) => {
    let reserved = context.reserved.get(importId);
    if (!reserved) context.reserved.set(importId, (reserved = await typedAdmissionNumbers(tx, importId)));
    const numbered = await fillAdmissionNumbers(tx, scope, rows, reserved);
    return { count: await guardAdmissionNumber(() => insertUploadedStudents(tx, scope, numbered, importId)) };
  },
  allowedValues: (context) => ({
    Gender: [...genderEnum],
    "Guardian Relationship": [...guardianRelationships],
    "Special Needs": [...specialNeedsOptions],
    "State of Origin and Residence": [...NIGERIAN_STATES],
    School: [...context.schools.values()].map((s) => s.name),
    Class: context.classList,
  }),
  exportQuery: studentFiltersSchema,
  exportRows: async function* (db, scope, { "district[0]": _district, ...filters }) {
    yield studentSheetColumns.map((c) => c.header);
    for await (const row of allStudentsByName(db, scope, filters)) yield studentSheetCells(row);
  },
};

/** Pupils' bulk upload and download (spec §7): the engine's routes under /student, confirmed by the staged import's id. */
export function studentSpreadsheetRoutes(api: Api) {
  mountSpreadsheetRoutes(api, {
    entity: studentEntity,
    tag: "Students",
    base: "/student",
    upload: { path: "/student/upload-multiple", operation: "student.upload" },
    confirm: { path: "/student/create-multiple/:id", successMessage: successNotices.studentsUploaded },
    download: { operation: "student.download", filters: "and the admission register's filters (GET /student/search-total's query)" },
    fileStem: "students",
  });
}
