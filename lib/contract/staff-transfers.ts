import * as z from "zod/mini";
import { isoDay } from "./local-formats";
import { requiredText, uuidParam, wholeNumber, withinPagingDepth } from "./fields";
import { isCalendarDay, todayInLagos, type StaffPosting } from "./staff-values";
import { MAX_STAFF_PER_TRANSFER, staffTransferMessages as m, TRANSFER_REASON_MAX } from "./staff-transfers-values";

export * from "./staff-transfers-values";

/** A calendar day as YYYY-MM-DD, or day/month/year as typed (isoDay); `missing` when empty, and nothing more said of a malformed one. */
const calendarDay = (missing: string) =>
  z.pipe(
    z.pipe(z.string({ error: missing }), z.transform(isoDay)),
    z
      .string()
      .check(
        z.minLength(1, { error: missing, abort: true }),
        z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.dateInvalid, abort: true }),
        z.refine(isCalendarDay, { error: m.dateInvalid, abort: true }),
      ),
  );

/**
 * The staff selected for a transfer (spec §4: the list kept for transfers). Ids are compared lower-cased,
 * as PostgreSQL compares uuids, so the same person cannot be sent twice in two spellings.
 */
const staffIdsField = z
  .array(
    z.pipe(
      z.uuid({ error: m.staffInvalid }),
      z.transform((id) => id.toLowerCase()),
    ),
    { error: m.selectionEmpty },
  )
  .check(
    z.minLength(1, m.selectionEmpty),
    z.maxLength(MAX_STAFF_PER_TRANSFER, m.selectionTooLarge),
    z.refine((ids) => new Set(ids).size === ids.length, m.selectionRepeats),
  );

/** Where the staff go: a school, an LGEA office, or the district office (architecture 'Staff'). */
export const transferDestinationSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("school"), schoolId: z.uuid({ error: m.schoolRequired }) }),
    z.object({ kind: z.literal("lgea"), lgeaId: z.uuid({ error: m.lgeaRequired }) }),
    z.object({ kind: z.literal("district") }),
  ],
  { error: m.destinationRequired },
);
export type TransferDestination = z.output<typeof transferDestinationSchema>;

/** POST /staff/staff-transfer-review: what the review screen asks before the user confirms. */
export const staffTransferReviewSchema = z.object({ staffIds: staffIdsField, destination: transferDestinationSchema });
export type StaffTransferReviewInput = z.input<typeof staffTransferReviewSchema>;

/**
 * POST /staff/staff-transfer/: the transfer form. The effective date is today in Lagos or later: a transfer
 * records a decision about the posting from now on, never a correction of the past.
 */
export const staffTransferSchema = z.extend(staffTransferReviewSchema, {
  effectiveDate: calendarDay(m.dateRequired).check(z.refine((day) => day >= todayInLagos(), m.dateInPast)),
  reason: requiredText(TRANSFER_REASON_MAX, m.reasonRequired),
});
export type StaffTransferInput = z.input<typeof staffTransferSchema>;
export type StaffTransferRequest = z.output<typeof staffTransferSchema>;

const optionalDay = z.optional(z.union([z.literal(""), calendarDay(m.dateInvalid)]));

/** GET /staff/list-staff-transfer: startDate and endDate bound the batch's effective date; school, a batch that moved someone from or to it. */
export const staffTransferListQuerySchema = z
  .object({
    startDate: optionalDay,
    endDate: optionalDay,
    school: z.optional(z.union([z.literal(""), uuidParam])),
    limit: z._default(wholeNumber(m.limitRange, 1, 100), 20),
    page: z._default(wholeNumber(m.pageRange, 1, 1_000_000), 1),
  })
  .check(
    z.refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { path: ["endDate"], error: m.startAfterEnd }),
    withinPagingDepth,
  );
export type StaffTransferListQuery = z.input<typeof staffTransferListQuerySchema>;
export type StaffTransferListFilter = z.output<typeof staffTransferListQuerySchema>;

/** One staff member of the review: where they are and would go, the school roles the move would end, and what stops it. */
export type StaffTransferReviewItem = {
  id: string;
  name: string;
  from: StaffPosting;
  to: StaffPosting;
  /** The school roles (Principal, …) they hold at the school they would leave; the transfer ends them. */
  endedRoles: string[];
  /** Why this staff member cannot be moved there (already posted there, an account the caller may not change); empty when they can. */
  problems: string[];
};
/** What POST /staff/staff-transfer-review answers: the staff in name order. */
export type StaffTransferReview = { destination: StaffPosting; staff: StaffTransferReviewItem[]; canTransfer: boolean };

/** What POST /staff/staff-transfer/ answers; `moved` is how many staff the batch moved. */
export type StaffTransferred = { message: string; transferId: string; moved: number };

/** One staff member's move in a batch, as it was made (the places' current names). */
export type StaffTransferMove = { staffId: string; name: string; from: StaffPosting; to: StaffPosting; endedRoles: string[] };

export type StaffTransferBatch = {
  id: string;
  effectiveDate: string;
  reason: string;
  /** ISO timestamp. */
  createdAt: string;
  createdBy: { id: string; name: string };
  /** How many moves the batch holds (those the caller's LGEA or school scope reaches, below the district). */
  count: number;
};
/** A batch of the transfer list, with its first few moves in name order. */
export type StaffTransferSummary = StaffTransferBatch & { firstMoves: StaffTransferMove[] };
/** What GET /staff/list-staff-transfer answers: batches newest first. */
export type StaffTransferList = { transfers: StaffTransferSummary[]; page: number; limit: number; total: number };
/** What GET /staff/staff-transfer/{id} answers: the batch with every move in name order. */
export type StaffTransferDetail = { transfer: StaffTransferBatch & { moves: StaffTransferMove[] } };
