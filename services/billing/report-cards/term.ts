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

/** The session before "2026/2027": "2025/2026". */
export function previousSession(session: string): string {
  const first = Number(session.slice(0, 4)) - 1;
  return `${first}/${first + 1}`;
}

/**
 * The sessions a charge may name (issue 35, finding 7): the configuration's current session and, while the previous
 * one's window is open — until the current session's first term starts (a district moves to the new session before
 * its terms begin, and may still buy the old session's last report cards meanwhile) — the previous one. Any other
 * session is one the district never had, or one long closed.
 */
export function chargeableSessions(
  config: { academicSession: string; terms: readonly AcademicTerm[] },
  today: string,
): { current: string; previous: string | null } {
  const firstStart = [...config.terms].map((t) => t.startDate).sort()[0];
  const previousOpen = firstStart !== undefined && today < firstStart;
  return { current: config.academicSession, previous: previousOpen ? previousSession(config.academicSession) : null };
}
