import "server-only";
import { env } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a mutating request must come from a page of this portal. Browsers send Origin on every
 * non-GET request; we compare it with the portal's public URL, or, when that is not configured, with
 * the loopback addresses of the portal's port (never with the Host header, which any client other than
 * a browser writes as it likes). Without Origin, Sec-Fetch-Site must not say cross-site.
 */
export function isForeignMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (!origin) {
    const site = request.headers.get("sec-fetch-site");
    return site !== null && site !== "same-origin" && site !== "none";
  }
  return !allowedOrigins().has(origin);
}

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

function allowedOrigins(): Set<string> {
  const { PORTAL_URL, PORT } = env();
  if (PORTAL_URL) return new Set([new URL(PORTAL_URL).origin]);
  return new Set(LOOPBACK.map((host) => `http://${host}:${PORT}`));
}
