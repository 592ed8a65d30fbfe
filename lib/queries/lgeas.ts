import type { LgeaPage } from "../contract/lgea";
import { apiRead, useApiRead } from "./api-read";

/** Spec §9: lists are asked for 1,000 at a time; a district has far fewer LGEA offices. */
const ALL_LGEAS = 1000;

export const lgeaKeys = {
  all: ["lgeas"] as const,
  ofDistrict: (districtId: string) => ["lgeas", "of-district", districtId] as const,
};

export const lgeaReads = {
  /** GET /lgea/search with district[0], limit, page (spec §7): the district's LGEA offices. */
  ofDistrict: (districtId: string) =>
    apiRead<LgeaPage>(
      lgeaKeys.ofDistrict(districtId),
      `lgea/search?${new URLSearchParams({ "district[0]": districtId, limit: String(ALL_LGEAS), page: "1" })}`,
    ),
};

/** The district's LGEA offices as choices (id and name). */
export const useDistrictLgeas = (districtId: string, enabled = true) =>
  useApiRead(lgeaReads.ofDistrict(districtId), { select: (answer) => answer.lgeas.map(({ id, name }) => ({ id, name })), staleTime: 300_000, enabled });
