// What the browser needs of the district configuration without zod (defaults, limits, messages); configuration.ts re-exports it with the schemas.

/** One term of the academic session, dates as YYYY-MM-DD. */
export type AcademicTerm = { name: string; startDate: string; endDate: string };

export const termNames = ["First Term", "Second Term", "Third Term"] as const;

/** Money is kept in kobo (architecture 'Billing'); these bound what a form may ask for. */
export const maxReportCardPrice = 10_000_000; // ₦100,000 a pupil a term
export const maxLowBalanceThreshold = 100_000_000_000; // ₦1,000,000,000

export const defaultAdmissionNumberPattern = "ADM/{YYYY}/{SEQ:5}";

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

/** A new district's configuration: the session of `today` with the usual term dates, ₦500 a report card, a ₦5,000 alert. */
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
  };
}

/** Kobo as naira with two decimals, formatted for Nigeria: 50000 → "₦500.00". */
export const formatNaira = (kobo: number) =>
  new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", minimumFractionDigits: 2 }).format(kobo / 100);

export const configurationMessages = {
  sessionFormat: "Enter the session as two consecutive years, e.g. 2026/2027.",
  termDate: "Enter a date.",
  termOrder: "A term must end after it starts.",
  termOverlap: "Terms must follow one another without overlapping.",
  termOutsideSession: "Term dates must fall within the session (1 September to 31 August).",
  priceRange: "Enter a price from ₦0 to ₦100,000.",
  thresholdRange: "Enter an amount from ₦0 to ₦1,000,000,000.",
  patternFormat: "Use letters, digits, / - _ . and the tokens {YYYY}, {YY} and {SEQ:n} (n from 1 to 9), at most 40 characters.",
  patternSequence: "The pattern must contain {SEQ:n} exactly once, so every number differs.",
  staleVersion: "The configuration was changed by someone else. Reload it and try again.",
} as const;
