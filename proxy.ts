import { NextResponse, type NextRequest } from "next/server";
import { refreshSession } from "@/lib/bff/upstream";
import { isGuestOnly, isOpen, landingPath, routes } from "@/lib/routes";
import { clearedCookieOptions, needsRefresh, sealSession, SESSION_COOKIE, sessionCookieOptions, unsealSession, type SessionData } from "@/lib/session";

/** Server components read this to send a user back to the page they asked for (lib/server-api.ts). */
const PATH_HEADER = "x-portal-path";

/**
 * Route guard and token keeper. Auth-required pages send guests to /login (with `next`), guest-only
 * pages send signed-in users on, and a token near expiry is refreshed here, because server components
 * cannot set cookies: the new cookie goes on the forwarded request (for this render) and the response.
 * This is a convenience; every handler and server-side read checks the session again.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isOpen(pathname)) return NextResponse.next();

  let session: SessionData | null = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value);
  let cookie: { value: string; clear: boolean } | null = null;
  if (session && needsRefresh(session)) {
    try {
      const outcome = await refreshSession(session);
      if (outcome.kind === "refreshed") {
        session = outcome.session;
        cookie = { value: await sealSession(session), clear: false };
      } else {
        session = null;
        cookie = { value: "", clear: true };
      }
    } catch {
      // The API is unreachable: keep the session; the page will show the error.
    }
  } else if (!session && request.cookies.has(SESSION_COOKIE)) {
    cookie = { value: "", clear: true }; // tampered or expired cookie
  }

  let response: NextResponse;
  if (isGuestOnly(pathname)) {
    response = session ? NextResponse.redirect(new URL(landingPath(session.isSuperAdmin), request.url)) : NextResponse.next();
  } else if (!session) {
    const login = new URL(routes.login, request.url);
    if (pathname !== "/") login.searchParams.set("next", pathname + search);
    response = NextResponse.redirect(login);
  } else {
    if (cookie) request.cookies.set(SESSION_COOKIE, cookie.value);
    const headers = new Headers(request.headers);
    headers.set(PATH_HEADER, pathname + search);
    response = NextResponse.next({ request: { headers } });
  }
  if (cookie) response.cookies.set(SESSION_COOKIE, cookie.value, cookie.clear ? clearedCookieOptions() : sessionCookieOptions());
  return response;
}

export const config = {
  // Leave /api/** (Next's proxy buffers bodies and cuts them at 10 MB) and static files alone.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|images/|.*\\.(?:png|jpg|jpeg|svg|webp|ico|txt|xml)$).*)"],
};
