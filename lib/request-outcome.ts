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
  /** The request's id (scripts/portal-access.ts), sent on to the APIs and in every log line of the request. */
  requestId?: string;
  /** Who asked, by id, when the BFF knew the session: for the access line. */
  staffId?: string;
};

const holder = globalThis as typeof globalThis & { __portalRequestOutcomes?: AsyncLocalStorage<RequestOutcome> };
export const requestOutcomes: AsyncLocalStorage<RequestOutcome> = (holder.__portalRequestOutcomes ??= new AsyncLocalStorage<RequestOutcome>());

/**
 * The portal's log for code inside Next's bundles (the BFF), which do not load pino themselves: the
 * portal's server puts its logger here; elsewhere (unit tests) the console stands in.
 */
type LogCall = (fields: Record<string, unknown>, message: string) => void;
export type PortalLog = { info: LogCall; warn: LogCall; error: LogCall };
const logHolder = globalThis as typeof globalThis & { __portalLog?: PortalLog };
export const setPortalLog = (log: PortalLog) => void (logHolder.__portalLog = log);
export function portalLog(): PortalLog {
  return (
    logHolder.__portalLog ?? {
      info: (fields, message) => console.log(message, fields),
      warn: (fields, message) => console.warn(message, fields),
      error: (fields, message) => console.error(message, fields),
    }
  );
}

/** Notes who asked (by staff id), for the access line. */
export function noteStaff(staffId: string) {
  const outcome = requestOutcomes.getStore();
  if (outcome) outcome.staffId ??= staffId;
}

/** Notes that an API could not answer this request (the first reason is kept). */
export function noteUpstreamFailure(reason: "timeout" | "unavailable") {
  const outcome = requestOutcomes.getStore();
  if (outcome) outcome.upstreamFailure ??= reason;
}
