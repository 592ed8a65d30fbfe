import "server-only";
import { sealData, unsealData } from "iron-session";
import { env } from "./env";

/** What the encrypted, httpOnly session cookie holds: the tokens and little else (4 KB limit). */
export type SessionData = {
  accessToken: string;
  refreshToken: string;
  /** ms since epoch */
  accessExpiresAt: number;
  accessLifetimeMs: number;
  staffId: string;
  isSuperAdmin: boolean;
};

/** Over https the cookie is named __Host-: the browser then takes it only Secure, for this host, on path /. */
const servedOverHttps = () => env().PORTAL_URL?.startsWith("https:") ?? false;
export const sessionCookieName = () => (servedOverHttps() ? "__Host-portal_session" : "portal_session");

/** The request header that carries a page's CSP nonce from proxy.ts to the root layout. */
export const NONCE_HEADER = "x-nonce";
const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export async function sealSession(data: SessionData): Promise<string> {
  return sealData(data, { password: env().SESSION_SECRET, ttl: SESSION_TTL_SECONDS });
}

// Unsealing costs about 1.5 ms (key derivation through WebCrypto) on every request; the same cookie
// comes back on every call of a session, so its opened value is kept for a minute in this process.
const opened = new Map<string, { data: SessionData; until: number }>();
const OPENED_FOR_MS = 60_000;
const OPENED_MAX = 5_000;

/** A missing, expired or tampered cookie reads as no session. */
export async function unsealSession(value: string | undefined): Promise<SessionData | null> {
  if (!value) return null;
  const cached = opened.get(value);
  if (cached && cached.until > Date.now()) return cached.data;
  try {
    const data = await unsealData<Partial<SessionData>>(value, { password: env().SESSION_SECRET, ttl: SESSION_TTL_SECONDS });
    if (!(data.accessToken && data.refreshToken && data.staffId)) return null;
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string);
    opened.set(value, { data: data as SessionData, until: Date.now() + OPENED_FOR_MS });
    return data as SessionData;
  } catch {
    return null;
  }
}

/** Secure follows the portal's public scheme, not NODE_ENV, so plain http on a LAN address still works. */
export function sessionCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, secure: servedOverHttps(), path: "/", maxAge: SESSION_TTL_SECONDS };
}

export const clearedCookieOptions = () => ({ ...sessionCookieOptions(), maxAge: 0 });

/** Time to refresh when the token has expired or less than a fraction of its lifetime remains. */
export function needsRefresh(session: SessionData, now = Date.now()): boolean {
  return session.accessExpiresAt - now <= session.accessLifetimeMs * env().TOKEN_REFRESH_FRACTION;
}
