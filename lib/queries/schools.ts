import { keepPreviousData } from "@tanstack/react-query";
import type { AssignSchoolRole, SchoolCard, SchoolDetail, SchoolForm, SchoolInformation, SchoolSearchResult, SchoolSearchTotal } from "../contract/schools";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";
import { spreadsheetApi } from "./imports";

export type SchoolFilters = { searchTerm: string; localGovernment: string; schoolCategory: string; page: number };
export const SCHOOL_PAGE_SIZE = 12;
/** The list as it first opens: the server prefetches exactly this page. */
export const firstSchoolPage: SchoolFilters = { searchTerm: "", localGovernment: "", schoolCategory: "", page: 1 };

/** Query keys of schools: invalidating `schoolKeys.all` refreshes every school view. */
export const schoolKeys = {
  all: ["schools"] as const,
  search: (districtId: string, f: SchoolFilters) => ["schools", "search", districtId, f.searchTerm, f.localGovernment, f.schoolCategory, f.page] as const,
  /** One total per filter, whatever the page: paging never counts again. */
  total: (districtId: string, f: SchoolFilters) => ["schools", "total", districtId, f.searchTerm, f.localGovernment, f.schoolCategory] as const,
  detail: (id: string) => ["schools", "detail", id] as const,
  byDistrict: (districtId: string) => ["schools", "by-district", districtId] as const,
  information: (id: string) => ["schools", "information", id] as const,
  localGovernments: (districtId: string) => ["lgeas", districtId] as const,
};

export const schoolReads = {
  search: (districtId: string, f: SchoolFilters) =>
    apiRead<SchoolSearchResult>(
      schoolKeys.search(districtId, f),
      `school/search?${new URLSearchParams({ district: districtId, searchTerm: f.searchTerm, localGovernment: f.localGovernment, schoolCategory: f.schoolCategory, limit: String(SCHOOL_PAGE_SIZE), page: String(f.page) })}`,
    ),
  total: (districtId: string, f: SchoolFilters) =>
    apiRead<SchoolSearchTotal>(
      schoolKeys.total(districtId, f),
      `school/search-total?${new URLSearchParams({ district: districtId, searchTerm: f.searchTerm, localGovernment: f.localGovernment, schoolCategory: f.schoolCategory })}`,
    ),
  detail: (id: string) => apiRead<{ school: SchoolDetail }>(schoolKeys.detail(id), `school/view/${id}`),
  /** Every school of the district by name (spec §7, limit 1000): the choices of a school filter or posting. */
  byDistrict: (districtId: string) => apiRead<{ schools: SchoolCard[] }>(schoolKeys.byDistrict(districtId), `school/get-by-district/${districtId}?limit=1000`),
  information: (id: string) => apiRead<SchoolInformation>(schoolKeys.information(id), `school/get-school-information/${id}`),
  /** The local governments a school may be in (those of the caller's LGEAs): the filter's and the form's choices. */
  localGovernments: (districtId: string) => apiRead<{ localGovernments: string[] }>(schoolKeys.localGovernments(districtId), "school/local-government-list"),
};

// A new page or filter keeps the current cards on screen until the next ones arrive: nothing jumps.
export const useSchoolSearch = (districtId: string, f: SchoolFilters) => useApiRead(schoolReads.search(districtId, f), { placeholderData: keepPreviousData });
export const useSchoolSearchTotal = (districtId: string, f: SchoolFilters) =>
  useApiRead(schoolReads.total(districtId, f), { placeholderData: keepPreviousData });
export const useSchool = (id: string) => useApiRead(schoolReads.detail(id));
export const useDistrictSchools = (districtId: string) =>
  useApiRead(schoolReads.byDistrict(districtId), { select: (answer) => answer.schools, staleTime: 300_000 });
export const useSchoolInformation = (id: string, enabled: boolean) => useApiRead(schoolReads.information(id), { enabled });
export const useDistrictLgas = (districtId: string) =>
  useApiRead(schoolReads.localGovernments(districtId), { select: (answer) => answer.localGovernments, staleTime: 300_000 });

export const schoolMutations = {
  create: (values: SchoolForm) => clientApi<{ school: SchoolDetail }>(districtApi("school/add"), { method: "POST", json: values }),
  update: (school: Pick<SchoolDetail, "id" | "version">, values: SchoolForm) =>
    clientApi<{ school: SchoolDetail }>(districtApi(`school/update/${school.id}`), { method: "PATCH", json: { ...values, version: school.version } }),
  assignRole: (schoolId: string, body: AssignSchoolRole) =>
    clientApi<{ school: SchoolDetail }>(districtApi(`school/assign-role/${schoolId}`), { method: "POST", json: body }),
  unassignRole: (schoolRoleId: string) =>
    clientApi<{ school: SchoolDetail; message: string }>(districtApi(`school/unassign-role/${schoolRoleId}`), { method: "POST" }),
};

export const schoolSpreadsheets = spreadsheetApi("school", { path: "school/create-multiple-schools", invalidates: schoolKeys.all });

/** GET /school/download?district[0]={id} (spec §7: saved as schools.xlsx). */
export const schoolDownloadHref = (districtId: string) => `${districtApi("school/download")}?${new URLSearchParams({ "district[0]": districtId })}`;
