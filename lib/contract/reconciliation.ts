import * as z from "zod/mini";
import { calendarDay } from "./days";
import { maxReconciliationDays, reconciliationMessages as m } from "./reconciliation-values";

export * from "./reconciliation-values";

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** GET /reconciliation and its download: from and to, Lagos days, both counted, at most maxReconciliationDays apart. */
export const reconciliationQuerySchema = z
  .object({
    from: z.pipe(z.string({ error: m.fromRequired }), calendarDay),
    to: z.pipe(z.string({ error: m.toRequired }), calendarDay),
  })
  .check(
    z.refine((v) => v.from <= v.to, { path: ["to"], error: m.fromAfterTo, abort: true }),
    z.refine((v) => daysBetween(v.from, v.to) <= maxReconciliationDays, { path: ["to"], error: m.rangeTooLong }),
  );
export type ReconciliationQuery = z.output<typeof reconciliationQuerySchema>;
