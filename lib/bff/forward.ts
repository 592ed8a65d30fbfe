import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { authMessages } from "../contract/messages";
import { clearedCookieOptions, needsRefresh, sealSession, SESSION_COOKIE, sessionCookieOptions, unsealSession, type SessionData } from "../session";
import { errorJson } from "./json";
import { isForeignMutation } from "./origin";
import { apiBase, clientIpOf, internalHeaders, refreshSession, type ApiTarget } from "./upstream";

/** Calls only the BFF's own auth handlers make (they answer with tokens); the catch-all never passes them through. */
const BLOCKED = [
  /^auth\/(login|logout)\/?$/,
  /^token\//,
  /^reset-code\//,
  /^staff\/reset-password\/?$/,
  /^staff\/switch-role-access\//,
  /^super-admin\/switch-district\/?$/,
];

/** Bodies up to this size are buffered so a request can be replayed after a refresh; larger ones stream. */
const REPLAYABLE_BYTES = 1_000_000;

const SMALL_RESPONSE_BYTES = 256_000;

const REQUEST_HEADERS = ["accept", "content-type", "content-length", "if-match", "if-none-match"];
const RESPONSE_HEADERS = ["content-type", "content-length", "content-disposition", "cache-control", "etag", "last-modified"];

type Body = { kind: "none" } | { kind: "buffered"; bytes: ArrayBuffer } | { kind: "stream"; stream: ReadableStream<Uint8Array> };

async function readBody(request: NextRequest): Promise<Body> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return { kind: "none" };
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length <= REPLAYABLE_BYTES) return { kind: "buffered", bytes: await request.arrayBuffer() };
  return { kind: "stream", stream: request.body };
}

function send(request: NextRequest, target: ApiTarget, path: string, session: SessionData, body: Body) {
  const headers = new Headers(internalHeaders(clientIpOf(request.headers)));
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("authorization", `Bearer ${session.accessToken}`);
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, cache: "no-store", redirect: "manual" };
  if (body.kind === "buffered") init.body = body.bytes;
  if (body.kind === "stream") {
    init.body = body.stream;
    init.duplex = "half"; // stream the upload instead of holding it in memory
  }
  return fetch(`${apiBase(target)}/${path}${request.nextUrl.search}`, init);
}

/**
 * The catch-all of `/api/district/**` and `/api/billing/**`: adds the bearer from the session cookie,
 * streams bodies both ways, refreshes once on 451 (shared by the session's concurrent requests) and
 * retries, and ends the session on 452.
 */
export async function forward(request: NextRequest, target: ApiTarget, segments: string[]): Promise<Response> {
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const path = segments.map(encodeURIComponent).join("/");
  if (BLOCKED.some((rule) => rule.test(path))) return errorJson(404, "No such endpoint.", "not_found");

  let session = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value);
  if (!session) return errorJson(401, authMessages.notSignedIn, "unauthenticated");
  let refreshed = false;

  const loggedOut = (message: string) => {
    const response = errorJson(452, message, "logged_out");
    response.cookies.set(SESSION_COOKIE, "", clearedCookieOptions());
    return response;
  };
  const refresh = async () => {
    const outcome = await refreshSession(session as SessionData);
    if (outcome.kind === "logged-out") return outcome.message;
    session = outcome.session;
    refreshed = true;
    return null;
  };

  try {
    const body = await readBody(request);
    // A streamed body cannot be sent twice, so refresh ahead of time rather than after a 451.
    if (needsRefresh(session) && (body.kind === "stream" || session.accessExpiresAt <= Date.now())) {
      const ended = await refresh();
      if (ended) return loggedOut(ended);
    }
    let upstream = await send(request, target, path, session, body);
    if (upstream.status === 451 && body.kind !== "stream" && !refreshed) {
      await upstream.body?.cancel();
      const ended = await refresh();
      if (ended) return loggedOut(ended);
      upstream = await send(request, target, path, session, body);
    }
    if (upstream.status === 452) {
      const { message } = (await upstream.json().catch(() => ({}))) as { message?: string };
      return loggedOut(message ?? authMessages.sessionExpired);
    }
    const headers = new Headers();
    for (const name of RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
    // Small answers are passed on whole (cheaper than piping a stream); large ones and downloads stream.
    const length = Number(upstream.headers.get("content-length") ?? NaN);
    const payload = Number.isFinite(length) && length <= SMALL_RESPONSE_BYTES ? await upstream.arrayBuffer() : upstream.body;
    const response = new NextResponse(payload, { status: upstream.status, headers });
    if (refreshed) response.cookies.set(SESSION_COOKIE, await sealSession(session), sessionCookieOptions());
    return response;
  } catch (error) {
    console.error("[bff] upstream call failed", target, path, error);
    return errorJson(502, authMessages.unreachable, "unreachable");
  }
}
