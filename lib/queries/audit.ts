// The audit trail's reads (README 'Adding a resource', step 8): pages of entries by cursor, the filters'
// choices, and the download. Every key is under auditKeys.all; a write anywhere may add entries, so the
// trail is read fresh when opened rather than kept.

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPage, AuditPerson } from "../contract/audit-values";
import { clientApi, districtApi } from "../client-api";
import { registerFilterQuery, registerFromQuery, type RegisterFilters } from "../register-url";
import { apiRead, useApiRead } from "./api-read";

/** The trail's filters, as the page's URL and GET /audit/search name them, in this order. */
export const auditFilterKeys = ["actor", "kind", "operation", "recordId", "startDate", "endDate"] as const;
export type AuditFilterKey = (typeof auditFilterKeys)[number];
export type AuditFilterValues = RegisterFilters<AuditFilterKey>;

/** A page of the trail: 50 entries on the trail's page, 20 in a record's History. */
export const AUDIT_PAGE_SIZE = 50;
export const HISTORY_PAGE_SIZE = 20;

export const auditFiltersFromQuery = (query: URLSearchParams) => registerFromQuery(auditFilterKeys, query);

const filterKey = (filters: AuditFilterValues) => registerFilterQuery(auditFilterKeys, filters).toString();

function apiQuery(districtId: string, filters: AuditFilterValues): URLSearchParams {
  const query = registerFilterQuery(auditFilterKeys, filters);
  query.set("district[0]", districtId);
  return query;
}

export const auditKeys = {
  all: ["audit"] as const,
  entries: (districtId: string, filterKey: string, limit: number) => ["audit", "entries", districtId, filterKey, limit] as const,
  people: (districtId: string, search: string) => ["audit", "people", districtId, search] as const,
  operations: (districtId: string) => ["audit", "operations", districtId] as const,
};

export const auditReads = {
  /** GET /audit/people: at most 20 people by name, for the person filter. */
  people: (districtId: string, search: string) =>
    apiRead<AuditPerson[]>(auditKeys.people(districtId, search), `audit/people?${new URLSearchParams({ "district[0]": districtId, search })}`),
  /** GET /audit/operations: the operations the district's trail holds. */
  operations: (districtId: string) =>
    apiRead<string[]>(auditKeys.operations(districtId), `audit/operations?${new URLSearchParams({ "district[0]": districtId })}`),
};

/** The filtered trail, newest first, a page at a time: 'Show more' asks for the page after the last one's cursor. */
export function useAuditEntries(districtId: string, filters: AuditFilterValues, limit: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: auditKeys.entries(districtId, filterKey(filters), limit),
    queryFn: ({ pageParam }) => {
      const query = apiQuery(districtId, filters);
      query.set("limit", String(limit));
      if (pageParam) query.set("cursor", pageParam);
      return clientApi<AuditPage>(districtApi(`audit/search?${query}`));
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /audit/download with the filters on screen (saved as audit-trail.xlsx). */
export const auditDownloadHref = (districtId: string, filters: AuditFilterValues) => `${districtApi("audit/download")}?${apiQuery(districtId, filters)}`;

export const useAuditPeople = (districtId: string, search: string) => useApiRead(auditReads.people(districtId, search), { enabled: search.length >= 2 });
export const useAuditOperations = (districtId: string) => useApiRead(auditReads.operations(districtId));
