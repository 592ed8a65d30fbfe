import * as z from "zod/mini";
import { isoDay } from "./local-formats";
import { isCalendarDay, staffMessages } from "./staff-values";

/**
 * A calendar day, kept as YYYY-MM-DD (a date column: no time zone). Typed in the Nigerian order too
 * (14/05/1972, 14-05-1972, 14.05.1972: isoDay, as the importer reads a cell); one message, naming that
 * form, for every way it can be wrong.
 */
export const calendarDay = z.pipe(
  z.pipe(z.string({ error: staffMessages.dateInvalid }), z.transform(isoDay)),
  z
    .string()
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: staffMessages.dateInvalid, abort: true }),
      z.refine(isCalendarDay, { error: staffMessages.dateInvalid, abort: true }),
    ),
);
