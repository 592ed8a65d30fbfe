import "server-only";
import { dehydrate } from "@tanstack/react-query";
import type { ApiRead } from "./queries/api-read";
import { getQueryClient } from "./query-client";
import { serverGet } from "./server-api";

/**
 * A query client for one server render: reads go into it under the keys the client hooks use, and
 * its dehydrated state goes to a HydrationBoundary, so the page has its data on first paint.
 */
export function serverQueries() {
  const client = getQueryClient();
  return {
    /** Reads and returns the data; throws ServerApiError (e.g. 404) for the page to handle. */
    fetch: <T>(read: ApiRead<T>) => client.fetchQuery({ queryKey: read.queryKey, queryFn: () => serverGet<T>(read.api, read.path) }),
    /** Reads in the background of the render; a failure leaves the client hook to retry and show it. */
    prefetch: <T>(read: ApiRead<T>) => client.prefetchQuery({ queryKey: read.queryKey, queryFn: () => serverGet<T>(read.api, read.path) }),
    state: () => dehydrate(client),
  };
}
