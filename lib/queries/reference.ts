import { apiRead, useApiRead, usePrefetchRead } from "./api-read";

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

export const referenceReads = { allEnum: () => apiRead<AllEnum>(referenceKeys.allEnum, "generic-apis/all-enum") };

/** Reference data never changes while the portal runs: read once a session. */
export const useAllEnum = () => useApiRead(referenceReads.allEnum(), { staleTime: Infinity });

/** Reads the reference data ahead of a form that shows it (see usePrefetchRead). */
export function usePrefetchAllEnum() {
  const prefetch = usePrefetchRead();
  return () => prefetch(referenceReads.allEnum(), Infinity);
}
