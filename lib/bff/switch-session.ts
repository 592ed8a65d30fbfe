import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { authMessages } from "../contract/messages";
import type { SwitchResult } from "../contract/session-switch";
import type { AuthResult } from "../contract/user";
import { sealSession, sessionCookieName, sessionCookieOptions, unsealSession } from "../session";
import { errorJson, loggedOutJson, unreachableJson } from "./json";
import { callUpstream, clientIpOf, publicUser, sessionFrom } from "./upstream";

type Call = { method: "GET" | "POST"; path: string; body?: unknown };

/**
 * An API call that answers with new tokens for the same person (switching organisation or district):
 * the tokens go into the session cookie and the browser gets the new user and where to go next, as
 * after signing in. An expired access token is refreshed once and the call retried.
 */
export async function switchSession(request: NextRequest, call: Call, redirectTo: (user: AuthResult) => string): Promise<NextResponse> {
  const session = await unsealSession(request.cookies.get(sessionCookieName())?.value);
  if (!session) return errorJson(401, authMessages.notSignedIn, "unauthenticated");
  const result = await callUpstream({
    method: call.method,
    path: call.path,
    session,
    clientIp: clientIpOf(request.headers),
    json: call.body,
    refresh: { replayable: true },
  });
  if (result.kind === "unreachable") return unreachableJson(result.reason);
  if (result.kind === "logged-out") return loggedOutJson(result.message);
  if (result.kind === "expired") return errorJson(451, authMessages.tokenExpired, "token_expired");
  const json = (await result.response.json().catch(() => ({ message: authMessages.internal }))) as AuthResult & { message?: string };
  if (!result.response.ok) return NextResponse.json(json, { status: result.response.status });
  const response = NextResponse.json({ user: publicUser(json), redirectTo: redirectTo(json) } satisfies SwitchResult);
  response.cookies.set(sessionCookieName(), await sealSession(sessionFrom(json)), sessionCookieOptions());
  return response;
}
