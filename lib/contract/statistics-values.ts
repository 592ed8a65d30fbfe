// What the browser needs of the statistics without zod (the figures' shapes, the parity band, the definitions).
import type { ClassLevel } from "./classes-values";

/** The usual gender parity band: an index (female ÷ male) outside it is flagged. */
export const PARITY_BAND = { low: 0.97, high: 1.03 } as const;

/** Pupils counted by gender; `total` is both together. */
export type GenderCount = { male: number; female: number; total: number };

/**
 * A gender parity index, female ÷ male to two decimals, flagged outside the band; `null` when there are no
 * male pupils to divide by (shown as not computable, never a division by zero).
 */
export type Parity = { value: number | null; flagged: boolean };

/** Where the figures were computed for: the district, an LGEA or a school, and when. */
export type StatisticsReach = { level: "district" | "lgea" | "school"; name: string };

export type EnrolmentBySchool = GenderCount & { schoolId: string; school: string; lgea: string; category: string };
export type EnrolmentByLgea = GenderCount & { lgeaId: string | null; lgea: string; parity: Parity };
export type EnrolmentByClassType = GenderCount & { classType: string; level: ClassLevel | null };
export type EnrolmentByLevel = GenderCount & { level: ClassLevel | null; parity: Parity };
export type EnrolmentByArm = GenderCount & { schoolId: string; school: string; classId: string | null; className: string; classType: string; arm: string };

export type StatisticsChoices = { lgeas: { id: string; name: string }[]; schools: { id: string; name: string; lgeaId: string | null }[] };

/** GET /statistics/enrolment. `byArm` is filled when the figures are for one school (its reach or the school filter). */
export type EnrolmentStatistics = {
  session: string;
  /** The district's current session: the latest that may be chosen. */
  currentSession: string;
  computedAt: string;
  reach: StatisticsReach;
  /** The LGEAs and schools in reach, whatever the filters: the filters' choices. */
  choices: StatisticsChoices;
  totals: GenderCount;
  bySchool: EnrolmentBySchool[];
  byLgea: EnrolmentByLgea[];
  byClassType: EnrolmentByClassType[];
  byLevel: EnrolmentByLevel[];
  byArm: EnrolmentByArm[] | null;
};

/** The name under which pupils without a class, and schools without an LGEA, are counted. */
export const NO_CLASS = "No class";
export const NO_LGEA = "No LGEA";

/** The parity index of a count: female ÷ male, rounded to two places; flagged on the rounded value, as it is shown. */
export function parityOf(count: { male: number; female: number }): Parity {
  if (count.male === 0) return { value: null, flagged: false };
  const value = Math.round((count.female / count.male) * 100) / 100;
  return { value, flagged: value < PARITY_BAND.low || value > PARITY_BAND.high };
}

/** What each figure means, written on the page beside them. */
export const statisticsDefinitions = {
  enrolled:
    "Enrolled: a pupil on the admission register whose enrolment status is Enrolled and who was admitted on or before the last day of the session (31 August). For an earlier session, this is the pupils still enrolled today who had been admitted by its end.",
  parity: `Gender parity index: female pupils ÷ male pupils. Between ${PARITY_BAND.low} and ${PARITY_BAND.high} is parity; outside it is flagged. With no male pupils it cannot be computed.`,
  teacher:
    "Teaching staff: staff members whose staff type is Teaching, counted where they are posted (a school, an LGEA office or the district office). Non-teaching staff: every other staff member. Super administrators are not counted. A staff member's level is that of the school they are posted to (the levels its category teaches): the level filter keeps staff of schools teaching at that level, and leaves out the offices' staff.",
  ratio:
    "Pupil–teacher ratio: enrolled pupils ÷ teaching staff posted at the school (for an LGEA, at its schools), whatever the gender filter. With no teacher posted it cannot be computed.",
  capacity: "Over capacity: a class arm with more enrolled pupils than the capacity set for it.",
  retirement:
    "Retirement point: the earlier of the day a staff member reaches the statutory age and the day they complete the statutory years of service since their date of first appointment; for teachers 65 years of age or 40 years of service (Harmonised Retirement Age for Teachers in Nigeria Act, 2022), for other staff 60 or 35 (Public Service Rules), unless the district's deployment sets others. Staff missing either date are not counted and are listed apart.",
  movement:
    "Movement: pupils admitted in the session (by date of admission, whatever their status now), pupils moved by a group move that was not undone, and staff transferred with an effective date in the session; a move counts as in or out of an LGEA only when it crosses its boundary as the filters draw it.",
  reach: "Reach: the figures cover what your posting reaches: the whole district, your LGEA's schools, or your school.",
} as const;

export const statisticsMessages = {
  loading: "Computing the figures…",
  noPupils: "No enrolled pupils match these filters.",
  notComputable: "not computable",
  chooseSchool: "Choose a school to see its class arms.",
  futureSession: "Choose the current session or an earlier one.",
  noStaff: "No staff are posted where these filters reach.",
  noArms: "No class arms where these filters reach.",
  noneOverCapacity: "No class arm is over its capacity.",
  aboveThreshold: "above threshold",
  noRetirements: "No staff reach their retirement point in these five years.",
  allCounted: "Every staff member in reach has a date of birth and of first appointment.",
  noMovement: "No admissions or moves in this session.",
} as const;

/** The pupil–teacher ratio above which a school is listed first where no district's configuration is read (its column's default). */
export const DEFAULT_PUPIL_TEACHER_THRESHOLD = 40;

/** Staff counted by type and gender. */
export type StaffCount = { teaching: GenderCount; nonTeaching: GenderCount };

/** Pupils per teaching staff member, one place; `null` where no teacher is posted (not computable). */
export type PupilTeacherRatio = { pupils: number; teachers: number; value: number | null; aboveThreshold: boolean };

export type TeachersBySchool = StaffCount & { schoolId: string; school: string; lgea: string; category: string; ratio: PupilTeacherRatio };
export type TeachersByLgea = StaffCount & { lgeaId: string | null; lgea: string; ratio: PupilTeacherRatio };
export type TeachersBySpecialisation = StaffCount & { area: string };

/** GET /statistics/teachers. Schools above the threshold come first, then the rest, each by ratio, highest first. */
export type TeacherStatistics = {
  session: string;
  computedAt: string;
  reach: StatisticsReach;
  threshold: number;
  totals: StaffCount;
  bySchool: TeachersBySchool[];
  byLgea: TeachersByLgea[];
  bySpecialisation: TeachersBySpecialisation[];
};

export type ClassArmLoad = {
  classId: string;
  className: string;
  schoolId: string;
  school: string;
  lgea: string;
  pupils: number;
  capacity: number;
  over: number;
};

/** GET /statistics/classes: every arm's pupils against its capacity (for one school), and the over-capacity arms anywhere in reach. */
export type ClassStatistics = {
  session: string;
  computedAt: string;
  reach: StatisticsReach;
  arms: number;
  seats: number;
  pupils: number;
  overCapacity: ClassArmLoad[];
  byArm: ClassArmLoad[] | null;
};

export const NO_SPECIALISATION = "Not recorded";
export const DISTRICT_OFFICE = "District office";

/** A pupil–teacher ratio: one place, not computable without a teacher. */
export function ratioOf(pupils: number, teachers: number, threshold: number): PupilTeacherRatio {
  if (teachers === 0) return { pupils, teachers, value: null, aboveThreshold: false };
  const value = Math.round((pupils / teachers) * 10) / 10;
  return { pupils, teachers, value, aboveThreshold: value > threshold };
}

/** A statutory retirement point: the age, or the years since first appointment, whichever comes first. */
export type RetirementRule = { age: number; serviceYears: number };

/** Staff reaching their retirement point: already past it, and in each of the five years shown (`years`). */
export type RetirementCounts = { past: number; byYear: number[]; total: number };

export type RetirementsByLgea = RetirementCounts & { lgeaId: string | null; lgea: string; staffType: "Teaching" | "Non-Teaching" };
export type RetirementsBySpecialisation = RetirementCounts & { area: string; staffType: "Teaching" | "Non-Teaching" };

/** A staff member whose retirement point cannot be computed: a date is missing. */
export type RetirementNotCounted = {
  staffId: string;
  name: string;
  posting: string;
  staffType: "Teaching" | "Non-Teaching";
  missing: ("Date of birth" | "Date of first appointment")[];
};

/**
 * GET /statistics/retirements: staff in reach reaching their retirement point in each of the next five calendar
 * years (this one first) and those already past it, by LGEA and by area of specialisation, teaching and non-teaching
 * apart; staff without a date of birth or of first appointment are counted apart and listed (at most
 * `RETIREMENT_LIST_LIMIT`; `notCountedTotal` says how many in all).
 */
export type RetirementStatistics = {
  session: string;
  computedAt: string;
  reach: StatisticsReach;
  rules: { teaching: RetirementRule; nonTeaching: RetirementRule };
  years: number[];
  totals: { teaching: RetirementCounts; nonTeaching: RetirementCounts };
  byLgea: RetirementsByLgea[];
  bySpecialisation: RetirementsBySpecialisation[];
  notCounted: RetirementNotCounted[];
  notCountedTotal: number;
};

export const RETIREMENT_LIST_LIMIT = 500;
export const RETIREMENT_YEARS = 5;

/**
 * The day a staff member reaches their retirement point: the earlier of the day they reach the age and the day
 * they complete the years of service since first appointment; null when either date is missing.
 */
export function retirementDate(dob: string | null, firstAppointment: string | null, rule: RetirementRule): string | null {
  if (!dob || !firstAppointment) return null;
  const plus = (date: string, years: number) => `${String(Number(date.slice(0, 4)) + years).padStart(4, "0")}${date.slice(4, 10)}`;
  const byAge = plus(dob, rule.age);
  const byService = plus(firstAppointment, rule.serviceYears);
  return byAge < byService ? byAge : byService;
}

/** Movement in a session for one LGEA (or the district office): admissions by gender, and pupils and staff moved in and out. */
export type MovementCounts = { admissions: GenderCount; pupilsIn: number; pupilsOut: number; staffIn: number; staffOut: number };
export type MovementByLgea = MovementCounts & { lgeaId: string | null; lgea: string };

/**
 * GET /statistics/movement: in the session (`from`–`to`), pupils admitted, pupils moved by group moves (not undone)
 * and staff transferred (by effective date), in and out of each LGEA in reach; a move between two places of the
 * same LGEA (as the filters keep them) is neither in nor out of it. `totals` counts moves into and out of the whole reach.
 */
export type MovementStatistics = {
  session: string;
  computedAt: string;
  reach: StatisticsReach;
  from: string;
  to: string;
  totals: MovementCounts;
  byLgea: MovementByLgea[];
};

/** Enrolled pupils of one class level by gender, as a snapshot keeps them (`level` null: pupils without a class). */
export type SnapshotLevelCount = { level: ClassLevel | null; male: number; female: number };

/** One session's headline figures for one place: from its snapshot (`takenAt`, `takenBy`), or computed now (`live`). */
export type TrendFigures = {
  session: string;
  live: boolean;
  /** When the figures were taken or computed, and by whom (a snapshot's taker; null when computed now). */
  takenAt: string;
  takenBy: string | null;
  pupils: GenderCount;
  parity: Parity;
  byLevel: (GenderCount & { level: ClassLevel | null; parity: Parity })[];
  teaching: GenderCount;
  /** Null under the gender filter: snapshots keep non-teaching staff as one number, not by gender. */
  nonTeaching: number | null;
  ratio: PupilTeacherRatio;
};

/** The filters set that the trends do not follow, or follow only in part, since the snapshots do not keep what they need. */
export type TrendFilterNotFollowed = "session" | "category" | "level" | "gender";

/**
 * GET /statistics/trends: the headline figures of one place (the reach, or the LGEA or school the filters name)
 * for every session with a snapshot, oldest first, then the current session's as they stand now.
 */
export type TrendStatistics = {
  computedAt: string;
  reach: StatisticsReach;
  place: { level: "district" | "lgea" | "school"; name: string };
  currentSession: string;
  threshold: number;
  /** Which of the filters set the trends do not follow (or only in part): said on the page, rather than figures that look filtered. */
  notFollowed: TrendFilterNotFollowed[];
  sessions: TrendFigures[];
};

/** POST /statistics/snapshot: the current session's snapshot, taken (or taken again, replacing the earlier one). */
export type SnapshotTaken = { session: string; takenAt: string; places: number; replaced: boolean };

export const trendMessages = {
  noSnapshots: "No snapshot has been taken yet: the current session's figures are shown as they stand now.",
  taken: "Snapshot taken.",
  districtOnly: "Snapshots are taken for the whole district, by its administrators.",
  /** Said on the page for each filter set that the trends do not follow, or follow only in part. */
  notFollowed: {
    session: "The session filter does not apply: the trends show every session with a snapshot, then the current one.",
    category: "The school category filter does not apply: a snapshot does not keep its schools' categories, so these figures are for every category.",
    level: "The level filter applies to the pupils only: a snapshot keeps staff by place, not by level, so the staff figures are for every level.",
    gender:
      "The gender filter applies to the pupils and the teaching staff: a snapshot keeps non-teaching staff as one number, so they are not shown by gender. The pupil–teacher ratio counts every pupil and teacher.",
  },
  notKeptByGender: "not kept by gender",
  definition:
    "Trends: each session's headline figures as they stood when its snapshot was taken (at the session's end, or on demand by an administrator), since the registers change every day; the current session's as they stand now. Taking a snapshot again in the same session replaces the earlier one.",
} as const;
