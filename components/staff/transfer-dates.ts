import type { StaffPosting } from "@/lib/contract/staff-values";

// Fixed locale and time zone, so the server's first paint and the browser's render agree.
const momentFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export { formatDay } from "@/lib/contract/day-text";

/** A moment (ISO timestamp) as Lagos time, '5 Mar 2026, 14:05' (architecture 'Data': times display in Africa/Lagos). */
export const formatMoment = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
};

/** The school roles a move ends (or, once made, ended), named with the school it leaves: 'Ends: Principal at Sunrise School'. */
export const endedRolesText = (roles: readonly string[], from: StaffPosting, verb: "Ends" | "Ended" = "Ends") =>
  roles.length === 0 ? "" : `${verb}: ${roles.join(", ")} at ${from.name}`;
