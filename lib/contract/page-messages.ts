/** The texts of the pages and banners every route carries (spec §8), re-exported by messages.ts. */
/** Any page may show it: the session ended (the API's 452), so the user signs in again. */
export const sessionEndedMessage = "Your session has ended. Please sign in again.";

export const offlineBanner = "Looks like you lost your internet.";

/** A change that never reached the portal (no connection): said plainly instead of the browser's 'Failed to fetch'. */
export const offlineSaveMessage = "You appear to be offline. Nothing was saved; try again when you are connected.";

/** A read that never reached the portal (no connection). */
export const offlineReadMessage = "You appear to be offline. Try again when you are connected.";

/** A page link followed without a connection: the portal says so instead of the browser's own error page. */
export const offlinePageMessage = "You appear to be offline. This page will open once you are connected again.";

export const errorPageTitles = { notFound: "Page Not Found", other: "An Error Occurred" } as const;

/** The digest a page error carries when the service was unavailable (the error's message never reaches the browser). */
export const serviceDigest = { unavailable: "service-unavailable", timeout: "service-timeout" } as const;

/**
 * The error page's explanation. A page that failed because the service was unavailable or too slow
 * carries a digest that says so (ServerApiError); anything else is a plain failure.
 */
export function pageErrorExplanation(digest: string | undefined): string {
  if (digest === serviceDigest.unavailable) return "The service is unavailable at the moment. Nothing you saved is lost; try again in a few seconds.";
  if (digest === serviceDigest.timeout) return "The service is taking too long to answer. Nothing you saved is lost; try again in a few seconds.";
  return "Something went wrong while showing this page. Try again, or go back home.";
}
