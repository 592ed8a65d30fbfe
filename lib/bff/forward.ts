import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { authMessages, JSON_BODY_LIMIT_BYTES } from "../contract/messages";
import { sealSession, sessionCookieName, sessionCookieOptions, unsealSession } from "../session";
import { catchAllPath, isGuestPath, withoutTokens } from "./catch-all-paths";
import { errorJson, loggedOutJson, unreachableJson } from "./json";
import { isForeignMutation } from "./origin";
import { readCapped } from "./read-capped";
import { callUpstream, clientIpOf, type ApiTarget } from "./upstream";

/** Bodies up to this size are buffered so a request can be replayed after a refresh; larger ones stream. */
const REPLAYABLE_BYTES = 1_000_000;

const SMALL_RESPONSE_BYTES = 256_000;

const REQUEST_HEADERS = ["accept", "content-type", "content-length", "if-match", "if-none-match"];
const RESPONSE_HEADERS = ["content-type", "content-length", "content-disposition", "cache-control", "etag", "last-modified", "retry-after"];

/**
 * The body to pass on. JSON is read here with the APIs' cap (a larger one is refused here, so a refusal
 * never happens halfway through sending it upstream, which breaks the pooled connection); small bodies are
 * buffered so a request can be replayed after a refresh; large uploads stream.
 */
async function readBody(request: NextRequest): Promise<{ body: BodyInit | null; replayable: boolean } | "too-large"> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return { body: null, replayable: true };
  if (/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    const bytes = await readCapped(request, JSON_BODY_LIMIT_BYTES);
    return bytes === null ? "too-large" : { body: bytes, replayable: true };
  }
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length <= REPLAYABLE_BYTES) return { body: await request.arrayBuffer(), replayable: true };
  return { body: request.body, replayable: false };
}

async function jsonWithoutTokens(upstream: Response): Promise<string> {
  const text = await upstream.text();
  if (!/"(authorizationToken|refreshToken)"/.test(text)) return text;
  try {
    return JSON.stringify(withoutTokens(JSON.parse(text)));
  } catch {
    return JSON.stringify({ message: authMessages.internal, code: "internal" });
  }
}

/**
 * The catch-all of `/api/district/**` and `/api/billing/**`: adds the bearer from the session cookie,
 * streams bodies both ways, refreshes once on 451 (shared by the session's concurrent requests) and
 * retries, and ends the session on 452.
 */
export async function forward(request: NextRequest, target: ApiTarget, segments: string[]): Promise<Response> {
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const path = catchAllPath(target, segments);
  if (path === null) return errorJson(404, "No such endpoint.", "not_found");

  const session = await unsealSession(request.cookies.get(sessionCookieName())?.value);
  if (!session && !isGuestPath(target, path)) return errorJson(401, authMessages.notSignedIn, "unauthenticated");

  const read = await readBody(request);
  if (read === "too-large") return errorJson(413, authMessages.bodyTooLarge, "too_large");
  const { body, replayable } = read;
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const result = await callUpstream({
    target,
    method: request.method,
    path: `${path}${request.nextUrl.search}`,
    session,
    clientIp: clientIpOf(request.headers),
    headers,
    body,
    refresh: { replayable },
  });
  if (result.kind === "unreachable") return unreachableJson(result.reason);
  if (result.kind === "logged-out") return loggedOutJson(result.message);
  if (result.kind === "expired") return errorJson(451, authMessages.tokenExpired, "token_expired");

  const upstream = result.response;
  const responseHeaders = new Headers();
  for (const name of RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  if (!responseHeaders.has("cache-control")) responseHeaders.set("cache-control", "no-store");
  // JSON is passed on whole, without any token that may be in it (tokens live only in the cookie);
  // other small answers whole too (cheaper than piping a stream); large ones and downloads stream.
  const length = Number(upstream.headers.get("content-length") ?? NaN);
  const isJson = /^application\/json\b/i.test(upstream.headers.get("content-type") ?? "");
  if (isJson) responseHeaders.delete("content-length");
  const payload = isJson
    ? await jsonWithoutTokens(upstream)
    : Number.isFinite(length) && length <= SMALL_RESPONSE_BYTES
      ? await upstream.arrayBuffer()
      : upstream.body;
  const response = new NextResponse(payload, { status: upstream.status, headers: responseHeaders });
  if (result.session) response.cookies.set(sessionCookieName(), await sealSession(result.session), sessionCookieOptions());
  return response;
}
