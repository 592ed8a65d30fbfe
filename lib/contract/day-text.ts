// Fixed locale and time zone, so the server's first paint and the browser's render agree (and the bell's texts with the pages').
const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** A calendar day (YYYY-MM-DD, as the API keeps effective dates) as '5 March 2026'. */
export const formatDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
};
