import * as z from "zod/mini";
import { auditKinds } from "./audit-values";
import { billingMessages as m } from "./billing-values";
import { calendarDay } from "./days";
import { text, uuidParam, wholeNumber } from "./fields";

export * from "./audit-values";

const optionalDay = z.optional(z.union([z.literal(""), calendarDay]));
const optionalId = z.optional(z.union([z.literal(""), uuidParam]));

/**
 * The trail's filters (issue: the audit trail): whose change (`actor`), which kind of record, which
 * operation, which record, and the days (Lagos time) it was made. `district[0]` is the caller's district
 * when left out; another only for a super administrator.
 */
export const auditFiltersSchema = z
  .object({
    "district[0]": z.optional(uuidParam),
    actor: optionalId,
    kind: z.optional(z.union([z.literal(""), z.enum(auditKinds, { error: "Not a kind of record." })])),
    operation: z._default(text(60), ""),
    recordId: z._default(text(60), ""),
    startDate: optionalDay,
    endDate: optionalDay,
  })
  .check(z.refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { path: ["endDate"], error: m.startAfterEnd }));
export type AuditFilters = z.output<typeof auditFiltersSchema>;

/** GET /audit/search: the filters, a page size up to 200 (50 by default), and the cursor the previous page handed back. */
export const auditSearchSchema = z.extend(auditFiltersSchema, {
  limit: z._default(wholeNumber("The limit must be a whole number from 1 to 200.", 1, 200), 50),
  cursor: z._default(text(200), ""),
});
export type AuditSearchQuery = z.input<typeof auditSearchSchema>;

/** GET /audit/people: the people a trail may be filtered by, found by name. */
export const auditPeopleSchema = z.object({ "district[0]": z.optional(uuidParam), search: z._default(text(100), "") });

/** GET /audit/operations: the district's operations. */
export const auditOperationsSchema = z.object({ "district[0]": z.optional(uuidParam) });
