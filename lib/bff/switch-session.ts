import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { authMessages } from "../contract/messages";
import type { SwitchResult } from "../contract/session-switch";
import type { AuthResult } from "../contract/user";
import { clearedCookieOptions, sealSession, SESSION_COOKIE, sessionCookieOptions, unsealSession, type SessionData } from "../session";
import { errorJson } from "./json";
import { apiBase, clientIpOf, internalHeaders, publicUser, refreshSession, sessionFrom } from "./upstream";

type Call = { method: "GET" | "POST"; path: string; body?: unknown };

function send(request: NextRequest, session: SessionData, call: Call) {
  return fetch(`${apiBase("district")}/${call.path}`, {
    method: call.method,
    headers: {
      ...internalHeaders(clientIpOf(request.headers)),
      authorization: `Bearer ${session.accessToken}`,
      ...(call.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    cache: "no-store",
  });
}

const loggedOut = (message: string) => {
  const response = errorJson(452, message, "logged_out");
  response.cookies.set(SESSION_COOKIE, "", clearedCookieOptions());
  return response;
};

/**
 * An API call that answers with new tokens for the same person (switching organisation or district):
 * the tokens go into the session cookie and the browser gets the new user and where to go next, as
 * after signing in. An expired access token is refreshed once and the call retried.
 */
export async function switchSession(request: NextRequest, call: Call, redirectTo: (user: AuthResult) => string): Promise<NextResponse> {
  let session = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value);
  if (!session) return errorJson(401, authMessages.notSignedIn, "unauthenticated");
  try {
    let upstream = await send(request, session, call);
    if (upstream.status === 451) {
      // Read the small 451 answer to its end: cancelling its stream here never settled.
      await upstream.text().catch(() => "");
      const outcome = await refreshSession(session);
      if (outcome.kind === "logged-out") return loggedOut(outcome.message);
      session = outcome.session;
      upstream = await send(request, session, call);
    }
    const json = (await upstream.json().catch(() => ({ message: authMessages.internal }))) as AuthResult & { message?: string };
    if (upstream.status === 452) return loggedOut(json.message ?? authMessages.sessionExpired);
    if (!upstream.ok) return NextResponse.json(json, { status: upstream.status });
    const result: SwitchResult = { user: publicUser(json), redirectTo: redirectTo(json) };
    const response = NextResponse.json(result);
    response.cookies.set(SESSION_COOKIE, await sealSession(sessionFrom(json)), sessionCookieOptions());
    return response;
  } catch (error) {
    console.error("[bff] switch failed", call.path, error);
    return errorJson(502, authMessages.unreachable, "unreachable");
  }
}
