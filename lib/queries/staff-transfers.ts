import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  StaffTransferDetail,
  StaffTransferList,
  StaffTransferRequest,
  StaffTransferReview,
  StaffTransferred,
  TransferDestination,
} from "../contract/staff-transfers";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";
import { lgeaReads } from "./lgeas";
import { schoolKeys, schoolReads } from "./schools";
import { staffKeys } from "./staff";

/** The transfer list's filters, as the page's URL names them (so a filtered list can be bookmarked). */
export type TransferFilters = { startDate: string; endDate: string; school: string; page: number };
export const TRANSFER_PAGE_SIZE = 20;
/** The list as it first opens: the server prefetches exactly this page when the URL names no filter. */
export const firstTransferPage: TransferFilters = { startDate: "", endDate: "", school: "", page: 1 };

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The filters of a URL's query (the page's searchParams on the server, useSearchParams in the browser), so
 * both ask for the same list. A hand-edited value that is no date, school or page is left out.
 */
export function transferFiltersFrom(params: { get: (name: string) => string | null }): TransferFilters {
  const day = (name: string) => (calendarDay.test(params.get(name) ?? "") ? (params.get(name) ?? "") : "");
  const school = params.get("school") ?? "";
  const page = Number(params.get("page"));
  return { startDate: day("startDate"), endDate: day("endDate"), school: uuid.test(school) ? school : "", page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The URL query of these filters, leaving out the empty ones and the first page. */
export function transferFiltersQuery(f: TransferFilters): string {
  const query = new URLSearchParams();
  if (f.startDate) query.set("startDate", f.startDate);
  if (f.endDate) query.set("endDate", f.endDate);
  if (f.school) query.set("school", f.school);
  if (f.page > 1) query.set("page", String(f.page));
  return query.toString();
}

/** The destination the form describes, once it names a place; null while a school or LGEA office is still to be chosen. */
export type DestinationChoice = { kind?: string; schoolId?: string; lgeaId?: string } | undefined;
export function chosenDestination(choice: DestinationChoice): TransferDestination | null {
  if (choice?.kind === "school" && choice.schoolId) return { kind: "school", schoolId: choice.schoolId };
  if (choice?.kind === "lgea" && choice.lgeaId) return { kind: "lgea", lgeaId: choice.lgeaId };
  if (choice?.kind === "district") return { kind: "district" };
  return null;
}
const placeOf = (d: TransferDestination) => (d.kind === "school" ? d.schoolId : d.kind === "lgea" ? d.lgeaId : "");

/** Query keys of staff transfers: invalidating `staffTransferKeys.all` refreshes the list, the batches and the review. */
export const staffTransferKeys = {
  all: ["staff-transfers"] as const,
  list: (f: TransferFilters) => ["staff-transfers", "list", f.startDate, f.endDate, f.school, f.page] as const,
  detail: (id: string) => ["staff-transfers", "detail", id] as const,
  review: (staffIds: readonly string[], d: TransferDestination) => ["staff-transfers", "review", d.kind, placeOf(d), ...staffIds] as const,
};

/** What a transfer changes: postings and staff records, the batches, and the schools' staff counts and school roles. */
export const transferInvalidates = [staffKeys.all, staffTransferKeys.all, schoolKeys.all] as const;

export const staffTransferReads = {
  list: (f: TransferFilters) =>
    apiRead<StaffTransferList>(
      staffTransferKeys.list(f),
      `staff/list-staff-transfer?${new URLSearchParams({ startDate: f.startDate, endDate: f.endDate, school: f.school, limit: String(TRANSFER_PAGE_SIZE), page: String(f.page) })}`,
    ),
  detail: (id: string) => apiRead<StaffTransferDetail>(staffTransferKeys.detail(id), `staff/staff-transfer/${id}`),
};

// A new page or filter keeps the current rows on screen until the next ones arrive: nothing jumps.
export const useStaffTransfers = (f: TransferFilters, enabled = true) => useApiRead(staffTransferReads.list(f), { placeholderData: keepPreviousData, enabled });
export const useStaffTransfer = (id: string, enabled: boolean) => useApiRead(staffTransferReads.detail(id), { enabled });
/** The places a transfer may go to, and the list's school filter, as select options (value: id, label: name). */
const asOptions = (places: readonly { id: string; name: string }[]) => places.map(({ id, name }) => ({ value: id, label: name }));
/** Only for those who may list them (`school.view`, `lgea.view`): otherwise the select is not offered at all. */
export const useTransferSchools = (districtId: string, enabled = true) =>
  useApiRead(schoolReads.byDistrict(districtId), { select: (answer) => asOptions(answer.schools), staleTime: 300_000, enabled });
export const useTransferLgeas = (districtId: string, enabled = true) =>
  useApiRead(lgeaReads.ofDistrict(districtId), { select: (answer) => asOptions(answer.lgeas), staleTime: 300_000, enabled });

/**
 * POST /staff/staff-transfer-review reads without changing anything, so it is a query: asked again when the
 * selection or the destination changes, and the previous answer stays on screen meanwhile.
 */
export const useTransferReview = (staffIds: readonly string[], destination: TransferDestination | null) =>
  useQuery({
    queryKey: destination ? staffTransferKeys.review(staffIds, destination) : ["staff-transfers", "review", "none"],
    queryFn: () =>
      destination
        ? clientApi<StaffTransferReview>(districtApi("staff/staff-transfer-review"), { method: "POST", json: { staffIds, destination } })
        : Promise.reject(new Error("No destination chosen")),
    enabled: destination !== null && staffIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const staffTransferMutations = {
  /**
   * POST /staff/staff-transfer/. Sent without the trailing slash: Next would answer the portal path with one
   * by a redirect first, and the catch-all joins the path's segments without it anyway.
   */
  transfer: (request: StaffTransferRequest) => clientApi<StaffTransferred>(districtApi("staff/staff-transfer"), { method: "POST", json: request }),
};
