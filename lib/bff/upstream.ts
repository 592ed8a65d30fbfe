import "server-only";
import { authMessages } from "../contract/messages";
import type { AuthResult } from "../contract/user";
import { env } from "../env";
import { needsRefresh, type SessionData } from "../session";
import { noteStaff, noteUpstreamFailure, portalLog, requestOutcomes } from "../request-outcome";
import { REQUEST_ID_HEADER } from "../contract/request-id";
import { idleWatched } from "./idle-watch";

export type ApiTarget = "district" | "billing";

const apiBase = (target: ApiTarget) => (target === "district" ? env().DISTRICT_API_URL : env().BILLING_API_URL).replace(/\/$/, "");

/**
 * The browser's address, as the portal's server (scripts/portal-server.ts) decided it from the socket
 * and TRUSTED_PROXY_HOPS and wrote it into X-Forwarded-For, replacing whatever the client sent.
 */
export function clientIpOf(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || "unknown";
}

export type UpstreamRequest = {
  target?: ApiTarget;
  method: string;
  /** The API's path with its query, e.g. `school/search?page=2`. */
  path: string;
  /** Adds the session's bearer token. */
  session?: SessionData | null;
  /** The browser's address, forwarded with the shared secret so the API may trust it (rate limits). */
  clientIp?: string;
  headers?: Headers;
  /** A body as it is (bytes or a stream), or `json` to send as JSON. */
  body?: BodyInit | null;
  json?: unknown;
  /**
   * Where the new tokens can be written to the cookie, the session may be refreshed: once on a 451 and
   * the call sent again when the body can be sent twice (`replayable`), or else ahead of time when the
   * token is near expiry. Without it a 451 is `expired`.
   */
  refresh?: { replayable: boolean };
};

export type UpstreamResult =
  /** The API answered (any status but 451 and 452); `session` is set when it was refreshed on the way. */
  | { kind: "answer"; response: Response; session?: SessionData }
  /** 452, or a refresh that failed: the session has ended. */
  | { kind: "logged-out"; message: string }
  /** 451 where no refresh was allowed. */
  | { kind: "expired" }
  /** No answer: `timeout` when the API took longer than allowed (504), `unavailable` when it could not be reached (503). */
  | { kind: "unreachable"; reason: "timeout" | "unavailable" };

/** Waits after a dropped connection before a read is tried again: the API may be restarting. */
const READ_RETRY_DELAYS_MS = [250, 750];

/** Operations that may take long by nature (a large import's confirm, an upload, a whole-district download) get the long limit. */
const LONG_OPERATION = /(^|\/)(create-multiple-[a-z-]+|upload-multiple[a-z-]*|download)(\/|\?|$)/;

class UpstreamTimeout extends Error {}

/**
 * One call, with a limit on the wait for the API's answer (its headers): UPSTREAM_TIMEOUT_MS, or
 * LONG_UPSTREAM_TIMEOUT_MS for uploads and long operations. Bodies streamed either way are cut off once
 * their source is silent for STREAM_IDLE_TIMEOUT_MS, however long they take in all.
 */
async function sendOnce(request: UpstreamRequest, session: SessionData | null | undefined): Promise<Response> {
  const headers = new Headers(request.headers);
  // A person's page, sign-in or change is served first by the API too; it believes so only with the secret.
  const outcome = requestOutcomes.getStore();
  const interactive = outcome?.priority === "interactive";
  // The portal's request id goes with every call it makes, so both tiers' lines of one request share it.
  if (outcome?.requestId) headers.set(REQUEST_ID_HEADER, outcome.requestId);
  if (request.clientIp || interactive) headers.set("x-portal-internal-secret", env().INTERNAL_SECRET);
  if (request.clientIp) headers.set("x-portal-client-ip", request.clientIp);
  if (interactive) headers.set("x-portal-priority", "interactive");
  if (session) headers.set("authorization", `Bearer ${session.accessToken}`);
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, cache: "no-store", redirect: "manual" };
  if (request.json !== undefined) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(request.json);
  }
  const controller = new AbortController();
  const giveUp = () => controller.abort(new UpstreamTimeout());
  if (request.body instanceof ReadableStream) {
    // Streamed rather than held in memory, and given up when the uploader goes silent.
    init.body = idleWatched(request.body, env().STREAM_IDLE_TIMEOUT_MS, giveUp, "drain");
    init.duplex = "half";
  } else if (request.body) init.body = request.body;
  const long = init.duplex === "half" || LONG_OPERATION.test(request.path);
  const timer = setTimeout(giveUp, long ? env().LONG_UPSTREAM_TIMEOUT_MS : env().UPSTREAM_TIMEOUT_MS);
  try {
    const response = await fetch(`${apiBase(request.target ?? "district")}/${request.path.replace(/^\//, "")}`, { ...init, signal: controller.signal });
    // A body that stops coming (a stuck API halfway through a download) is cut off rather than held open.
    if (!response.body) return response;
    const body = idleWatched(response.body, env().STREAM_IDLE_TIMEOUT_MS, giveUp);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (error) {
    throw controller.signal.aborted ? new UpstreamTimeout() : error;
  } finally {
    clearTimeout(timer);
  }
}

/** A read is tried again after a dropped connection (not after a timeout: a stuck API stays stuck); a write never is. */
async function send(request: UpstreamRequest, session: SessionData | null | undefined): Promise<Response> {
  const retries = request.method === "GET" || request.method === "HEAD" ? READ_RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(request, session);
    } catch (error) {
      const delay = retries[attempt];
      if (error instanceof UpstreamTimeout || delay === undefined) throw error;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** The one way the portal's server side calls an API: bearer, forwarded address, the 451/452 policy. */
export async function callUpstream(request: UpstreamRequest): Promise<UpstreamResult> {
  let session = request.session;
  if (session) noteStaff(session.staffId);
  let refreshed: SessionData | undefined;
  const refresh = async (current: SessionData) => {
    const outcome = await refreshSession(current);
    if (outcome.kind === "refreshed") session = refreshed = outcome.session;
    return outcome;
  };
  try {
    // A body that cannot be sent twice goes with a fresh token; an already expired one saves the 451 round trip.
    if (request.refresh && session && needsRefresh(session) && (!request.refresh.replayable || session.accessExpiresAt <= Date.now())) {
      const outcome = await refresh(session);
      if (outcome.kind === "logged-out") return outcome;
    }
    let response = await send(request, session);
    if (response.status === 451) {
      // Read the small 451 answer to its end: cancelling its stream once left a call hanging.
      await response.text().catch(() => "");
      if (!request.refresh?.replayable || !session || refreshed) return { kind: "expired" };
      const outcome = await refresh(session);
      if (outcome.kind === "logged-out") return outcome;
      response = await send(request, session);
    }
    if (response.status === 452) {
      const { message } = (await response.json().catch(() => ({}))) as { message?: string };
      return { kind: "logged-out", message: message ?? authMessages.sessionExpired };
    }
    return { kind: "answer", response, session: refreshed };
  } catch (error) {
    const reason = error instanceof UpstreamTimeout ? "timeout" : "unavailable";
    noteUpstreamFailure(reason);
    portalLog().error(
      {
        requestId: requestOutcomes.getStore()?.requestId,
        method: request.method,
        api: request.target ?? "district",
        // The API's path without its query (which can hold what was searched for).
        path: request.path.split("?")[0],
        reason,
        error: error instanceof Error ? error.name : typeof error,
        cause: ((error as { cause?: { code?: unknown } })?.cause?.code as string | undefined) ?? undefined,
      },
      "upstream call failed",
    );
    return { kind: "unreachable", reason };
  }
}

export function sessionFrom(result: AuthResult): SessionData {
  const now = Date.now();
  return {
    accessToken: result.authorizationToken,
    refreshToken: result.refreshToken,
    accessExpiresAt: result.accessTokenExpiresAt,
    accessLifetimeMs: Math.max(1000, result.accessTokenExpiresAt - now),
    staffId: result.staff.id,
    isSuperAdmin: result.staff.isSuperAdmin,
  };
}

/** Strips the tokens: what the browser may see of an auth result. */
export function publicUser(result: AuthResult) {
  const { authorizationToken: _a, refreshToken: _r, accessTokenExpiresAt: _e, ...user } = result;
  return user;
}

export type RefreshOutcome = { kind: "refreshed"; session: SessionData; result: AuthResult } | { kind: "logged-out"; message: string };

// One refresh in flight per refresh token in this process: concurrent requests of a session share it.
// Other processes (proxy.ts's bundle, other instances) rely on the API's grace window instead.
const inFlight = new Map<string, Promise<RefreshOutcome>>();

export function refreshSession(session: SessionData): Promise<RefreshOutcome> {
  const existing = inFlight.get(session.refreshToken);
  if (existing) return existing;
  const job = (async (): Promise<RefreshOutcome> => {
    const response = await send({ method: "POST", path: "token/refresh-token", json: { refreshToken: session.refreshToken } }, null);
    const body = (await response.json().catch(() => ({}))) as AuthResult & { message?: string };
    if (response.ok) return { kind: "refreshed", session: sessionFrom(body), result: body };
    if (response.status >= 500) throw new Error(`refresh failed with ${response.status}`);
    return { kind: "logged-out", message: body.message ?? authMessages.sessionExpired };
  })();
  inFlight.set(session.refreshToken, job);
  void job.finally(() => setTimeout(() => inFlight.delete(session.refreshToken), 5_000)).catch(() => {});
  return job;
}
