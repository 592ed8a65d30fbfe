import type { ConfigurationFormOutput, DistrictConfiguration } from "../contract/configuration";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/**
 * Query keys of the district configuration: the API answers the district the session works in, so the
 * key names that district (a super administrator who switches district reads the other one afresh).
 */
export const configurationKeys = {
  all: ["configuration"] as const,
  current: (districtId: string) => ["configuration", districtId] as const,
};

export const configurationReads = {
  current: (districtId: string) => apiRead<{ configuration: DistrictConfiguration }>(configurationKeys.current(districtId), "district-configuration/get"),
};

export const useConfiguration = (districtId: string) => useApiRead(configurationReads.current(districtId));

export const configurationMutations = {
  /** The form's values (amounts in kobo) with the version they were read at; 409 when someone changed it since. */
  update: (values: ConfigurationFormOutput) =>
    clientApi<{ message: string; configuration: DistrictConfiguration }>(districtApi("district-configuration/update"), { method: "PATCH", json: values }),
};
