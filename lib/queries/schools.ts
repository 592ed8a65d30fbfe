import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SchoolDetail, SchoolInformation, SchoolSearchResult } from "../contract/schools";
import { clientApi, districtApi } from "../client-api";

export type SchoolFilters = { searchTerm: string; localGovernment: string; schoolCategory: string; page: number };
export const SCHOOL_PAGE_SIZE = 12;

/** Query keys of schools: invalidating `schoolKeys.all` refreshes every school view. */
export const schoolKeys = {
  all: ["schools"] as const,
  search: (districtId: string, f: SchoolFilters) => ["schools", "search", districtId, f.searchTerm, f.localGovernment, f.schoolCategory, f.page] as const,
  detail: (id: string) => ["schools", "detail", id] as const,
  information: (id: string) => ["schools", "information", id] as const,
  lgeas: (districtId: string) => ["lgeas", districtId] as const,
};

export const schoolSearchPath = (districtId: string, f: SchoolFilters) =>
  `school/search?${new URLSearchParams({ district: districtId, searchTerm: f.searchTerm, localGovernment: f.localGovernment, schoolCategory: f.schoolCategory, limit: String(SCHOOL_PAGE_SIZE), page: String(f.page) })}`;
export const localGovernmentListPath = "school/local-government-list";

// A new page or filter keeps the current cards on screen until the next ones arrive: nothing jumps.
export const useSchoolSearch = (districtId: string, f: SchoolFilters) =>
  useQuery({
    queryKey: schoolKeys.search(districtId, f),
    queryFn: () => clientApi<SchoolSearchResult>(districtApi(schoolSearchPath(districtId, f))),
    placeholderData: keepPreviousData,
  });
export const useSchool = (id: string) =>
  useQuery({ queryKey: schoolKeys.detail(id), queryFn: () => clientApi<{ school: SchoolDetail }>(districtApi(`school/view/${id}`)) });
export const useSchoolInformation = (id: string, enabled: boolean) =>
  useQuery({ queryKey: schoolKeys.information(id), queryFn: () => clientApi<SchoolInformation>(districtApi(`school/get-school-information/${id}`)), enabled });
/** The district's local governments (those of its LGEAs): the schools' filter and the form's choices. */
export const useDistrictLgas = (districtId: string) =>
  useQuery({
    queryKey: schoolKeys.lgeas(districtId),
    queryFn: () => clientApi<{ localGovernments: string[] }>(districtApi(localGovernmentListPath)),
    select: (answer) => answer.localGovernments,
    staleTime: 300_000,
  });
