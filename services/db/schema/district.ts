import { sql } from "drizzle-orm";
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt } from "./columns";
import type { AccountStatus, StateTerminologies } from "../../../lib/contract/user";
import type { AcademicTerm } from "../../../lib/contract/configuration-values";
import type { RegistrationStatus } from "../../../lib/contract/registration-values";

// The state portal, its districts, their LGEAs and configuration, and the state's requirement checklists.

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
  /** Pupils per teacher above which the statistics list a school first (issue 37). */
  pupilTeacherThreshold: integer("pupil_teacher_threshold").notNull().default(40),
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A district that registered itself: one row, written in the registration's transaction, that the super
 * administrators' review queue reads. Asking for changes keeps the district Unverified and the reason
 * here; the owner's resubmission returns it to the queue; approval makes the district Active.
 */
export const districtRegistration = pgTable("district_registration", {
  districtId: uuid("district_id")
    .primaryKey()
    .references(() => district.id),
  registrantStaffId: uuid("registrant_staff_id").notNull(),
  status: text("status").$type<RegistrationStatus>().notNull().default("AwaitingReview"),
  /** The super administrator's reason when they asked for changes; null otherwise. */
  reason: text("reason"),
  submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  reviewedBy: uuid("reviewed_by"),
  /**
   * The registrant's phone and staff numbers, held here and not on their staff record until approval: a
   * registration reserves none of them against staff; they are checked at review (issue 35).
   */
  phoneCode: text("phone_code"),
  phoneNumber: text("phone_number"),
  oracleNumber: text("oracle_number"),
  tescomNumber: text("tescom_number"),
  createdAt: createdAt(),
});
