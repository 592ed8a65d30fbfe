import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { billingApi, clientApi, districtApi } from "../client-api";
import type { ApiTarget } from "../bff/upstream";

/**
 * A read of the district API (or, with `api: "billing"`, the billing API): its query key and its path.
 * Resource modules (`lib/queries/<resource>.ts`) define them once; the browser's hooks and the server's
 * prefetch (lib/server-prefetch.ts) both use them, so a page prefetches exactly what its components will ask for.
 */
export type ApiRead<T> = { queryKey: QueryKey; path: string; api: ApiTarget; readonly __result?: T };

export const apiRead = <T>(queryKey: QueryKey, path: string, api: ApiTarget = "district"): ApiRead<T> => ({ queryKey, path, api });

/** The BFF address of a read. */
export const readUrl = (read: ApiRead<unknown>) => (read.api === "billing" ? billingApi(read.path) : districtApi(read.path));

/** The one way a component reads: React Query over the BFF. */
export function useApiRead<T, S = T>(read: ApiRead<T>, options: Omit<UseQueryOptions<T, Error, S>, "queryKey" | "queryFn"> = {}) {
  return useQuery({ queryKey: read.queryKey, queryFn: () => clientApi<T>(readUrl(read)), ...options });
}

/**
 * Starts a read before the component that needs it is shown (on the intent to open it: a pointer over the
 * button, the focus on it), so its data and the component's code come down side by side. A read that is
 * cached and fresher than `staleTime` is not fetched again.
 */
export function usePrefetchRead() {
  const client = useQueryClient();
  return <T>(read: ApiRead<T>, staleTime = 0) => void client.prefetchQuery({ queryKey: read.queryKey, queryFn: () => clientApi<T>(readUrl(read)), staleTime });
}
