import { keepPreviousData } from "@tanstack/react-query";
import type { AvailableLocalGovernments, LgeaCreated, LgeaPage, NewLgea } from "../contract/lgea";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/** Spec §9: lists are asked for 1,000 at a time; a district has far fewer LGEA offices. */
const ALL_LGEAS = 1000;
/** The LGEA list page shows this many portals a page (spec §3, §9: the LGEA list is paged with page and limit). */
export const LGEA_PAGE_SIZE = 20;

/** The page of the list a URL names (`?page=`; the page's searchParams on the server, useSearchParams in the browser): 1 unless a whole number above 1. */
export function lgeaPageFrom(params: { get: (name: string) => string | null }): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** Query keys of LGEA portals: invalidating `lgeaKeys.all` refreshes every LGEA view (and the schools' local governments, keyed under it). */
export const lgeaKeys = {
  all: ["lgeas"] as const,
  ofDistrict: (districtId: string) => ["lgeas", "of-district", districtId] as const,
  page: (districtId: string, page: number) => ["lgeas", "page", districtId, page] as const,
  availableLocalGovernments: (districtId: string) => ["lgeas", "available-local-governments", districtId] as const,
};

export const lgeaReads = {
  /** GET /lgea/search with district[0], limit, page (spec §7): the district's LGEA offices. */
  ofDistrict: (districtId: string) =>
    apiRead<LgeaPage>(
      lgeaKeys.ofDistrict(districtId),
      `lgea/search?${new URLSearchParams({ "district[0]": districtId, limit: String(ALL_LGEAS), page: "1" })}`,
    ),
  /** One page of the LGEA list, with administrators, counts and contacts. */
  page: (districtId: string, page: number) =>
    apiRead<LgeaPage>(
      lgeaKeys.page(districtId, page),
      `lgea/search?${new URLSearchParams({ "district[0]": districtId, limit: String(LGEA_PAGE_SIZE), page: String(page) })}`,
    ),
  /** GET /lgea/available-local-governments: the state's LGAs that have no LGEA portal in the district yet. */
  availableLocalGovernments: (districtId: string) =>
    apiRead<AvailableLocalGovernments>(lgeaKeys.availableLocalGovernments(districtId), "lgea/available-local-governments"),
};

/** The district's LGEA offices as choices (id and name). */
export const useDistrictLgeas = (districtId: string, enabled = true) =>
  useApiRead(lgeaReads.ofDistrict(districtId), { select: (answer) => answer.lgeas.map(({ id, name }) => ({ id, name })), staleTime: 300_000, enabled });
// A new page keeps the current cards on screen until the next ones arrive: nothing jumps.
export const useLgeaPage = (districtId: string, page: number) => useApiRead(lgeaReads.page(districtId, page), { placeholderData: keepPreviousData });
export const useAvailableLocalGovernments = (districtId: string) =>
  useApiRead(lgeaReads.availableLocalGovernments(districtId), { select: (answer) => answer.localGovernments });

export const lgeaMutations = {
  /** POST /staff/register-lga-admin-on-district-portal: the portal and its administrator (existing or new) in one go. */
  create: (values: NewLgea) => clientApi<LgeaCreated>(districtApi("staff/register-lga-admin-on-district-portal"), { method: "POST", json: values }),
};
