import type { ReportCardChargeResult, ReportCardQuote } from "../contract/billing-values";
import { billingApi, clientApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/** Buying a term's report cards for a school out of the wallet (billing API, wallet.charge). */
export const reportCardKeys = {
  all: ["report-cards"] as const,
  quote: (schoolId: string, term: string) => ["report-cards", "quote", schoolId, term] as const,
};

/** `term` empty: the district's current term (its configuration). */
const quoteQuery = (schoolId: string, term: string) => new URLSearchParams({ schoolId, ...(term ? { term } : {}) }).toString();

export const reportCardReads = {
  quote: (schoolId: string, term: string) =>
    apiRead<ReportCardQuote>(reportCardKeys.quote(schoolId, term), `wallet/report-card-quote?${quoteQuery(schoolId, term)}`, "billing"),
};

export const useReportCardQuote = (schoolId: string, term: string, enabled: boolean) =>
  useApiRead(reportCardReads.quote(schoolId, term), { enabled, staleTime: 0 });

export const reportCardMutations = {
  charge: ({ schoolId, academicSession, term }: { schoolId: string; academicSession: string; term: string }) =>
    clientApi<ReportCardChargeResult>(billingApi("wallet/report-card-charge"), { method: "POST", json: { schoolId, academicSession, term } }),
};
