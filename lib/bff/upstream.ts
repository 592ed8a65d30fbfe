import "server-only";
import type { AuthResult } from "../contract/user";
import { env } from "../env";
import type { SessionData } from "../session";

export type ApiTarget = "district" | "billing";

export const apiBase = (target: ApiTarget) => (target === "district" ? env().DISTRICT_API_URL : env().BILLING_API_URL).replace(/\/$/, "");

/** Headers that let the API trust the client address we forward (rate limits count per address). */
export function internalHeaders(clientIp: string): Record<string, string> {
  return { "x-portal-internal-secret": env().INTERNAL_SECRET, "x-portal-client-ip": clientIp };
}

/**
 * The browser's address: the last X-Forwarded-For entry, which Next itself (or the proxy in front of
 * it) appended; entries before it are whatever the client claimed.
 */
export function clientIpOf(headers: Headers): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return chain.at(-1) ?? headers.get("x-real-ip") ?? "unknown";
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
    const response = await fetch(`${apiBase("district")}/token/refresh-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refreshToken: session.refreshToken }),
      cache: "no-store",
    });
    const body = (await response.json().catch(() => ({}))) as AuthResult & { message?: string };
    if (response.ok) return { kind: "refreshed", session: sessionFrom(body), result: body };
    if (response.status >= 500) throw new Error(`refresh failed with ${response.status}`);
    return { kind: "logged-out", message: body.message ?? "Your session has ended. Please sign in again." };
  })();
  inFlight.set(session.refreshToken, job);
  void job.finally(() => setTimeout(() => inFlight.delete(session.refreshToken), 5_000)).catch(() => {});
  return job;
}
