import * as z from "zod/mini";
import { isCalendarDay, staffMessages } from "./staff-values";

/** A calendar day as YYYY-MM-DD (a date column: no time zone), one message for every way it can be wrong. */
export const calendarDay = z
  .string({ error: staffMessages.dateInvalid })
  .check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, staffMessages.dateInvalid), z.refine(isCalendarDay, staffMessages.dateInvalid));
