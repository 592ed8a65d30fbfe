import { QueryClient, isServer } from "@tanstack/react-query";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Above zero so data prefetched on the server is not fetched again at once in the browser.
      queries: { staleTime: 60_000, retry: (count, error) => count < 2 && !(error as { status?: number }).status, refetchOnWindowFocus: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** A new client per server request; one for the whole life of the browser tab. */
export function getQueryClient() {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
