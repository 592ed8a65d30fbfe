import { NextResponse, type NextRequest } from "next/server";
import { authMessages } from "@/lib/contract/messages";
import { errorJson } from "@/lib/bff/json";
import { isForeignMutation } from "@/lib/bff/origin";
import { callPublic } from "@/lib/bff/public-call";
import { clearedCookieOptions, sessionCookieName, unsealSession } from "@/lib/session";

/** Ends the session at the API (its refresh-token family is revoked) and clears the cookie. */
export async function POST(request: NextRequest) {
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const session = await unsealSession(request.cookies.get(sessionCookieName())?.value);
  if (session) await callPublic(request, "POST", "/auth/logout", { refreshToken: session.refreshToken });
  const response = NextResponse.json({ message: "Logged out" });
  response.cookies.set(sessionCookieName(), "", clearedCookieOptions());
  return response;
}
