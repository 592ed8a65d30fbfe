import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What happened while the portal served one request, for the portal's own server (scripts/portal-server.ts)
 * to set the status Next cannot: a page that failed because an API was unavailable or too slow answers
 * 503 or 504 rather than 500, and the request's priority, for the API calls it makes. The store lives on globalThis because the server and Next's bundles each
 * load their own copy of this module.
 */
export type RequestOutcome = {
  upstreamFailure?: "timeout" | "unavailable";
  /** How the portal's door classed the request (scripts/portal-shedding.ts); the APIs' admission is told the same. */
  priority?: "interactive" | "background";
};

const holder = globalThis as typeof globalThis & { __portalRequestOutcomes?: AsyncLocalStorage<RequestOutcome> };
export const requestOutcomes: AsyncLocalStorage<RequestOutcome> = (holder.__portalRequestOutcomes ??= new AsyncLocalStorage<RequestOutcome>());

/** Notes that an API could not answer this request (the first reason is kept). */
export function noteUpstreamFailure(reason: "timeout" | "unavailable") {
  const outcome = requestOutcomes.getStore();
  if (outcome) outcome.upstreamFailure ??= reason;
}
