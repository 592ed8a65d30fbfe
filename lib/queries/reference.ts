import { useQuery } from "@tanstack/react-query";
import { clientApi, districtApi } from "../client-api";

/** GET /generic-apis/all-enum (spec §3 'Configuration data'). */
export type AllEnum = {
  countryCodeEnum: { country: string; iso: string; code: string }[];
  fullStateEnum: { name: string; countryCode: string; states: { state: string; lgas: string[] }[] }[];
  countryEnum: string[];
  titleEnum: string[];
  gender: string[];
  maritalStatusEnum: string[];
  defaults: { country: string; countryCode: string; localGovernment: string; state: string };
};

export const referenceKeys = { allEnum: ["reference", "all-enum"] as const };
export const allEnumPath = "generic-apis/all-enum";

/** Reference data never changes while the portal runs: read once a session. */
export const useAllEnum = () => useQuery({ queryKey: referenceKeys.allEnum, queryFn: () => clientApi<AllEnum>(districtApi(allEnumPath)), staleTime: Infinity });
