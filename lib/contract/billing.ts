import * as z from "zod/mini";
import {
  billingMessages as m,
  maxClientNameLength,
  maxFundingKobo,
  maxIdempotencyKeyLength,
  maxReasonLength,
  minFundingKobo,
  paymentReferencePattern,
  transactionActions,
} from "./billing-values";
import { termNames } from "./configuration-values";
import { calendarDay } from "./days";
import { requiredText, text, uuidParam, wholeNumber, withinPagingDepth } from "./fields";

export * from "./billing-values";

/**
 * Kobo as the API takes it: a JSON number that is a whole number of kobo (no coercion: "500" or 500.5 is
 * refused, so a fraction of a kobo is never rounded into or out of existence), within the funding limits.
 */
export const fundingAmount = z
  .number({ error: m.amountRequired })
  .check(
    z.refine(Number.isSafeInteger, { error: m.amountRequired, abort: true }),
    z.minimum(minFundingKobo, { error: m.amountTooSmall, abort: true }),
    z.maximum(maxFundingKobo, { error: m.amountTooLarge }),
  );

/** POST wallet/payment-link: { amount } in kobo. */
export const paymentLinkSchema = z.object({ amount: fundingAmount });
export type PaymentLinkInput = z.input<typeof paymentLinkSchema>;

/** A payment reference as the provider hands it back: our own, letters, digits and - _ . only. */
export const paymentReference = z.string({ error: m.referenceRequired }).check(z.trim(), z.regex(paymentReferencePattern, m.referenceRequired));

/** POST wallet/fund: { reference }. */
export const fundSchema = z.object({ reference: paymentReference });

const academicSession = z.string({ error: m.sessionFormat }).check(z.regex(/^\d{4}\/\d{4}$/, m.sessionFormat));
const termName = z.enum(termNames, { error: m.termRequired });

/**
 * Buying a term's report cards for a school (staff, with wallet.charge): the session and term default to
 * the district's current ones (its configuration) when left out.
 */
export const reportCardChargeSchema = z.object({
  schoolId: uuidParam,
  academicSession: z.optional(academicSession),
  term: z.optional(termName),
});
export type ReportCardChargeInput = z.input<typeof reportCardChargeSchema>;
export const reportCardQuoteQuerySchema = reportCardChargeSchema;

/** The result-processing systems' endpoint: every field named, and an idempotency key so a retry charges once. */
export const serviceChargeSchema = z.object({
  schoolId: uuidParam,
  academicSession,
  term: termName,
  idempotencyKey: z
    .string({ error: m.idempotencyKeyRequired })
    .check(z.trim(), z.minLength(1, m.idempotencyKeyRequired), z.maxLength(maxIdempotencyKeyLength, m.idempotencyKeyRequired)),
});

/** A super administrator's reversal of an entry: the reason is kept on the reversing entry. */
export const reversalSchema = z.object({ reason: requiredText(maxReasonLength, m.reasonRequired) });

/** Issuing an API key for a district's result-processing system. */
export const apiClientCreateSchema = z.object({ districtId: uuidParam, name: requiredText(maxClientNameLength, m.clientNameRequired) });
export const apiClientListQuerySchema = z.object({ district: z.optional(uuidParam) });

const optionalDay = z.optional(z.union([z.literal(""), calendarDay]));

/** Spec §3 'Search filters: Transaction logs': school, transactionAction, searchTerm, startDate, endDate (days of the entry). */
export const transactionLogFiltersSchema = z
  .object({
    "district[0]": z.optional(uuidParam),
    school: z.optional(z.union([z.literal(""), uuidParam])),
    transactionAction: z.optional(z.union([z.literal(""), z.enum(transactionActions, { error: "Not a transaction action." })])),
    searchTerm: z._default(text(100), ""),
    startDate: optionalDay,
    endDate: optionalDay,
  })
  .check(z.refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { path: ["endDate"], error: m.startAfterEnd }));
export type TransactionLogFilters = z.output<typeof transactionLogFiltersSchema>;

/** GET /transaction-logs/search: the filters, limit up to 1000 (spec §9; 50 by default), page. */
export const transactionLogSearchSchema = z
  .extend(transactionLogFiltersSchema, {
    limit: z._default(wholeNumber(m.limitRange, 1, 1000), 50),
    page: z._default(wholeNumber(m.pageRange, 1, 1_000_000), 1),
  })
  .check(withinPagingDepth);
export type TransactionLogSearchQuery = z.input<typeof transactionLogSearchSchema>;
