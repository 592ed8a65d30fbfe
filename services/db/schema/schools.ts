import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt } from "./columns";
import { searchableText } from "../search";
import type { ClassLevel } from "../../../lib/contract/classes-values";
import { district, lgea } from "./district";
import { staff } from "./staff";

// Schools, the school roles their staff hold, and classes with their class types.

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
    // Text search (`LIKE '%…%'` on name, description and address together, as searchableText folds them): trigrams, so a search does not read every row.
    index("school_search_key_trgm_idx").using("gin", sql`(${searchableText(t.name, t.description, t.address)}) gin_trgm_ops`),
  ],
);

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
