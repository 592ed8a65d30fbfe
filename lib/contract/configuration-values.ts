// What the browser needs of the district configuration without zod (defaults, limits, messages); configuration.ts re-exports it with the schemas.

/** One term of the academic session, dates as YYYY-MM-DD. */
export type AcademicTerm = { name: string; startDate: string; endDate: string };

export const termNames = ["First Term", "Second Term", "Third Term"] as const;

/** Money is kept in kobo (architecture 'Billing'); these bound what a form may ask for. */
export const maxReportCardPrice = 10_000_000; // ₦100,000 a pupil a term
export const maxLowBalanceThreshold = 100_000_000_000; // ₦1,000,000,000

export const defaultAdmissionNumberPattern = "ADM/{YYYY}/{SEQ:5}";

/**
 * Pupils per teacher above which the statistics list a school first: 40 until the district sets its own
 * (the column's default, migration 0029), a whole number within these bounds.
 */
export const defaultPupilTeacherThreshold = 40;
export const minPupilTeacherThreshold = 10;
export const maxPupilTeacherThreshold = 100;

/**
 * An academic session "2026/2027" runs from 1 September of its first year to 31 August of the next;
 * its terms fall inside it.
 */
export function sessionBounds(session: string): { start: string; end: string } | null {
  const match = /^(\d{4})\/(\d{4})$/.exec(session);
  if (!match) return null;
  const first = Number(match[1]);
  if (Number(match[2]) !== first + 1) return null;
  return { start: `${first}-09-01`, end: `${first + 1}-08-31` };
}

/** The session a date falls in: from September on, the one starting that year. */
export function sessionOf(date: Date): string {
  const year = date.getUTCMonth() >= 8 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return `${year}/${year + 1}`;
}

/**
 * A new district's configuration: the session of `today` with the usual term dates, ₦500 a report card, a
 * ₦5,000 alert, 40 pupils per teacher.
 */
export function defaultConfiguration(today: Date) {
  const session = sessionOf(today);
  const first = Number(session.slice(0, 4));
  const terms: AcademicTerm[] = [
    { name: "First Term", startDate: `${first}-09-14`, endDate: `${first}-12-18` },
    { name: "Second Term", startDate: `${first + 1}-01-11`, endDate: `${first + 1}-04-09` },
    { name: "Third Term", startDate: `${first + 1}-04-26`, endDate: `${first + 1}-07-23` },
  ];
  return {
    academicSession: session,
    terms,
    reportCardPrice: 50_000,
    admissionNumberPattern: defaultAdmissionNumberPattern,
    lowBalanceThreshold: 500_000,
    pupilTeacherThreshold: defaultPupilTeacherThreshold,
  };
}

/**
 * Naira as typed in a form ("1500", "1,500.5", "₦1,500.00") in kobo; null when it is not an amount of at
 * most two decimals (a minus sign included). Whole numbers throughout: no floating-point rounding.
 */
export function nairaToKobo(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.replace(/[₦,\s]/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Kobo as the naira a form field shows: 50000 → "500.00". */
export const koboToNaira = (kobo: number) => `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, "0")}`;

/** An admission-number pattern's characters: letters, digits, / - _ . and the tokens {YYYY}, {YY}, {SEQ:n}. */
export const admissionPatternCharacters = /^([A-Za-z0-9/_.-]|\{YYYY\}|\{YY\}|\{SEQ:[1-9]\})+$/;
export const maxAdmissionPatternLength = 40;
/** How many {SEQ:n} a pattern holds (it must hold exactly one, so every number differs). */
export const sequenceTokensIn = (pattern: string) => (pattern.match(/\{SEQ:[1-9]\}/g) ?? []).length;
/** A pattern the update accepts. */
/** The sequence starts again every year, so the year must be part of the number or it would repeat. */
export const hasYearToken = (pattern: string) => /\{YYYY\}|\{YY\}/.test(pattern);

export const isAdmissionPattern = (pattern: string) =>
  pattern.length <= maxAdmissionPatternLength && admissionPatternCharacters.test(pattern) && sequenceTokensIn(pattern) === 1 && hasYearToken(pattern);

/** What the admission-number pattern's tokens stand for (the form explains them). */
export const admissionPatternTokens = [
  { token: "{YYYY}", meaning: "the year of admission, e.g. 2026" },
  { token: "{YY}", meaning: "its last two digits, e.g. 26" },
  { token: "{SEQ:n}", meaning: "the pupil's number in that year's admissions, n digits long with leading zeros (exactly once)" },
] as const;

/**
 * The admission number a pattern gives the `sequence`-th admission of `year`:
 * ("ADM/{YYYY}/{SEQ:5}", 2026, 1) → "ADM/2026/00001". A sequence longer than n digits is written whole.
 */
export function admissionNumberOf(pattern: string, year: number, sequence: number): string {
  return pattern.replace(/\{YYYY\}|\{YY\}|\{SEQ:([1-9])\}/g, (token, width: string | undefined) => {
    if (token === "{YYYY}") return String(year);
    if (token === "{YY}") return String(year % 100).padStart(2, "0");
    return String(sequence).padStart(Number(width), "0");
  });
}

/** Kobo as naira with two decimals, formatted for Nigeria: 50000 → "₦500.00". */
export const formatNaira = (kobo: number) =>
  new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", minimumFractionDigits: 2 }).format(kobo / 100);

export const configurationMessages = {
  sessionFormat: "Enter the session as two consecutive years, e.g. 2026/2027.",
  termDate: "Enter a date.",
  termsRequired: "Give the three terms: First Term, Second Term and Third Term, in that order.",
  termOrder: "A term must end after it starts.",
  termOverlap: "Terms must follow one another without overlapping.",
  termOutsideSession: "Term dates must fall within the session (1 September to 31 August).",
  priceRange: "Enter a price from ₦0 to ₦100,000.",
  thresholdRange: "Enter an amount from ₦0 to ₦1,000,000,000.",
  pupilTeacherRange: `Enter a whole number of pupils per teacher from ${minPupilTeacherThreshold} to ${maxPupilTeacherThreshold}.`,
  patternFormat: "Use letters, digits, / - _ . and the tokens {YYYY}, {YY} and {SEQ:n} (n from 1 to 9), at most 40 characters.",
  patternSequence: "The pattern must contain {SEQ:n} exactly once, so every number differs.",
  patternYear: "The pattern must contain {YYYY} or {YY}: the sequence starts again every year.",
  staleVersion: "The configuration was changed by someone else. Reload it and try again.",
} as const;
