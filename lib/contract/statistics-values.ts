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
  reach: "Reach: the figures cover what your posting reaches: the whole district, your LGEA's schools, or your school.",
} as const;

export const statisticsMessages = {
  loading: "Computing the figures…",
  noPupils: "No enrolled pupils match these filters.",
  notComputable: "not computable",
  chooseSchool: "Choose a school to see its class arms.",
  futureSession: "Choose the current session or an earlier one.",
} as const;
