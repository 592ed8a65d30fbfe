import { NextResponse, type NextRequest } from "next/server";
import { refreshSession } from "@/lib/bff/upstream";
import { isGuestOnly, isOpen, routes } from "@/lib/routes";
import { contentSecurityPolicy, newNonce } from "@/lib/csp";
import { env } from "@/lib/env";
import {
  clearedCookieOptions,
  needsRefresh,
  NONCE_HEADER,
  sealSession,
  sessionCookieName,
  sessionCookieOptions,
  unsealSession,
  type SessionData,
} from "@/lib/session";

/** Server components read this to send a user back to the page they asked for (lib/server-api.ts). */
const PATH_HEADER = "x-portal-path";

/**
 * Route guard and token keeper. Auth-required pages send guests to /login (with `next`), guest-only
 * pages send every signed-in user to /dashboard (spec §2; a super administrator too: only / and the
 * sign-in itself send them to /super-admin), and a token near expiry is refreshed here, because server components
 * cannot set cookies: the new cookie goes on the forwarded request (for this render) and the response.
 * This is a convenience; every handler and server-side read checks the session again.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // Every page gets a fresh nonce: on the request (Next reads it there and puts it on its scripts; the
  // root layout hands it to the theme script) and in the response's policy.
  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development", https: env().PORTAL_URL?.startsWith("https:") ?? false });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  headers.set(NONCE_HEADER, nonce);
  const withPolicy = (response: NextResponse) => {
    response.headers.set("content-security-policy", csp);
    return response;
  };
  if (isOpen(pathname)) return withPolicy(NextResponse.next({ request: { headers } }));

  let session: SessionData | null = await unsealSession(request.cookies.get(sessionCookieName())?.value);
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
  } else if (!session && request.cookies.has(sessionCookieName())) {
    cookie = { value: "", clear: true }; // tampered or expired cookie
  }

  let response: NextResponse;
  if (isGuestOnly(pathname)) {
    response = session ? NextResponse.redirect(new URL(routes.dashboard, request.url)) : NextResponse.next({ request: { headers } });
  } else if (!session) {
    const login = new URL(routes.login, request.url);
    if (pathname !== "/") login.searchParams.set("next", pathname + search);
    response = NextResponse.redirect(login);
  } else {
    if (cookie) {
      request.cookies.set(sessionCookieName(), cookie.value);
      headers.set("cookie", request.headers.get("cookie") ?? "");
    }
    headers.set(PATH_HEADER, pathname + search);
    response = NextResponse.next({ request: { headers } });
  }
  if (cookie) response.cookies.set(sessionCookieName(), cookie.value, cookie.clear ? clearedCookieOptions() : sessionCookieOptions());
  return withPolicy(response);
}

export const config = {
  // Leave /api/** (Next's proxy buffers bodies and cuts them at 10 MB) and static files alone.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|images/|.*\\.(?:png|jpg|jpeg|svg|webp|ico|txt|xml)$).*)"],
};
