import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt } from "./columns";
import type { AccountStatus } from "../../../lib/contract/user";
import { district } from "./district";
import { school, schoolClass } from "./schools";

// Pupils.

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
