import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type PgColumn } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt } from "./columns";
import { searchableText } from "../search";
import type { AccountStatus, StaffType } from "../../../lib/contract/user";
import { district, lgea } from "./district";
import { school } from "./schools";

// Staff members, what the register's search looks in, and transfers between postings.

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
    index("staff_search_key_trgm_idx").using("gin", sql`(${searchableText(...staffSearchColumns(t))}) gin_trgm_ops`),
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
