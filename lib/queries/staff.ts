import { keepPreviousData } from "@tanstack/react-query";
import type { LastTimeActive } from "../contract/session-switch";
import type { StaffSearchResult } from "../contract/roles";
import type {
  NewStaff,
  PossibleDuplicates,
  StaffCreated,
  StaffDetails,
  StaffRecord,
  StaffSearchAnswer,
  StaffSearchTotal,
  StaffUpdated,
} from "../contract/staff";
import { staffFilterKeys, type StaffFilters } from "../contract/staff-values";
import type { AccountStatus, StaffProfile } from "../contract/user";
import { clientApi, districtApi } from "../client-api";
import { registerFilterQuery, registerFromQuery } from "../register-url";
import { apiRead, useApiRead } from "./api-read";
import { spreadsheetApi } from "./imports";

/** Spec §9: staff lists are asked for 1,000 at a time; the table draws only the rows on screen. */
export const STAFF_PAGE_SIZE = 1000;

/** The register's filters as a query string, in a fixed order with empty ones left out (one cache entry per filter). */
export const staffFilterQuery = (filters: StaffFilters): URLSearchParams => registerFilterQuery(staffFilterKeys, filters);
/** The register's filters and page as the URL holds them, so a filtered list can be bookmarked and shared. */
export const filtersFromQuery = (query: URLSearchParams): { filters: StaffFilters; page: number } => registerFromQuery(staffFilterKeys, query);

const filterKey = (filters: StaffFilters) => staffFilterQuery(filters).toString();

/** GET /staff/download with the filters on screen (spec §7: saved as staffs.xlsx). */
export function staffDownloadHref(districtId: string, filters: StaffFilters): string {
  const query = staffFilterQuery(filters);
  query.set("district[0]", districtId);
  query.set("includeLoggedInUser", "true");
  return `${districtApi("staff/download")}?${query}`;
}

export const staffKeys = {
  all: ["staff"] as const,
  record: (id: string) => ["staff", "record", id] as const,
  lastTimeActive: (staffId: string) => ["staff", "last-time-active", staffId] as const,
  search: (districtId: string, searchTerm: string, limit: number, school = "") => ["staff", "search", districtId, searchTerm, limit, school] as const,
  register: (districtId: string, filters: StaffFilters, page: number) => ["staff", "register", districtId, filterKey(filters), page] as const,
  /** One total per filter, whatever the page: paging never counts again. */
  total: (districtId: string, filters: StaffFilters) => ["staff", "total", districtId, filterKey(filters)] as const,
};

export const staffReads = {
  /** GET /staff/view-staff/{id}: the record, read again after every change to it. */
  record: (id: string) => apiRead<StaffRecord>(staffKeys.record(id), `staff/view-staff/${id}`),
  /** A page of the staff register (spec §7 full form; the caller is listed too). */
  register: (districtId: string, filters: StaffFilters, page: number) => {
    const query = staffFilterQuery(filters);
    query.set("district[0]", districtId);
    query.set("includeLoggedInUser", "true");
    query.set("limit", String(STAFF_PAGE_SIZE));
    query.set("page", String(page));
    return apiRead<StaffSearchAnswer>(staffKeys.register(districtId, filters, page), `staff/search?${query}`);
  },
  total: (districtId: string, filters: StaffFilters) => {
    const query = staffFilterQuery(filters);
    query.set("district[0]", districtId);
    query.set("includeLoggedInUser", "true");
    return apiRead<StaffSearchTotal>(staffKeys.total(districtId, filters), `staff/search-total?${query}`);
  },
  lastTimeActive: (staffId: string) => apiRead<LastTimeActive>(staffKeys.lastTimeActive(staffId), `staff/last-time-active?${new URLSearchParams({ staffId })}`),
  /** The staff autocomplete (spec §7): the caller is listed too; `school` keeps to the staff posted at that school. */
  search: (districtId: string, searchTerm: string, limit: number, school = "") =>
    apiRead<{ foundStaffs: StaffSearchResult[] }>(
      staffKeys.search(districtId, searchTerm, limit, school),
      `staff/search?${new URLSearchParams({ "district[0]": districtId, searchTerm, limit: String(limit), includeLoggedInUser: "true", ...(school ? { school } : {}) })}`,
    ),
};

export const useStaffRecord = (id: string) => useApiRead(staffReads.record(id));
// A new page or filter keeps the current rows on screen until the next ones arrive: nothing jumps.
export const useStaffRegister = (districtId: string, filters: StaffFilters, page: number) =>
  useApiRead(staffReads.register(districtId, filters, page), { placeholderData: keepPreviousData });
export const useStaffTotal = (districtId: string, filters: StaffFilters) =>
  useApiRead(staffReads.total(districtId, filters), { placeholderData: keepPreviousData });
export const useLastTimeActive = (staffId: string | null) => useApiRead(staffReads.lastTimeActive(staffId ?? ""), { enabled: Boolean(staffId) });

export const staffMutations = {
  update: (staff: Pick<StaffProfile, "id" | "version">, values: StaffDetails & { currentPassword?: string }) =>
    clientApi<StaffUpdated>(districtApi(`staff/update/${staff.id}`), { method: "PATCH", json: { ...values, version: staff.version } }),
  /** One's own new e-mail, with the code sent to it. */
  confirmEmailChange: (code: string) =>
    clientApi<{ staff: StaffProfile; message: string }>(districtApi("staff/confirm-email-change"), { method: "POST", json: { code } }),
  /** A cropped JPEG as the profile picture. */
  setProfilePicture: (staffId: string, picture: Blob) => {
    const form = new FormData();
    form.append("file", picture, "profile-picture.jpg");
    return clientApi<string>(districtApi(`staff/update-profile-picture/${staffId}`), { method: "PATCH", body: form });
  },
  /** A new staff member, or a new district administrator (`asDistrictAdmin`). */
  create: (values: NewStaff, asDistrictAdmin: boolean) =>
    clientApi<StaffCreated>(districtApi(asDistrictAdmin ? "staff/register-district-admin" : "staff/create"), { method: "POST", json: values }),
  possibleDuplicates: (who: { firstName: string; lastName: string; dob: string }) =>
    clientApi<PossibleDuplicates>(districtApi(`staff/possible-duplicates?${new URLSearchParams(who)}`)),
  setAccountStatus: (staffId: string, accountStatus: AccountStatus) =>
    clientApi<{ id: string; accountStatus: AccountStatus }>(districtApi(`staff/account-status/${staffId}`), { method: "PATCH", json: { accountStatus } }),
  transferRight: (staffId: string) => clientApi<{ message: string }>(districtApi("staff/transfer-right"), { method: "POST", json: { staffId } }),
  authorizeSuperAdmin: (staffId: string) => clientApi<{ message: string }>(districtApi("staff/authorize-super-admin"), { method: "POST", json: { staffId } }),
};

export const staffSpreadsheets = spreadsheetApi("staff", { path: "staff/create-multiple/:id", invalidates: staffKeys.all });
