import type { ApiClientItem, IssuedApiKey } from "../contract/billing-values";
import { billingApi, clientApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/** The result-processing systems' API keys (billing API, super administrators only). */
export const apiClientKeys = {
  all: ["api-clients"] as const,
  ofDistrict: (districtId: string) => ["api-clients", districtId] as const,
};

export const apiClientReads = {
  ofDistrict: (districtId: string) =>
    apiRead<{ clients: ApiClientItem[] }>(apiClientKeys.ofDistrict(districtId), `api-clients?${new URLSearchParams({ district: districtId })}`, "billing"),
};

export const useApiClients = (districtId: string) => useApiRead(apiClientReads.ofDistrict(districtId), { enabled: Boolean(districtId) });

export const apiClientMutations = {
  issue: (body: { districtId: string; name: string }) => clientApi<IssuedApiKey>(billingApi("api-clients"), { method: "POST", json: body }),
  revoke: (id: string) => clientApi<{ message: string; client: ApiClientItem }>(billingApi(`api-clients/${encodeURIComponent(id)}/revoke`), { method: "POST" }),
};
