import type { AcademicTerm } from "../../../lib/contract/configuration-values";

/**
 * The term a charge is for when the caller names none, from the configuration's term dates and today (a
 * Lagos calendar day, YYYY-MM-DD): the term whose dates contain today; else, between terms or before the
 * session starts, the first term not yet ended (the one coming next); else, after the last term has ended,
 * Third Term (the session's last report cards).
 */
export function currentTerm(terms: readonly AcademicTerm[], today: string): string {
  const ordered = [...terms].sort((a, b) => a.startDate.localeCompare(b.startDate));
  const containing = ordered.find((t) => t.startDate <= today && today <= t.endDate);
  if (containing) return containing.name;
  return ordered.find((t) => today <= t.endDate)?.name ?? "Third Term";
}
