import { sql } from "drizzle-orm";
import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type PgColumn } from "drizzle-orm/pg-core";
import { searchableText } from "./search";
import type { AccountStatus, OrganizationType, StaffType, StateTerminologies } from "../../lib/contract/user";
import type { SystemRoleKey } from "../../lib/contract/roles-values";
import type { ClassLevel } from "../../lib/contract/classes-values";
import type { AcademicTerm } from "../../lib/contract/configuration-values";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Raw bytes (PostgreSQL bytea). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** Terms the state renames (spec §1); a missing stateValue falls back to the default. */
type TerminologyOverrides = Partial<Record<keyof StateTerminologies, string | null>>;

export const statePortal = pgTable("state_portal", {
  id: id(),
  name: text("name").notNull(),
  country: text("country").notNull().default("Nigeria"),
  terminologies: jsonb("terminologies").$type<TerminologyOverrides>().notNull().default({}),
  phoneNumbers: jsonb("phone_numbers").$type<string[]>().notNull().default([]),
  emails: jsonb("emails").$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const district = pgTable(
  "district",
  {
    id: id(),
    stateId: uuid("state_id")
      .notNull()
      .references(() => statePortal.id),
    name: text("name").notNull(),
    accountStatus: text("account_status").$type<AccountStatus>().notNull().default("Unverified"),
    ownerStaffId: uuid("owner_staff_id"),
    phoneNumbers: jsonb("phone_numbers").$type<string[]>().notNull().default([]),
    emails: jsonb("emails").$type<string[]>().notNull().default([]),
    address: text("address"),
    logoId: uuid("logo_id"),
    imageOneId: uuid("image_one_id"),
    imageTwoId: uuid("image_two_id"),
    imageThreeId: uuid("image_three_id"),
    imageFourId: uuid("image_four_id"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("district_state_name_uq").on(t.stateId, sql`lower(btrim(${t.name}))`)],
);

export const lgea = pgTable(
  "lgea",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    name: text("name").notNull(),
    /** One of the district's state's LGAs, at most one LGEA portal each (architecture 'LGEA portals'). */
    localGovernment: text("local_government").notNull(),
    address: text("address"),
    phoneNumbers: jsonb("phone_numbers").$type<string[]>().notNull().default([]),
    emails: jsonb("emails").$type<string[]>().notNull().default([]),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lgea_district_name_uq").on(t.districtId, sql`lower(btrim(${t.name}))`),
    uniqueIndex("lgea_district_local_government_uq").on(t.districtId, t.localGovernment),
  ],
);

export const school = pgTable(
  "school",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    lgeaId: uuid("lgea_id").references(() => lgea.id),
    name: text("name").notNull(),
    description: text("description"),
    address: text("address"),
    localGovernment: text("local_government").notNull(),
    category: text("category").notNull(),
    /** The spreadsheet import that created it, if any. */
    importId: uuid("import_id"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("school_district_name_uq").on(t.districtId, sql`lower(btrim(${t.name}))`),
    // Lists are in name order, a page at a time: the page is read from the index, never sorted from the whole district
    // (it also serves every lookup by district).
    index("school_district_sort_idx").on(t.districtId, sql`lower(${t.name})`, t.id),
    // Text search (`ILIKE '%…%'` on name, description and address together): trigrams, so a search does not read every row.
    index("school_search_trgm_idx").using("gin", sql`(${searchableText(t.name, t.description, t.address)}) gin_trgm_ops`),
  ],
);

export const staff = pgTable(
  "staff",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    /** The posting: a school, an LGEA office, or the district office (neither set). */
    schoolId: uuid("school_id").references(() => school.id),
    lgeaId: uuid("lgea_id").references(() => lgea.id),
    title: text("title").notNull().default("Mr"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    middleName: text("middle_name"),
    email: text("email").notNull(),
    username: text("username"),
    phoneCode: text("phone_code").notNull().default("+234"),
    phoneNumber: text("phone_number").notNull(),
    passwordHash: text("password_hash"),
    oracleNumber: text("oracle_number"),
    tescomNumber: text("tescom_number"),
    gender: text("gender"),
    dob: date("dob"),
    address: text("address"),
    addressCoordinates: jsonb("address_coordinates").$type<number[]>(),
    countryOfOrigin: text("country_of_origin"),
    stateOfOrigin: text("state_of_origin"),
    localGovernmentOfOrigin: text("local_government_of_origin"),
    countryOfResidence: text("country_of_residence"),
    stateOfResidence: text("state_of_residence"),
    localGovernmentOfResidence: text("local_government_of_residence"),
    areaOfSpecialization: text("area_of_specialization"),
    dateOfEmployment: date("date_of_employment"),
    dateOfLastPromotion: date("date_of_last_promotion"),
    dateOfFirstAppointment: date("date_of_first_appointment"),
    dateOfPresentAppointment: date("date_of_present_appointment"),
    lastDateOfPosting: date("last_date_of_posting"),
    maritalStatus: text("marital_status"),
    staffType: text("staff_type").$type<StaffType>().notNull().default("Non-Teaching"),
    accountStatus: text("account_status").$type<AccountStatus>().notNull().default("ResetPassword"),
    isSuperAdmin: boolean("is_super_admin").notNull().default(false),
    profilePictureId: uuid("profile_picture_id"),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    /** The spreadsheet import that created it, if any. */
    importId: uuid("import_id"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("staff_email_uq").on(sql`lower(${t.email})`),
    uniqueIndex("staff_username_uq").on(sql`lower(${t.username})`),
    uniqueIndex("staff_phone_uq").on(t.phoneCode, t.phoneNumber),
    // The register is in name order (last, first), a page at a time, read from this index (it also serves every lookup by district).
    index("staff_district_sort_idx").on(t.districtId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // The register's search box: names, e-mail, phone and both numbers, by trigram.
    index("staff_search_trgm_idx").using("gin", sql`(${searchableText(...staffSearchColumns(t))}) gin_trgm_ops`),
    index("staff_school_idx").on(t.schoolId),
    index("staff_lgea_idx").on(t.lgeaId),
  ],
);

/** What the staff register's search box looks in ('first last', middle name, e-mail, phone, both numbers); the trigram index is built on these. */
export function staffSearchColumns(t: {
  firstName: PgColumn;
  lastName: PgColumn;
  middleName: PgColumn;
  email: PgColumn;
  phoneNumber: PgColumn;
  oracleNumber: PgColumn;
  tescomNumber: PgColumn;
}) {
  return [sql`${t.firstName} || ' ' || ${t.lastName}`, t.middleName, t.email, t.phoneNumber, t.oracleNumber, t.tescomNumber];
}

/** Who holds which school role (Principal, Vice Principal, ...). */
export const schoolRole = pgTable(
  "school_role",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    schoolId: uuid("school_id")
      .notNull()
      .references(() => school.id),
    role: text("role").notNull(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("school_role_uq").on(t.schoolId, t.role, t.staffId)],
);

/** A class of a school (JSS 1, Primary 4, ...); the classes issue adds what else a class holds. */
/**
 * The class types of a district (architecture 'Classes'): the standard ones every district starts with
 * (Nursery 1 to SSS 3, `standard`, fixed) and those the district adds, in `position` order.
 */
export const classType = pgTable(
  "class_type",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    name: text("name").notNull(),
    level: text("level").$type<ClassLevel>().notNull(),
    position: integer("position").notNull(),
    standard: boolean("standard").notNull().default(false),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("class_type_district_name_uq").on(t.districtId, sql`lower(btrim(${t.name}))`)],
);

/** A class: school × class type × arm, its name derived ("JSS 2B"), with an optional class teacher posted at the school. */
export const schoolClass = pgTable(
  "school_class",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    schoolId: uuid("school_id")
      .notNull()
      .references(() => school.id),
    name: text("name").notNull(),
    classTypeId: uuid("class_type_id")
      .notNull()
      .references(() => classType.id),
    arm: text("arm").notNull(),
    classTeacherId: uuid("class_teacher_id").references(() => staff.id),
    capacity: integer("capacity").notNull().default(40),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("school_class_school_name_uq").on(t.schoolId, sql`lower(btrim(${t.name}))`),
    index("school_class_district_idx").on(t.districtId),
    index("school_class_type_idx").on(t.classTypeId),
    index("school_class_teacher_idx").on(t.classTeacherId),
  ],
);

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
    accountStatus: text("account_status").$type<AccountStatus>().notNull().default("Active"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("student_admission_uq").on(t.districtId, sql`lower(btrim(${t.admissionNumber}))`),
    index("student_school_idx").on(t.schoolId),
    index("student_class_idx").on(t.classId),
  ],
);

/**
 * Uploaded images, re-encoded as JPEG on the server (architecture 'Data'): served only to staff of the
 * district they belong to, through GET /files/{id}. A new upload is a new row, so an id's bytes never change.
 */
export const storedImage = pgTable(
  "stored_image",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    contentType: text("content_type").notNull().default("image/jpeg"),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("stored_image_district_idx").on(t.districtId)],
);

/**
 * A spreadsheet staged for import (architecture 'Spreadsheets'): its rows wait in import_row for the
 * preview and fixes; confirming creates them all in one transaction and marks the import confirmed.
 */
export const dataImport = pgTable(
  "import",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    entity: text("entity").notNull(),
    filename: text("filename").notNull(),
    status: text("status").$type<"staged" | "confirmed">().notNull().default("staged"),
    createdBy: uuid("created_by").notNull(),
    createdCount: integer("created_count"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("import_district_idx").on(t.districtId, t.createdAt)],
);

export const importRow = pgTable(
  "import_row",
  {
    id: id(),
    importId: uuid("import_id")
      .notNull()
      .references(() => dataImport.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull(),
    /** Column key → message; empty when the row is valid. */
    errors: jsonb("errors").$type<Record<string, string>>().notNull().default({}),
    valid: boolean("valid").notNull(),
    /** A digest of the row's identity within the file (storedKey: never the text itself), for duplicates. */
    dedupeKey: text("dedupe_key").notNull(),
  },
  (t) => [index("import_row_import_idx").on(t.importId, t.rowNumber), index("import_row_key_idx").on(t.importId, t.dedupeKey)],
);

/** The permission catalogue, seeded from lib/contract/permissions.ts. */
export const permission = pgTable("permission", {
  operation: text("operation").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  category: text("category").notNull(),
  restrictionType: text("restriction_type").notNull().default("District"),
});

export const role = pgTable(
  "role",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    operations: text("operations")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * A role every district starts with and other features rely on (architecture 'Staff'): it cannot be
     * deleted or renamed away, and a migration that adds an operation adds it here too.
     */
    systemKey: text("system_key").$type<SystemRoleKey>(),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("role_district_name_uq").on(t.districtId, sql`lower(btrim(${t.name}))`),
    uniqueIndex("role_district_system_key_uq").on(t.districtId, t.systemKey),
  ],
);

/** Role access: staff × organisation × role (architecture, 'Identity and tenancy'). */
export const roleAccess = pgTable(
  "role_access",
  {
    id: id(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    organizationType: text("organization_type").$type<OrganizationType>().notNull(),
    organizationId: uuid("organization_id").notNull(),
    roleId: uuid("role_id")
      .notNull()
      .references(() => role.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("role_access_uq").on(t.staffId, t.organizationId, t.roleId), index("role_access_role_idx").on(t.roleId)],
);

/** State-level checklists: a null district means a requirement of the state portal itself. */
export const requirement = pgTable("requirement", {
  id: id(),
  stateId: uuid("state_id")
    .notNull()
    .references(() => statePortal.id),
  districtId: uuid("district_id").references(() => district.id),
  description: text("description").notNull(),
  completed: boolean("completed").notNull().default(false),
  createdAt: createdAt(),
});

export const refreshToken = pgTable(
  "refresh_token",
  {
    id: id(),
    familyId: uuid("family_id").notNull(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id),
    tokenHash: text("token_hash").notNull(),
    districtId: uuid("district_id").notNull(),
    organizationId: uuid("organization_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_token_hash_uq").on(t.tokenHash),
    index("refresh_token_family_idx").on(t.familyId),
    index("refresh_token_staff_idx").on(t.staffId),
  ],
);

/**
 * Six-digit codes sent by e-mail (services/auth/one-time-code.ts): a password reset, or the
 * confirmation of a new e-mail address, which waits here until its code comes back.
 */
export const resetCode = pgTable(
  "reset_code",
  {
    id: id(),
    staffId: uuid("staff_id").references(() => staff.id),
    purpose: text("purpose").$type<"password-reset" | "email-change" | "invitation">().notNull().default("password-reset"),
    newEmail: text("new_email"),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // A new code voids the staff member's earlier ones, and the code screen finds their newest: both by staff.
  (t) => [index("reset_code_staff_idx").on(t.staffId, t.purpose)],
);

/** Fixed-window counters for login and reset limits; kept in the database so every instance shares them. */
export const rateLimit = pgTable(
  "rate_limit",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const outbox = pgTable("outbox", {
  id: id(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  error: text("error"),
  createdAt: createdAt(),
});

/**
 * A staff transfer (architecture 'Staff'): one batch, who did it, why and from when, with a row per
 * staff member moved (from, to, and the school roles the move ended).
 */
export const staffTransfer = pgTable(
  "staff_transfer",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    effectiveDate: date("effective_date").notNull(),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("staff_transfer_district_idx").on(t.districtId, t.createdAt)],
);

export const staffTransferRow = pgTable(
  "staff_transfer_row",
  {
    id: id(),
    transferId: uuid("transfer_id")
      .notNull()
      .references(() => staffTransfer.id),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id),
    fromSchoolId: uuid("from_school_id").references(() => school.id),
    fromLgeaId: uuid("from_lgea_id").references(() => lgea.id),
    toSchoolId: uuid("to_school_id").references(() => school.id),
    toLgeaId: uuid("to_lgea_id").references(() => lgea.id),
    /** The school roles the move ended at the school left (Principal, ...). */
    endedRoles: jsonb("ended_roles").$type<string[]>().notNull().default([]),
  },
  (t) => [index("staff_transfer_row_transfer_idx").on(t.transferId), index("staff_transfer_row_staff_idx").on(t.staffId)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorStaffId: uuid("actor_staff_id"),
    districtId: uuid("district_id"),
    operation: text("operation").notNull(),
    recordId: text("record_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_district_idx").on(t.districtId, t.at)],
);

/**
 * The district's configuration (architecture 'Configuration'): one row per district, created with the
 * district (`provisionDistrict`), so nothing that reads it finds it missing. Money in kobo.
 */
export const districtConfiguration = pgTable("district_configuration", {
  districtId: uuid("district_id")
    .primaryKey()
    .references(() => district.id),
  academicSession: text("academic_session").notNull(),
  terms: jsonb("terms").$type<AcademicTerm[]>().notNull(),
  reportCardPrice: bigint("report_card_price", { mode: "number" }).notNull(),
  admissionNumberPattern: text("admission_number_pattern").notNull(),
  lowBalanceThreshold: bigint("low_balance_threshold", { mode: "number" }).notNull(),
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
