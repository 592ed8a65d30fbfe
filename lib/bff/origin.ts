import "server-only";
import { env } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a mutating request must come from a page of this portal. Browsers send Origin on every
 * non-GET request; we compare it with the portal's public URL (or, when that is not configured, the
 * host the request was addressed to). Without Origin, Sec-Fetch-Site must not say cross-site.
 */
export function isForeignMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (!origin) {
    const site = request.headers.get("sec-fetch-site");
    return site !== null && site !== "same-origin" && site !== "none";
  }
  return !allowedOrigins(request).has(origin);
}

function allowedOrigins(request: Request): Set<string> {
  const allowed = new Set<string>();
  const configured = env().PORTAL_URL;
  if (configured) allowed.add(new URL(configured).origin);
  else {
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
    if (host) allowed.add(`${proto}://${host}`);
    allowed.add(new URL(request.url).origin);
  }
  return allowed;
}
