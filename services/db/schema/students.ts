import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type PgColumn } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt } from "./columns";
import type { AccountStatus } from "../../../lib/contract/user";
import type { EnrolmentStatus, SpecialNeeds } from "../../../lib/contract/students-values";
import { searchableText } from "../search";
import { storedImage } from "./files";
import { district } from "./district";
import { school, schoolClass } from "./schools";

// Pupils, their admission numbers, and group moves between classes and schools.

export const student = pgTable(
  "student",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    schoolId: uuid("school_id")
      .notNull()
      .references(() => school.id),
    classId: uuid("class_id").references(() => schoolClass.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    middleName: text("middle_name"),
    gender: text("gender").notNull(),
    dob: date("dob"),
    admissionNumber: text("admission_number").notNull(),
    stateOfOrigin: text("state_of_origin"),
    localGovernmentOfOrigin: text("local_government_of_origin"),
    stateOfResidence: text("state_of_residence"),
    localGovernmentOfResidence: text("local_government_of_residence"),
    dateOfAdmission: date("date_of_admission").notNull(),
    address: text("address"),
    guardianName: text("guardian_name"),
    guardianRelationship: text("guardian_relationship"),
    /** The guardian's phone: +234 and 10 digits, kept as the staff phone is (code and number apart). */
    guardianPhoneCode: text("guardian_phone_code"),
    guardianPhone: text("guardian_phone"),
    guardianEmail: text("guardian_email"),
    specialNeeds: text("special_needs").$type<SpecialNeeds>(),
    photoId: uuid("photo_id").references(() => storedImage.id),
    accountStatus: text("account_status").$type<AccountStatus>().notNull().default("Active"),
    enrolmentStatus: text("enrolment_status").$type<EnrolmentStatus>().notNull().default("Enrolled"),
    /** The spreadsheet import that created it, if any. */
    importId: uuid("import_id"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("student_admission_uq").on(t.districtId, sql`lower(btrim(${t.admissionNumber}))`),
    // The register is in name order (last, first), a page at a time, read from this index.
    index("student_district_sort_idx").on(t.districtId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index("student_search_key_trgm_idx").using("gin", sql`(${searchableText(...studentSearchColumns(t))}) gin_trgm_ops`),
    index("student_admission_date_idx").on(t.districtId, t.dateOfAdmission),
    // A school's pupils in name order: the school filter, and every page for staff working at a school, read it
    // instead of walking the district's whole name order (a school of 30 in 200,000 pupils: 157 → 9 ms).
    index("student_school_idx").on(t.schoolId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index("student_class_idx").on(t.classId),
  ],
);

/** What the admission register's search box looks in ('first last', middle name, admission number); the trigram index is built on these. */
export function studentSearchColumns(t: { firstName: PgColumn; lastName: PgColumn; middleName: PgColumn; admissionNumber: PgColumn }) {
  return [sql`${t.firstName} || ' ' || ${t.lastName}`, t.middleName, t.admissionNumber];
}

/**
 * The next admission sequence per district and year (architecture 'Students': `{SEQ:n}` of the pattern).
 * Taken with one `insert … on conflict do update … returning`, whose row lock keeps two admissions apart.
 */
export const admissionSequence = pgTable(
  "admission_sequence",
  {
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.districtId, t.year] })],
);

/**
 * A group move (architecture 'Students'): pupils given a new class and/or school in one batch, with each
 * pupil's before and after, undone as a whole within a day if none of them changed since (`versionAfter`).
 */
export const studentMove = pgTable(
  "student_move",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    createdBy: uuid("created_by").notNull(),
    createdAt: createdAt(),
    reversedBy: uuid("reversed_by"),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [index("student_move_district_idx").on(t.districtId, t.createdAt)],
);

export const studentMoveRow = pgTable(
  "student_move_row",
  {
    id: id(),
    moveId: uuid("move_id")
      .notNull()
      .references(() => studentMove.id),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => student.id),
    fromSchoolId: uuid("from_school_id")
      .notNull()
      .references(() => school.id),
    fromClassId: uuid("from_class_id").references(() => schoolClass.id),
    toSchoolId: uuid("to_school_id")
      .notNull()
      .references(() => school.id),
    toClassId: uuid("to_class_id").references(() => schoolClass.id),
    /** The pupil's version right after the move: the move is undone only while it is still this. */
    versionAfter: integer("version_after").notNull(),
  },
  (t) => [index("student_move_row_move_idx").on(t.moveId), index("student_move_row_student_idx").on(t.studentId)],
);
