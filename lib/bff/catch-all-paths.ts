import type { ApiTarget } from "./upstream";

/** The resources the browser reaches through the catch-all, by their first path segment. */
const ALLOWED: Record<ApiTarget, ReadonlySet<string>> = {
  district: new Set([
    "audit",
    "auth",
    "class",
    "class-arm",
    "district",
    "district-configuration",
    "files",
    "generic-apis",
    "lgea",
    "notifications",
    "permission",
    // Two-step sign-in on the profile (turning it on or off, with a code).
    "profile",
    "role",
    "school",
    "staff",
    "statistics",
    "student",
    "super-admin",
  ]),
  // reconciliation: the super administrators' comparison of the provider's payments with the ledger.
  billing: new Set(["api-clients", "reconciliation", "transaction-logs", "wallet"]),
};

/** Calls only the BFF's own auth handlers make (they answer with tokens); the catch-all never passes them through. */
const BLOCKED = [
  /^auth\/(login|logout)$/,
  /^token\//,
  /^reset-code\//,
  /^staff\/reset-password$/,
  /^staff\/switch-role-access\//,
  /^super-admin\/switch-district$/,
  // Registration answers with tokens: only the BFF's own /api/auth/register sends it.
  /^staff\/register$/,
];

/**
 * Public calls of the district API a guest page makes (the registration page): the catch-all forwards
 * them without a session. The API limits each one per client address, which the BFF forwards.
 */
const GUEST = [
  /^generic-apis\/all-enum$/,
  /^district\/list-of-states-and-local-governments$/,
  /^staff\/register\/(state-portals|email-code|verify-email|challenge)$/,
  /^staff\/register\/username-exists\/[^/]+$/,
];

/** Whether a catch-all path (as `catchAllPath` answers it) may be called without signing in. */
export const isGuestPath = (target: ApiTarget, path: string) => target === "district" && GUEST.some((rule) => rule.test(path));

/**
 * The API path a catch-all request may go to, or null. Every segment must be a plain name (no empty,
 * `.` or `..` segment, no slash or backslash hidden by encoding), the first one of the allowed
 * resources, and the whole not one of the token-issuing calls.
 */
export function catchAllPath(target: ApiTarget, segments: readonly string[]): string | null {
  if (segments.length === 0) return null;
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === ".." || /[/\\]/.test(segment) || /%2e|%2f|%5c/i.test(segment)) return null;
  }
  if (!ALLOWED[target].has(segments[0] ?? "")) return null;
  const path = segments.map(encodeURIComponent).join("/");
  return BLOCKED.some((rule) => rule.test(path)) ? null : path;
}

const TOKEN_KEYS = new Set(["authorizationToken", "refreshToken"]);

/** A JSON answer without any token in it, wherever it sits: tokens live only in the session cookie. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !TOKEN_KEYS.has(key))
        .map(([key, v]) => [key, withoutTokens(v)]),
    );
  }
  return value;
}
