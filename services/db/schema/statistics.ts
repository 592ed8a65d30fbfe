import { date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SnapshotLevelCount } from "../../../lib/contract/statistics-values";
import { id } from "./columns";
import { district } from "./district";

/**
 * The headline figures of a session as they stood when taken (issue: statistics, Trends), since the registers
 * change every day: one row per place of the district — the district itself, each LGEA, each school — so each
 * reach reads its own. `placeKey` is `district`, the LGEA's id or the school's id; `lgeaId` and `schoolId` say
 * where the row belongs, so the scope narrows them as it narrows the registers. A session has one snapshot:
 * taking it again replaces it (the same transaction deletes the old rows).
 */
export const statisticsSnapshot = pgTable(
  "statistics_snapshot",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    academicSession: text("academic_session").notNull(),
    place: text("place").$type<"district" | "lgea" | "school">().notNull(),
    placeKey: text("place_key").notNull(),
    /** The LGEA of the row: the LGEA itself, or the school's; null for the district's row. */
    lgeaId: uuid("lgea_id"),
    schoolId: uuid("school_id"),
    name: text("name").notNull(),
    pupilsMale: integer("pupils_male").notNull(),
    pupilsFemale: integer("pupils_female").notNull(),
    /** Enrolled pupils by class level and gender (pupils without a class under a null level). */
    byLevel: jsonb("by_level").$type<SnapshotLevelCount[]>().notNull(),
    teachingMale: integer("teaching_male").notNull(),
    teachingFemale: integer("teaching_female").notNull(),
    /** Teaching staff posted here, whatever their recorded gender. */
    teachingTotal: integer("teaching_total").notNull(),
    nonTeachingTotal: integer("non_teaching_total").notNull(),
    /** The pupil–teacher ratio's divisor: teaching staff posted at the schools (not at an office). */
    ratioTeachers: integer("ratio_teachers").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
    takenBy: uuid("taken_by").notNull(),
  },
  (t) => [
    uniqueIndex("statistics_snapshot_place_idx").on(t.districtId, t.placeKey, t.academicSession),
    index("statistics_snapshot_session_idx").on(t.districtId, t.academicSession),
  ],
);

/**
 * Enrolled pupils counted by school, class, gender and the session they were admitted in (its last day), kept by
 * triggers on `student` in the same transaction as every change to the register (migration 0030), so the figures of a
 * whole district read a few thousand rows instead of every pupil (issue: statistics, Speed). A count that falls to
 * zero is removed. No foreign keys: the rows are derived, and a check of the school on every pupil's change would cost
 * more than it guards.
 */
export const enrolmentTally = pgTable(
  "enrolment_tally",
  {
    districtId: uuid("district_id").notNull(),
    schoolId: uuid("school_id").notNull(),
    /** Null for pupils without a class. */
    classId: uuid("class_id"),
    gender: text("gender").notNull(),
    /** The last day of the session of admission: a session's pupils are those whose value is on or before its own last day. */
    admittedBy: date("admitted_by").notNull(),
    pupils: integer("pupils").notNull(),
  },
  (t) => [unique("enrolment_tally_key").on(t.districtId, t.schoolId, t.classId, t.gender, t.admittedBy).nullsNotDistinct()],
);
